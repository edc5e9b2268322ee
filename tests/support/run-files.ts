/**
 * One test process of `npm test` (tests/run.ts): runs the test files named on the command line the
 * way uvu's command does (every file imported, then every suite in turn) and writes each file's
 * time, import included, as JSON to the file `EXP_BANK_TEST_TIMES` names, for the run's list of the
 * slowest files. The times are reported, never asserted.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "./build.ts";

type Run = () => Promise<unknown>;
const uvuGlobals = globalThis as unknown as { UVU_DEFER: number; UVU_INDEX: number; UVU_QUEUE: [string, ...Run[]][] };

// As uvu's own command: suites queue up while the files load, and run when `exec` is called.
uvuGlobals.UVU_DEFER = 1;
const { exec } = await import("uvu");

const files = process.argv.slice(2);
const seconds = new Map<string, number>();
const add = (file: string, since: number) => seconds.set(file, (seconds.get(file) ?? 0) + (performance.now() - since) / 1000);

for (const [index, file] of files.entries()) {
  uvuGlobals.UVU_INDEX = index;
  uvuGlobals.UVU_QUEUE.push([file]);
  const started = performance.now();
  await import(pathToFileURL(path.join(ROOT, "tests", file)).href);
  add(file, started);
}
for (const queued of uvuGlobals.UVU_QUEUE) {
  const [file, ...runs] = queued;
  const timed = runs.map((run): Run => async () => {
    const started = performance.now();
    try {
      return await run();
    } finally {
      add(file, started);
    }
  });
  queued.splice(1, runs.length, ...timed);
}
await exec();
if (process.env.EXP_BANK_TEST_TIMES) writeFileSync(process.env.EXP_BANK_TEST_TIMES, JSON.stringify(Object.fromEntries(seconds)));
// Every suite has run: a handle some test left open must not keep the process, and the run, waiting.
process.exit();
