/** Parts 1 and 2: cold builds of this site paired with a bare Eleventy site, then both +1,000 pages. */
import path from "node:path";
import { addPages, BARE_BUILD, bareSite, median } from "./common.ts";
import { projectCopy, ratio, SITE_BUILD, timedBuild } from "./common.ts";

const [PAIRS, EXTRA_PAIRS, EXTRA] = [7, 3, 1000]; // pairs of cold builds; pairs with extra pages; extra pages
type Timing = { wall: number; cpu: number };
const middle = (runs: Timing[]) => ({
  wall: median(runs.map((t) => t.wall)),
  cpu: median(runs.map((t) => t.cpu)),
});

/** Builds the site and the bare site in turn (A B A B …), `pairs` times; the medians of each. */
async function paired(site: string, bare: string, pairs: number): Promise<[Timing, Timing]> {
  const [own, plain] = [[] as Timing[], [] as Timing[]];
  for (let pair = 0; pair < pairs; pair++) {
    own.push(await timedBuild(site, SITE_BUILD));
    plain.push(await timedBuild(bare, BARE_BUILD));
  }
  return [middle(own), middle(plain)];
}

const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
function printPair(title: string, [site, bare]: [Timing, Timing], unit = secs): void {
  console.log(`${title}\n    this site       ${unit(site.wall)} wall, ${unit(site.cpu)} CPU`);
  console.log(`    bare Eleventy   ${unit(bare.wall)} wall, ${unit(bare.cpu)} CPU`);
  console.log(`    ratio           ${ratio(site.wall, bare.wall)} wall, ${ratio(site.cpu, bare.cpu)} CPU`);
}

/** The front matter a page of content/pages/ needs; `order` puts the extra pages after the site's own. */
const head = (n: number) =>
  `title: Extra ${n}\ndescription: A generated page.\nnavLabel: Extra ${n}\norder: ${9 + n}`;

export async function buildBench(): Promise<void> {
  const [site, bare] = [await projectCopy(), await bareSite()];
  const base = await paired(site, bare, PAIRS);
  printPair(`1. Cold build, medians of ${PAIRS} pairs, A B A B (target: wall ratio ≤ 2.2)`, base);

  await addPages(path.join(site, "content/pages"), EXTRA, head, "extra-");
  await addPages(path.join(bare, "extra"), EXTRA, (n) => `title: Extra ${n}\nlayout: layout.njk`);
  const more = await paired(site, bare, EXTRA_PAIRS);
  printPair(`2. +${EXTRA} Markdown pages in each, medians of ${EXTRA_PAIRS} pairs (report only)`, more);
  const extra = (i: 0 | 1) => ({ wall: more[i].wall - base[i].wall, cpu: more[i].cpu - base[i].cpu });
  const perPage = (ms: number) => `${(ms / EXTRA).toFixed(2)} ms`;
  printPair(`    cost per extra page (beyond part 1's medians)`, [extra(0), extra(1)], perPage);
}
