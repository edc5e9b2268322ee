/**
 * `npm run bench` prints figures and judges none; `npm run bench -- build save lcp size` runs the parts
 * named. All run on copies under /dev/shm (the work tree's files as git lists them, node_modules linked).
 * A ratio is this site's median / the baseline's. The 1-minute load average closes the report: on a
 * loaded machine every time stretches.
 *
 * 1. build: `npm run build`'s command with no `_site/`, no node_modules/.cache, paired
 *    A B A B with a bare Eleventy site (empty config, 18 small Markdown pages, a minimal layout) on the
 *    same Eleventy and Node. Medians of wall clock and of the CPU (user + system) of the processes the
 *    build waits for (not esbuild's service, which exits on its own: ~0.3 s more). Target: wall ≤ 2.2.
 * 2. build: the same pair with 1,000 more Markdown pages in each; (median with them - part 1's median) /
 *    1,000 is what one more page costs, in ms. Report only.
 * 3. save: `npm start` on a copy and bare `eleventy --serve`, the page open in headless Chromium; ms from
 *    writing a file to its new content on screen, for a Markdown page, a rank's name (tsx watch restarts
 *    Eleventy) and a stylesheet colour, against a Markdown edit of the bare site. After a restart the
 *    open page reconnects only on focus, so fresh loads polled every 50 ms race it: the report says how
 *    often the open page showed the change first. Target: Markdown ≤ 2.0× bare.
 * 4. lcp: Largest Contentful Paint of /, /docs/, /api/, /auth/ and a one-request 1 KB page, served
 *    gzipped on loopback, in Chromium with 4× CPU throttling, 150 ms RTT and 1.6 Mbps, interleaved;
 *    medians (and the fastest run), and the ratio to the 1 KB page. Target: ≤ 1.2.
 * 5. size: every script the homepage runs, gzip -9, less the rank table, as the size test counts them
 *    (tests/support/homepage-scripts.ts), against the 20 KB (20 × 1024 bytes) budget.
 */
import os from "node:os";
import { buildBench } from "./bench/build.ts";
import { lcpBench, sizeBench } from "./bench/built.ts";
import { saveBench } from "./bench/save.ts";

const PARTS = { build: buildBench, save: saveBench, lcp: lcpBench, size: sizeBench };

async function main(names: string[]): Promise<void> {
  const unknown = names.filter((name) => !(name in PARTS));
  if (unknown.length) throw new Error(`No part ${unknown}: the parts are ${Object.keys(PARTS)}`);
  console.log(`EXP Bank Calculator bench: Node ${process.version}, ${os.cpus().length} CPUs`);
  for (const [name, part] of Object.entries(PARTS)) if (!names.length || names.includes(name)) await part();
  console.log(`Load average (1 minute) at the end: ${os.loadavg()[0]!.toFixed(2)}`);
}

// An error ends the run with exit code 1; every end cleans up (tests/bench/common.ts).
main(process.argv.slice(2)).then(() => process.exit(0));
