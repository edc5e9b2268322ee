/**
 * `npm test`: type-checks, builds the two site configurations (support/build.ts SITE_BUILDS) once,
 * starts one Chromium, and runs every test file with uvu's command (`uvu DIR PATTERN`), all in
 * parallel where they do not wait on each other. A test file's folder is its group: tests/unit/,
 * tests/builds/, tests/site/ or tests/browser/. The groups, what each may do and what the run
 * readies before it starts them, are in support/groups.ts. A test file left in tests/ itself stops
 * the run before anything starts, naming the folder it belongs in.
 *
 * Each group's files are shared out among one uvu process per core, longest first by their times
 * in the last run, so a group's processes finish together and no group waits on one long chain of
 * files; the browser processes drive their pages in the one Chromium at the same time. (A Node
 * process costs about a second of CPU to start, so a process per file spends the cores on
 * starting.) The type checks are incremental. What a run keeps for the next, the times and the
 * type checks' state, is in node_modules/.cache/exp-bank-tests. Nothing here judges speed: the run
 * prints its time and its slowest files. A process still running after HANG_GUARD_MINUTES is
 * stopped and fails, so a hung test cannot hold the run forever.
 *
 * Every folder the run makes lives in one scratch folder, on the RAM disk /dev/shm where there is
 * one, removed at the end: after a failure and after Ctrl-C too.
 *
 * `node tests/run.ts engine browser/` (on Node 24: `node_modules/.bin/node`) runs only the test
 * files whose paths under tests/ contain those words, without the type check.
 */
import { spawn } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { mkdtemp, readdir } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import type { BrowserServer } from "playwright-core";
import { ROOT, runBuild, SITE_BUILDS, siteVariable } from "./support/build.ts";
import { BROWSER_VARIABLE, chromiumPath, launchSharedBrowser } from "./support/browser.ts";
import { GROUP_VARIABLE, GROUPS, type GroupName } from "./support/groups.ts";

const TESTS = path.join(ROOT, "tests");
const UVU = path.join(TESTS, "node_modules/uvu/bin.js");
const HANG_GUARD_MINUTES = 10;

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

/** Where a test file in tests/ itself belongs, by the group its name gave it before groups were folders. */
function folderFor(file: string): string {
  const [, name, group] = /^(.*?)(?:\.(build|site|browser))?\.test\.ts$/.exec(file)!;
  const folder = group === "build" ? "builds" : (group ?? "unit");
  return `tests/${folder}/${name}.test.ts`;
}
const strays = (await readdir(TESTS)).filter((file) => file.endsWith(".test.ts"));
if (strays.length > 0) {
  const moves = strays.map((file) => `  tests/${file}: move it to ${folderFor(file)}`).join("\n");
  const groups = "(The groups are in tests/support/groups.ts.)";
  console.error(`These test files are in no group folder, so they would not run:\n${moves}\n${groups}`);
  process.exit(1);
}

/** The test files in `group`'s folder, as `group/name.test.ts`. */
async function filesOf(group: GroupName): Promise<string[]> {
  const files = await readdir(path.join(TESTS, group), { recursive: true });
  return files.filter((file) => file.endsWith(".test.ts")).map((file) => `${group}/${file}`);
}
const allFiles = (await Promise.all(GROUPS.map(({ name }) => filesOf(name)))).flat().sort();
const only = process.argv.slice(2);
const files = allFiles.filter((file) => only.length === 0 || only.some((word) => file.includes(word)));
if (files.length === 0) throw new Error(`No test file in tests/ matches ${only.join(", ")}`);
const wanted = (group: GroupName) => files.filter((file) => file.startsWith(`${group}/`));

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
  /** Each test file's seconds, from uvu's line naming the file to the next such line or the end. */
  times: Record<string, number>;
}

/** Each marked file's seconds: from its mark to the next file's, or to `end`. */
function timesOf(marks: [string, number][], end: number): Record<string, number> {
  const until = (index: number) => marks[index + 1]?.[1] ?? end;
  return Object.fromEntries(marks.map(([file, start], index) => [file, (until(index) - start) / 1000]));
}

/**
 * Runs a command in its own process group, stopped by the hang guard; resolves with its code,
 * everything it printed, and the times of the test `files` (`group/name`) whose names uvu printed.
 */
function runProcess(
  label: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  files: string[] = [],
) {
  return new Promise<Job>((resolve) => {
    const variables = { ...process.env, ...env, EXP_BANK_TEST_SCRATCH: scratch };
    const options = { cwd: ROOT, env: variables, detached: true };
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    running.add(child.pid!);
    let output = "";
    let hung = false;
    const marks: [string, number][] = [];
    const guard = setTimeout(() => {
      hung = true;
      process.kill(-child.pid!, "SIGTERM");
    }, HANG_GUARD_MINUTES * 60_000);
    child.stdout.on("data", (chunk: Buffer) => {
      // uvu prints each file's name, relative to the folder it was given, on a line of its own as the file starts.
      for (const line of String(chunk).split("\n")) {
        const file = files.find((name) => name.endsWith(`/${line.trim()}`));
        if (file) marks.push([file, performance.now()]);
      }
      output += chunk;
    });
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code, signal) => {
      clearTimeout(guard);
      running.delete(child.pid!);
      const why = "so something in it waits for an event that never comes";
      if (hung) output += `\nStopped: still running after ${HANG_GUARD_MINUTES} minutes, ${why}.\n`;
      resolve({
        label,
        code: hung ? 1 : (code ?? (signal ? 1 : 0)),
        output,
        times: timesOf(marks, performance.now()),
      });
    });
  });
}

/** Runs test files of one group in one process of uvu's command: it imports them all, then runs every suite in turn. */
function runFiles(
  label: string,
  group: GroupName,
  names: string[],
  env: Record<string, string>,
): Promise<Job> {
  const pattern = `^(?:${names.map((name) => path.relative(group, name).replaceAll(".", "\\.")).join("|")})$`;
  // No colours: the tests read the output of the builds they start, which would inherit FORCE_COLOR.
  const args = [UVU, path.join("tests", group), pattern, "--no-color"];
  return runProcess(label, process.execPath, args, { ...env, [GROUP_VARIABLE]: group }, names);
}

/** What a group may need, started only when a group of this run needs it. */
const needed = (need: string) =>
  GROUPS.some((group) => (group.needs as readonly string[]).includes(need) && wanted(group.name).length > 0);
const sites: Promise<Record<string, string>> = !needed("sites")
  ? Promise.resolve({})
  : Promise.all(
      SITE_BUILDS.map(async (config) => {
        const output = path.join(scratch, `site-${config.name}`);
        const result = await runBuild(ROOT, output, config.siteUrl, config.env, interrupted.signal);
        if (!result.ok) throw new Error(`The build for SITE_URL=${config.siteUrl} failed:\n${result.output}`);
        return [siteVariable(config.name), output] as const;
      }),
    ).then((built) => {
      console.log(
        `Built ${SITE_BUILDS.map((config) => config.siteUrl).join(" and ")} in ${seconds(started)}.`,
      );
      return Object.fromEntries(built);
    });
const browser: Promise<Record<string, string>> = !needed("browser")
  ? Promise.resolve({})
  : chromiumPath().then(async (executable) => {
      browserServer = await launchSharedBrowser(executable);
      // The browser just checked, as CHROME_PATH, so a file that launches its own does not check it again.
      return { [BROWSER_VARIABLE]: browserServer.wsEndpoint(), CHROME_PATH: executable };
    });
const NEEDS: Record<string, Promise<Record<string, string>>> = { sites, browser };

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
  const lists = Array.from({ length: Math.min(count, names.length) }, () => ({
    names: [] as string[],
    total: 0,
  }));
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
    const args = ["--noEmit", "-p", project, "--incremental", "--tsBuildInfoFile", working];
    const job = await runProcess(label, tsc, args, {});
    if (existsSync(working)) keep(kept, readFileSync(working));
    return job;
  };
  jobs.push(check("Type check of the site", ".", "site"), check("Type check of the tests", "tests", "tests"));
}
for (const { name: group, needs } of GROUPS) {
  const names = wanted(group);
  if (names.length === 0) continue;
  const ready = Promise.all(needs.map((need) => NEEDS[need]!)).then((envs) => Object.assign({}, ...envs));
  for (const batch of shareOut(names, availableParallelism())) {
    const which = batch.map((name) => path.basename(name)).join(", ");
    const label = `tests/${group}/: ${which}`;
    jobs.push(
      ready.then(
        (env) => runFiles(label, group, batch, env),
        (error: Error) => ({ label, code: 1, output: `${error.message}\n`, times: {} }),
      ),
    );
  }
}

// Each process's report is printed whole, so the reports never interleave.
const results = await Promise.all(jobs);
await browserServer?.close();
let failed = false;
const times: [string, number][] = [];
for (const result of results) {
  const report = result.output.trim() || `exit code ${result.code}`;
  const failure = result.code === 0 ? "" : " (failed)";
  if (result.output.trim() || result.code !== 0) console.log(`${result.label}${failure}:\n${report}\n`);
  if (result.code !== 0) failed = true;
  times.push(...Object.entries(result.times));
}
keep(TIMES_FILE, JSON.stringify({ ...earlierTimes, ...Object.fromEntries(times) }, null, 1));
const slowest = times.sort((a, b) => b[1] - a[1]).slice(0, 5);
const list = slowest.map(([file, time]) => `${file} ${time.toFixed(1)} s`).join(", ");
if (slowest.length > 0) console.log(`Slowest files: ${list}.`);
console.log(`${failed ? "Failed" : "Passed"}: ${files.length} test files in ${seconds(started)}.`);
process.exitCode = failed ? 1 : 0;
