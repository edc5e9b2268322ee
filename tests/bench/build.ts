/** Parts 1 and 2: cold builds of this site paired with a bare Eleventy site, then both +1,000 pages. */
import path from "node:path";
import { addPages, BARE_BUILD, bareSite, median } from "./common.ts";
import { projectCopy, ratio, SITE_BUILD, timedBuild } from "./common.ts";

/** Pairs of cold builds; pairs with the extra pages; extra pages. */
const [PAIRS, EXTRA_PAIRS, EXTRA] = [7, 3, 1000];
type Timing = { wall: number; cpu: number };
const middle = (runs: Timing[]) => ({
  wall: median(runs.map((t) => t.wall)),
  cpu: median(runs.map((t) => t.cpu)),
});

/** Builds the site and the bare site in turn (A B A B …), `pairs` times; the medians of each. */
async function paired(site: string, bare: string, pairs: number): Promise<[Timing, Timing]> {
  const [own, plain]: Timing[][] = [[], []];
  for (let pair = 0; pair < pairs; pair++) {
    own!.push(await timedBuild(site, SITE_BUILD));
    plain!.push(await timedBuild(bare, BARE_BUILD));
  }
  return [middle(own!), middle(plain!)];
}

function printPair(title: string, [site, bare]: [Timing, Timing]): void {
  const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`${title}\n    this site       ${secs(site.wall)} wall, ${secs(site.cpu)} CPU`);
  console.log(`    bare Eleventy   ${secs(bare.wall)} wall, ${secs(bare.cpu)} CPU`);
  console.log(`    ratio           ${ratio(site.wall, bare.wall)} wall, ${ratio(site.cpu, bare.cpu)} CPU`);
}

/** The front matter a page of content/pages/ needs; `order` puts the extra pages after the site's own. */
const head = (n: number) =>
  `title: Extra ${n}\ndescription: A generated page.\nnavLabel: Extra ${n}\norder: ${9 + n}`;

export async function buildBench(): Promise<void> {
  const [site, bare] = [await projectCopy(), await bareSite()];
  const base = await paired(site, bare, PAIRS);
  printPair(`1. Cold build, medians of ${PAIRS} pairs, A B A B (target: wall ratio ≤ 2.0)`, base);

  await addPages(path.join(site, "content/pages"), EXTRA, head, "extra-");
  await addPages(path.join(bare, "extra"), EXTRA, (n) => `title: Extra ${n}\nlayout: layout.njk`);
  const more = await paired(site, bare, EXTRA_PAIRS);
  printPair(`2. +${EXTRA} Markdown pages in each, medians of ${EXTRA_PAIRS} pairs (report only)`, more);
  const [own, plain] = [0, 1].map((i) => (more[i]!.wall - base[i]!.wall) / EXTRA) as [number, number];
  console.log(`    per extra page  this site ${own.toFixed(2)} ms, bare ${plain.toFixed(2)} ms (wall)`);
  console.log(`    ratio           ${ratio(own, plain)}`);
}
