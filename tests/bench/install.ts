/**
 * Install size and time on a fresh clone of the committed project (in a RAM disk where one exists),
 * with npm's cache as this machine has it: the writer's path (`npm ci`: what building and serving
 * need; target ≤ 80 MB of packages, not counting a Node runtime brought because the system's is
 * too old) and the full test path (then the test tooling that `npm test` installs).
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import { ROOT } from "../support/build.ts";
import { SYSTEM_PATH } from "../support/system.ts";
import type { BenchRow, BenchSection } from "./types.ts";

const run = promisify(execFile);
const SCRATCH = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();
/** The npm running `npm run bench`, on this Node. */
const NPM = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ["npm"];

async function megabytes(folder: string): Promise<number> {
  const { stdout } = await run("du", ["-sk", folder]);
  return Number(stdout.split("\t")[0]) / 1024;
}

async function timed(command: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const started = performance.now();
  await run(command[0]!, command.slice(1), { cwd, env, maxBuffer: 16 * 1024 * 1024 });
  return performance.now() - started;
}

const installBench: BenchSection = async () => {
  const scratch = await mkdtemp(path.join(SCRATCH, "exp-bank-install-"));
  const clone = path.join(scratch, "clone");
  try {
    await run("git", ["clone", "--quiet", ROOT, clone]);
    // The system's npm, as a writer runs it: the clone's postinstall brings Node where it is too old.
    const writer = await timed(["npm", "ci", "--no-audit", "--no-fund"], clone, {
      ...process.env,
      PATH: SYSTEM_PATH,
    });
    const writerSize = await megabytes(path.join(clone, "node_modules"));
    const runtime = existsSync(path.join(clone, ".node"))
      ? ` (plus ${(await megabytes(path.join(clone, ".node"))).toFixed(0)} MB of Node runtime in .node/, ` +
        "brought because the system Node is too old)"
      : "";
    const tests = await timed([...NPM, "ci", "--prefix", "tests", "--no-audit", "--no-fund"], clone);
    const testsSize = await megabytes(path.join(clone, "tests/node_modules"));
    return [
      {
        metric: `writer's path, \`npm ci\`, packages in node_modules${runtime}`,
        value: `${writerSize.toFixed(0)} MB`,
        target: "≤ 80 MB",
      },
      { metric: "writer's path, `npm ci` time (npm cache warm)", value: `${(writer / 1000).toFixed(1)} s` },
      {
        metric: "test path, test tooling (tests/node_modules) added by `npm test`",
        value: `${testsSize.toFixed(0)} MB`,
      },
      {
        metric: "test path, total packages and install time",
        value: `${(writerSize + testsSize).toFixed(0)} MB, ${((writer + tests) / 1000).toFixed(1)} s`,
      },
    ];
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
};

export default installBench;
