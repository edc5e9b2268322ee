/**
 * `npm test`: type-checks, builds the two site configurations (support/build.ts SITE_BUILDS) once,
 * starts one Chromium, and runs every test file, all in parallel where they do not wait on each
 * other. Each file's group comes from its name, never from what its source happens to contain:
 *
 * | File name             | Group     | Runs                                                        |
 * |-----------------------|-----------|-------------------------------------------------------------|
 * | `NAME.test.ts`        | unit      | at once; reads no build, starts no browser                  |
 * | `NAME.build.test.ts`  | build     | at once; makes builds of its own (edited copies, a watcher) |
 * | `NAME.site.test.ts`   | site      | when the shared builds are done; reads them                 |
 * | `NAME.browser.test.ts`| browser   | when the builds and the browser are ready; drives the shared Chromium (support/browser.ts) |
 *
 * Unit, build and site files each share one process per group. The browser files are shared out
 * among one process per core, longest first by their times in the last run, so the processes
 * finish together; each drives its pages in the one Chromium at the same time as the others. (A
 * Node process costs about a second of CPU to start, so a process per file spends the cores on
 * starting.) The type checks are incremental. What a run keeps for the next, the times and the
 * type checks' state, is in node_modules/.cache/exp-bank-tests. A file in tests/ named like
 * a test that fits no group stops the run before anything starts, and a file that does what its
 * group does not provide fails (support/build.ts `requireGroup`). Nothing here judges speed: the run
 * prints its time and its slowest files. A process still running after HANG_GUARD_MINUTES is
 * stopped and fails, so a hung test cannot hold the run forever.
 *
 * Every folder the run makes lives in one scratch folder, on the RAM disk /dev/shm where there is
 * one, removed at the end: after a failure and after Ctrl-C too.
 *
 * `node tests/run.ts engine a11y` (on Node 24: `node_modules/.bin/node`) runs only the test files
 * whose names contain those words, without the type check.
 */
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { mkdtemp, readdir } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import type { BrowserServer } from "playwright-core";
import { GROUP_VARIABLE, ROOT, runBuild, SITE_BUILDS, siteVariable } from "./support/build.ts";
import { BROWSER_VARIABLE, launchSharedBrowser } from "./support/browser.ts";

const TESTS = path.join(ROOT, "tests");
const HANG_GUARD_MINUTES = 10;

type GroupName = "unit" | "build" | "site" | "browser";
const GROUPS: { name: GroupName; suffix: RegExp; label: string; processes: "one" | "one per core" }[] = [
  { name: "browser", suffix: /\.browser\.test\.ts$/, label: "Browser tests", processes: "one per core" },
  { name: "site", suffix: /\.site\.test\.ts$/, label: "Tests of the shared builds", processes: "one" },
  { name: "build", suffix: /\.build\.test\.ts$/, label: "Tests that make their own builds", processes: "one" },
  { name: "unit", suffix: /^[^.]+\.test\.ts$/, label: "Unit tests", processes: "one" },
];
/** What one run leaves for the next: each test file's seconds, the type checks' state. */
const CACHE = path.join(ROOT, "node_modules/.cache/exp-bank-tests");
const TIMES_FILE = path.join(CACHE, "times.json");
/** Replaces `file` whole (written beside it, then renamed), so another run reads the old or the new, never half. */
function keep(file: string, content: string | Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const beside = `${file}.${process.pid}`;
  writeFileSync(beside, content);
  renameSync(beside, file);
}

const started = performance.now();
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

const only = process.argv.slice(2);
const allFiles = (await readdir(TESTS)).filter((file) => /\.test\./.test(file)).sort();
const unfit = allFiles.filter((file) => GROUPS.filter((group) => group.suffix.test(file)).length !== 1);
if (unfit.length > 0) {
  console.error(`These files in tests/ fit no test group, so they would not run:\n${unfit.map((file) => `  tests/${file}`).join("\n")}\nName each one NAME.test.ts (unit), NAME.build.test.ts (makes its own builds), NAME.site.test.ts (reads the shared builds) or NAME.browser.test.ts (drives the shared Chromium); see tests/run.ts.`);
  process.exit(1);
}
const files = allFiles.filter((file) => only.length === 0 || only.some((word) => file.includes(word)));
if (files.length === 0) throw new Error(`No test file in tests/ matches ${only.join(", ")}`);
const groupOf = (file: string) => GROUPS.find((group) => group.suffix.test(file))!;

const scratch = await mkdtemp(path.join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "exp-bank-tests-"));
/** Stops the shared builds when the run is interrupted. */
const interrupted = new AbortController();
/** The test processes' ids; each leads its own process group, with its browsers and builds. */
const running = new Set<number>();
let browserServer: BrowserServer | undefined;
const stopAll = () => {
  for (const pid of running) {
    try {
      process.kill(-pid, "SIGTERM");
    } catch {
      // That process group has already exited.
    }
  }
};
process.on("exit", () => {
  stopAll();
  rmSync(scratch, { recursive: true, force: true });
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    interrupted.abort();
    process.exit(130);
  });
}

interface Job {
  label: string;
  code: number;
  output: string;
  /** Each test file's seconds, as the process measured them. */
  times: Record<string, number>;
}

/** Runs a command in its own process group, stopped by the hang guard; resolves with its code and everything it printed. */
function runProcess(label: string, command: string, args: string[], env: Record<string, string>, timesFile?: string): Promise<Job> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env, EXP_BANK_TEST_SCRATCH: scratch }, stdio: ["ignore", "pipe", "pipe"], detached: true });
    running.add(child.pid!);
    let output = "";
    let hung = false;
    const guard = setTimeout(() => {
      hung = true;
      process.kill(-child.pid!, "SIGTERM");
    }, HANG_GUARD_MINUTES * 60_000);
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code, signal) => {
      clearTimeout(guard);
      running.delete(child.pid!);
      if (hung) output += `\nStopped: still running after ${HANG_GUARD_MINUTES} minutes, so something in it waits for an event that never comes.\n`;
      let times: Record<string, number> = {};
      if (timesFile && existsSync(timesFile)) times = JSON.parse(readFileSync(timesFile, "utf8")) as Record<string, number>;
      resolve({ label, code: hung ? 1 : code ?? (signal ? 1 : 0), output, times });
    });
  });
}

let processes = 0;
/** Runs test files in one process of support/run-files.ts. */
function runFiles(label: string, names: string[], env: Record<string, string>): Promise<Job> {
  const timesFile = path.join(scratch, `times-${(processes += 1)}.json`);
  return runProcess(label, process.execPath, [path.join(TESTS, "support/run-files.ts"), ...names], { ...env, EXP_BANK_TEST_TIMES: timesFile }, timesFile);
}

const wanted = (name: GroupName) => files.filter((file) => groupOf(file).name === name);
const needsBuilds = files.some((file) => ["site", "browser"].includes(groupOf(file).name));
const needsBrowser = wanted("browser").length > 0;

const shared: Promise<Record<string, string>> = !needsBuilds
  ? Promise.resolve({})
  : Promise.all(
      SITE_BUILDS.map(async (config) => {
        const output = path.join(scratch, `site-${config.name}`);
        const result = await runBuild(ROOT, output, config.siteUrl, config.env, interrupted.signal);
        if (!result.ok) throw new Error(`The build for SITE_URL=${config.siteUrl} failed:\n${result.output}`);
        return [siteVariable(config.name), output] as const;
      }),
    ).then((built) => {
      console.log(`Built ${SITE_BUILDS.map((config) => config.siteUrl).join(" and ")} in ${seconds(started)}.`);
      return Object.fromEntries(built);
    });
const browser: Promise<Record<string, string>> = !needsBrowser
  ? Promise.resolve({})
  : launchSharedBrowser().then((server) => {
      browserServer = server;
      return { [BROWSER_VARIABLE]: server.wsEndpoint() };
    });

let earlierTimes: Record<string, number> = {};
try {
  earlierTimes = JSON.parse(readFileSync(TIMES_FILE, "utf8")) as Record<string, number>;
} catch {
  // No run has kept its times yet (or they are unreadable): the files are shared out evenly.
}

/**
 * Shares `names` out among at most `count` lists whose times in earlier runs add up about the same:
 * the longest first, each to the list with the least so far. A file with no earlier time counts as
 * the mean of those with one, so a new file does not all land in one list.
 */
function shareOut(names: string[], count: number): string[][] {
  const known = names.map((name) => earlierTimes[name]).filter((time) => time !== undefined);
  const guess = known.length > 0 ? known.reduce((sum, time) => sum + time, 0) / known.length : 1;
  const timeOf = (name: string) => earlierTimes[name] ?? guess;
  const lists = Array.from({ length: Math.min(count, names.length) }, () => ({ names: [] as string[], total: 0 }));
  for (const name of [...names].sort((a, b) => timeOf(b) - timeOf(a) || a.localeCompare(b))) {
    const least = lists.reduce((best, list) => (list.total < best.total ? list : best));
    least.names.push(name);
    least.total += timeOf(name);
  }
  return lists.map((list) => list.names.sort());
}

const jobs: Promise<Job>[] = [];
// The site (tsconfig.json, the writer's install alone), then the tests (tests/tsconfig.json).
// What `npm run typecheck` checks: the site with the writer's types, then the tests with the tooling's.
if (only.length === 0) {
  const tsc = path.join(TESTS, "node_modules/.bin/tsc");
  /**
   * Incremental: a check re-reads only what changed since the last run (and what depends on it).
   * It works on a copy of the kept state in the run's scratch folder, and the new state replaces
   * the kept one whole, so two runs at once never read a half-written state.
   */
  const check = async (label: string, project: string, name: string): Promise<Job> => {
    const kept = path.join(CACHE, `tsc-${name}.tsbuildinfo`);
    const working = path.join(scratch, `tsc-${name}.tsbuildinfo`);
    if (existsSync(kept)) copyFileSync(kept, working);
    const job = await runProcess(label, tsc, ["--noEmit", "-p", project, "--incremental", "--tsBuildInfoFile", working], {});
    if (existsSync(working)) keep(kept, readFileSync(working));
    return job;
  };
  jobs.push(check("Type check of the site", ".", "site"), check("Type check of the tests", "tests", "tests"));
}
for (const group of GROUPS) {
  const names = wanted(group.name);
  if (names.length === 0) continue;
  const ready = group.name === "browser" ? Promise.all([shared, browser]).then(([sites, endpoint]) => ({ ...sites, ...endpoint })) : group.name === "site" ? shared : Promise.resolve({});
  const batches = group.processes === "one" ? [names] : shareOut(names, availableParallelism());
  for (const batch of batches) {
    const label = `${group.label}: ${group.processes === "one" && batch.length > 1 ? `${batch.length} files` : batch.join(", ")}`;
    jobs.push(ready.then(
      (env) => runFiles(label, batch, { ...env, [GROUP_VARIABLE]: group.name }),
      (error: Error) => ({ label, code: 1, output: `${error.message}\n`, times: {} }),
    ));
  }
}

// Each process's report is printed whole, so the reports never interleave.
const results = await Promise.all(jobs);
await browserServer?.close();
let failed = false;
const times: [string, number][] = [];
for (const result of results) {
  if (result.output.trim() || result.code !== 0) console.log(`${result.label}${result.code === 0 ? "" : " (failed)"}:\n${result.output.trim() || `exit code ${result.code}`}\n`);
  if (result.code !== 0) failed = true;
  times.push(...Object.entries(result.times));
}
keep(TIMES_FILE, JSON.stringify({ ...earlierTimes, ...Object.fromEntries(times) }, null, 1));
const slowest = times.sort((a, b) => b[1] - a[1]).slice(0, 5);
if (slowest.length > 0) console.log(`Slowest files: ${slowest.map(([file, time]) => `${file} ${time.toFixed(1)} s`).join(", ")}.`);
console.log(`${failed ? "Failed" : "Passed"}: ${files.length} test files in ${seconds(started)}.`);
process.exitCode = failed ? 1 : 0;
