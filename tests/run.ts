/**
 * `npm test` after the type check: builds the two site configurations (support/build.ts
 * SITE_BUILDS) once, in parallel, and runs the test files in four processes at once. Files that
 * never read the shared builds start at once; the files that call `builtSite` start when both
 * builds are done and get their folders through environment variables. Every folder the
 * run makes lives in one scratch folder, on the RAM disk /dev/shm where there is one, removed at
 * the end: after a failure and after Ctrl-C too.
 *
 * `node tests/run.ts engine a11y` (on Node 24: `node_modules/.bin/node`) runs only the test files
 * whose names contain those words.
 */
import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT, runBuild, SITE_BUILDS, siteVariable } from "./support/build.ts";

const TESTS = path.join(ROOT, "tests");
const UVU = path.join(TESTS, "node_modules/uvu/bin.js");

const scratch = await mkdtemp(path.join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "exp-bank-tests-"));
/** Stops the shared builds when the run is interrupted. */
const interrupted = new AbortController();
/** The test processes' ids; each leads its own process group, with its browsers and builds. */
const running = new Set<number>();
process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    interrupted.abort();
    for (const pid of running) {
      try {
        process.kill(-pid, "SIGTERM");
      } catch {
        // That process group has already exited.
      }
    }
    process.exit(130);
  });
}

const only = process.argv.slice(2);
const files = (await readdir(TESTS)).filter((file) => file.endsWith(".test.ts") && (only.length === 0 || only.some((word) => file.includes(word)))).sort();
if (files.length === 0) throw new Error(`No test file in tests/ matches ${only.join(", ")}`);

/**
 * Four groups, each in its own process: files that drive Chromium over the shared builds, other
 * files that read the shared builds, files that make builds of their own (edited copies, a
 * watching Eleventy), and unit tests. The last two start at once. Much of each process's time is
 * spent waiting on a browser or a build, so four keep both cores busy where two would not.
 */
const sources = await Promise.all(files.map((file) => readFile(path.join(TESTS, file), "utf8")));
function group(source: string): "browser" | "site" | "builds" | "unit" {
  if (source.includes("builtSite(")) return source.includes("launchChromium(") ? "browser" : "site";
  return /\b(runBuild|withProjectCopy|spawn)\(/.test(source) ? "builds" : "unit";
}
const filesIn = (name: string) => files.filter((_, index) => group(sources[index]!) === name);
const GROUPS = [
  { files: filesIn("unit"), label: "Unit tests", readsBuilds: false },
  { files: filesIn("builds"), label: "Tests that build edited copies", readsBuilds: false },
  { files: filesIn("site"), label: "Tests of the shared builds", readsBuilds: true },
  { files: filesIn("browser"), label: "Browser tests of the shared builds", readsBuilds: true },
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Runs uvu on `names` with `env` added; resolves with its exit code and everything it printed. */
function uvu(names: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  if (names.length === 0) return Promise.resolve({ code: 0, output: "" });
  const pattern = `^(${names.map(escapeRegExp).join("|")})$`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [UVU, "tests", pattern], {
      cwd: ROOT,
      env: { ...process.env, ...env, EXP_BANK_TEST_SCRATCH: scratch },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    running.add(child.pid!);
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code, signal) => {
      running.delete(child.pid!);
      resolve({ code: code ?? (signal ? 1 : 0), output });
    });
  });
}

const started = performance.now();
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

const needsBuilds = GROUPS.some((group) => group.readsBuilds && group.files.length > 0);
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
const runs = GROUPS.map((group) => (group.readsBuilds ? shared.then((env) => uvu(group.files, env)) : uvu(group.files, {})));

// Each process's report is printed whole, so the reports never interleave.
const results = await Promise.allSettled(runs);
let failed = false;
for (const [index, result] of results.entries()) {
  const label = `${GROUPS[index]!.label} (${GROUPS[index]!.files.length} files)`;
  if (result.status === "rejected") {
    failed = true;
    console.error(`${label}: ${(result.reason as Error).message}`);
    continue;
  }
  if (result.value.output) console.log(`${label}:\n${result.value.output}`);
  if (result.value.code !== 0) failed = true;
}
console.log(`${failed ? "Failed" : "Passed"} in ${seconds(started)}.`);
process.exitCode = failed ? 1 : 0;
