/**
 * A browser process of `npm test` (tests/run.ts starts two): it runs the files named, one after another
 * as `uvu tests/browser FILE` does, each file in the first process free for it, with the process's one
 * Chromium (support/browser.ts `testBrowser`), closed once it is done, so that the process ends.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { parse } from "uvu/parse";
import { run } from "uvu/run";
import { closeTestBrowser } from "./browser.ts";

const [claims, ...files] = process.argv.slice(2);
const { suites } = await parse("tests/browser");
/** Whether this process takes `file`: the first to make its folder in `claims` (shared by the processes). */
const taken = (file: string) => mkdirSync(path.join(claims!, file), { recursive: true }) !== undefined;
let failed = false;
try {
  for (const file of files) {
    if (!taken(file)) continue;
    // uvu 0.5 keeps each file it ran in its queue, with no public reset, and `run` runs them all: emptied.
    (globalThis as { UVU_QUEUE?: unknown[] }).UVU_QUEUE?.splice(0);
    await run(suites.filter(({ name }) => name === file));
    failed ||= process.exitCode === 1;
  }
} finally {
  await closeTestBrowser();
}
process.exitCode = failed ? 1 : 0;
