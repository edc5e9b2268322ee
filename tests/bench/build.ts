/**
 * Parts 1 and 2: the cold build of this site paired with a bare Eleventy site of 18 pages, then the
 * same pair with 1,000 extra Markdown pages in each.
 */
import path from "node:path";
import {
  addPages,
  BARE_BUILD,
  bareSite,
  median,
  projectCopy,
  ratio,
  seconds,
  SITE_BUILD,
  timedBuild,
} from "./common.ts";

const PAIRS = 7;
const EXTRA_PAIRS = 3;
const EXTRA_PAGES = 1000;

interface Medians {
  wall: number;
  cpu: number;
}

/** Builds the site and the bare site in turn, `pairs` times (A B A B …); each one's medians. */
async function paired(site: string, bare: string, pairs: number): Promise<[Medians, Medians]> {
  const runs: [Medians[], Medians[]] = [[], []];
  for (let pair = 0; pair < pairs; pair++) {
    runs[0].push(await timedBuild(site, SITE_BUILD));
    runs[1].push(await timedBuild(bare, BARE_BUILD));
  }
  const medians = (list: Medians[]) => ({
    wall: median(list.map((run) => run.wall)),
    cpu: median(list.map((run) => run.cpu)),
  });
  return [medians(runs[0]), medians(runs[1])];
}

function printPair(label: string, [site, bare]: [Medians, Medians]): void {
  console.log(`  ${label}`);
  console.log(`    this site      ${seconds(site.wall)} wall, ${seconds(site.cpu)} CPU`);
  console.log(`    bare Eleventy  ${seconds(bare.wall)} wall, ${seconds(bare.cpu)} CPU`);
  console.log(`    ratio          ${ratio(site.wall, bare.wall)} wall, ${ratio(site.cpu, bare.cpu)} CPU`);
}

/** The front matter a page in content/pages/ needs; `order` puts the extra pages after the site's own. */
const sitePage = (n: number) =>
  `title: Extra page ${n}\ndescription: A generated page of the benchmark, one of many alike.\n` +
  `navLabel: Extra ${n}\norder: ${100 + n}`;

export async function buildBench(): Promise<void> {
  const [site, bare] = [await projectCopy(), await bareSite()];
  console.log("1. Cold build, no cache (this site: the command of `npm run build`; bare: 18 Markdown pages)");
  await timedBuild(site, SITE_BUILD); // one unpaired warm-up pair: the OS's file cache, not a build cache
  await timedBuild(bare, BARE_BUILD);
  const base = await paired(site, bare, PAIRS);
  printPair(`medians of ${PAIRS} pairs, A B A B (target: wall ratio ≤ 2.0)`, base);

  console.log(
    `2. Cost per extra page, +${EXTRA_PAGES.toLocaleString("en")} Markdown pages in each (report only)`,
  );
  await addPages(path.join(site, "content/pages"), EXTRA_PAGES, sitePage, "extra-");
  await addPages(path.join(bare, "extra"), EXTRA_PAGES, (n) => `title: Extra page ${n}\nlayout: layout.njk`);
  const more = await paired(site, bare, EXTRA_PAIRS);
  printPair(`medians of ${EXTRA_PAIRS} pairs with the extra pages`, more);
  const perPage = (index: 0 | 1) => (more[index].wall - base[index].wall) / EXTRA_PAGES;
  console.log(
    `    per extra page: this site ${perPage(0).toFixed(2)} ms, bare ${perPage(1).toFixed(2)} ms, ` +
      `ratio ${ratio(perPage(0), perPage(1))} (wall, beyond each one's cold-build median)`,
  );
}
