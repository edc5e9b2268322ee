/**
 * `npm run bench`: prints figures, judges none. `npm run bench -- build save lcp size` runs only the
 * parts named (none named: all). Everything runs in copies of the project under /dev/shm (the work
 * tree's files as git lists them, node_modules linked), never in the project itself; the machine's
 * 1-minute load average is printed at the end, since a loaded machine stretches every time.
 *
 * 1. build, cold: the command of `npm run build` (tsx, Eleventy, this config) on a copy with no
 *    `_site/`, no node_modules/.cache and tsx's cache off, against a bare Eleventy site (empty
 *    config, 18 small Markdown pages, one minimal layout) built by the same Eleventy on the same
 *    Node, paired A B A B. Medians of the wall clock and of the child's CPU time (user + system);
 *    the ratio is this site / bare. Target: wall ratio ≤ 2.0.
 * 2. build, per extra page: the same pair with 1,000 more Markdown pages in each; (median with
 *    them - median of part 1) / 1,000 is what one more page costs, in ms. Report only.
 * 3. save, save to screen: `npm start` on a copy and bare `eleventy --serve` on the bare site, the
 *    page open in headless Chromium; from writing a file to the new content visible. Edits: a
 *    Markdown page, a rank's name (tsx watch restarts Eleventy), a colour of the stylesheet; the
 *    baseline is a Markdown edit of the bare site. Medians; ratios to the baseline (target for
 *    Markdown: ≤ 2.0). Each line says where the change was first seen: in the open page, or in a
 *    fresh load of the page polled every 50 ms (the restart's case: Eleventy's page reconnects only
 *    on focus or visibility).
 * 4. lcp: Largest Contentful Paint of /, /docs/, /api/, /auth/ and a one-request 1 KB page, built
 *    and served gzipped on loopback, in Chromium with 4× CPU throttling and a 150 ms RTT, 1.6 Mbps
 *    link, rounds interleaved; medians, and each page's ratio to the 1 KB page (target ≤ 1.2).
 * 5. size: the homepage's JavaScript, gzip -9 of `assets/calculator.js` plus gzip -9 of the inline
 *    `<script type="module">`, against its 20 KB (20 × 1024 bytes) budget.
 */
import os from "node:os";
import { buildBench } from "./bench/build.ts";
import { cleanUp } from "./bench/common.ts";
import { lcpBench } from "./bench/lcp.ts";
import { saveBench } from "./bench/save.ts";
import { sizeBench } from "./bench/size.ts";

const PARTS: Record<string, () => Promise<void>> = {
  build: buildBench,
  save: saveBench,
  lcp: lcpBench,
  size: sizeBench,
};

async function main(names: string[]): Promise<void> {
  const unknown = names.filter((name) => !(name in PARTS));
  if (unknown.length)
    throw new Error(`No part ${unknown.join(", ")}; the parts: ${Object.keys(PARTS).join(", ")}`);
  console.log(`EXP Bank Calculator bench, Node ${process.version}, ${os.cpus().length} CPUs`);
  for (const [name, part] of Object.entries(PARTS)) if (!names.length || names.includes(name)) await part();
  console.log(`Load average (1 min) at the end: ${os.loadavg()[0]!.toFixed(2)}`);
}

process.once("SIGINT", () => void cleanUp().then(() => process.exit(130)));
main(process.argv.slice(2))
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
