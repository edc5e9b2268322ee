/**
 * `npm test`: type-checks, builds the two shared sites once, and runs each folder of tests with uvu's
 * own command, side by side: site/ and browser/ with the shared builds (EXP_BANK_TEST_SITE_ROOT, _PATH),
 * the browser files (`npm start`'s among them) in a few processes, each with one Chromium.
 * `npm test -- browser` runs a group (no type check); `-- unit engine` files.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const GROUPS = ["unit", "builds", "site", "browser"];
/** Each browser process pays a Node start and a Chromium (its browser, GPU and utility processes). */
const BROWSER_PROCESSES = 2;
/**
 * The order the browser files are taken in: the longest first (player, then `npm start`'s dev-loop), each next
 * one shorter (tools, about half of player's CPU, last), so that both processes end together: a long file taken
 * last would run alone at the end. A file not listed goes first. The order costs only time.
 */
const TAKEN_IN_ORDER = ["player", "dev-loop", "a11y", "calculator-phone", "chart", "form", "tools"];
const HANG_GUARD_MINUTES = 15;
const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

const scratch = mkdtempSync(path.join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "exp-bank-tests-"));
process.once("exit", () => rmSync(scratch, { recursive: true, force: true }));
process.once("SIGINT", () => process.exit(130));
// Set before the support module reads it, so the shared builds' project copies go with the scratch folder.
process.env.EXP_BANK_TEST_SCRATCH = scratch;
// The run's Node processes (builds, test files, npm start) compile each module once between them.
process.env.NODE_COMPILE_CACHE ??= path.join(scratch, "node-compile-cache");
const env: NodeJS.ProcessEnv = { ...process.env };
const { projectCopy, ROOT, SITE_BUILDS, siteVariable } = await import("./support/build.ts");
const UVU = [path.join(ROOT, "node_modules/uvu/bin.js")];
const BROWSER_FILES = path.join(ROOT, "tests/support/browser-files.ts");
const SHARED_BUILDS = path.join(ROOT, "tests/support/shared-builds.ts");

/** uvu 0.5 drops an error thrown in a `before` hook and exits 0, its suite not run (lukeed/uvu#80). */
function testsNotRun(printed: string): string {
  // A browser process prints a count for each file it runs.
  const count = (label: string) =>
    [...printed.matchAll(new RegExp(`${label}:\\s+(\\d+)`, "g"))].reduce((sum, [, n]) => sum + Number(n), 0);
  const notRun = count("Total") - count("Passed") - count("Skipped");
  return notRun === 0 ? "" : `\n\n${notRun} tests did not run: a \`before\` hook threw, unprinted.`;
}

/** Runs a command to its end: whether it passed; prints everything it printed once it ends. */
function run(name: string, command: string, args: string[], counted = false): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let printed = "";
    child.stdout.on("data", (chunk) => (printed += chunk));
    child.stderr.on("data", (chunk) => (printed += chunk));
    const guard = setTimeout(() => {
      printed += `\n${name} still ran after ${HANG_GUARD_MINUTES} minutes, and was stopped.\n`;
      child.kill("SIGKILL");
    }, HANG_GUARD_MINUTES * 60_000);
    child.on("close", (code) => {
      clearTimeout(guard);
      const notRun = code === 0 && counted ? testsNotRun(printed) : "";
      const status = code === 0 && !notRun ? "passed" : "FAILED";
      console.log(`\n── ${name} (${status}, at ${seconds()}) ──\n${printed.trim()}${notRun}`);
      resolve(status === "passed");
    });
  });
}

const uvu = (group: string, pattern?: string) =>
  run(`tests/${group}/ ${pattern ?? ""}`, process.execPath, [...UVU, `tests/${group}`, pattern ?? ""], true);

/** The browser tests: BROWSER_PROCESSES processes (support/browser-files.ts), each taking the next file. */
async function browserFiles(pattern?: string): Promise<boolean> {
  const rank = (file: string) => TAKEN_IN_ORDER.indexOf(file.replace(".test.ts", ""));
  const folder = path.join(ROOT, "tests/browser");
  const files = readdirSync(folder)
    .filter((file) => file.endsWith(".test.ts") && (!pattern || new RegExp(pattern).test(file)))
    .sort((a, b) => rank(a) - rank(b));
  const claims = mkdtempSync(path.join(scratch, "claims-"));
  const runs = Array.from({ length: Math.min(BROWSER_PROCESSES, files.length) }, (_, index) =>
    run(`tests/browser/ (process ${index + 1})`, process.execPath, [BROWSER_FILES, claims, ...files], true),
  );
  return (await Promise.all(runs)).every(Boolean);
}

/** Builds the shared sites, each in a copy of the project, and hands their folders to the groups that read them. */
async function sharedBuilds(): Promise<boolean> {
  const projects = await Promise.all(SITE_BUILDS.map(() => projectCopy()));
  SITE_BUILDS.forEach(({ name }, index) => (env[siteVariable(name)] = path.join(projects[index]!, "_site")));
  return run("shared builds", process.execPath, [SHARED_BUILDS, ...projects]);
}

const [only, pattern] = process.argv.slice(2);
if (only && !GROUPS.includes(only))
  throw new Error(`No test group "${only}"; the groups: ${GROUPS.join(", ")}.`);
const wanted = (group: string) => !only || only === group;
// The browser unpacks once, or the run fails with the fix.
if (wanted("browser")) await (await import("./support/chromium.ts")).chromiumPath();
const afterBuilds = async () =>
  (await sharedBuilds()) &&
  Promise.all([!wanted("site") || uvu("site", pattern), !wanted("browser") || browserFiles(pattern)]);
const groups = [
  only ? true : run("type check", path.join(ROOT, "node_modules/.bin/tsc"), ["--noEmit", "-p", "tests"]),
  !wanted("unit") || uvu("unit", pattern),
  !wanted("builds") || uvu("builds", pattern),
  !(wanted("site") || wanted("browser")) || afterBuilds(),
];
const passed = (await Promise.all(groups)).flat().every(Boolean);
console.log(`\nnpm test ${passed ? "passed" : "FAILED"} in ${seconds()}.`);
process.exitCode = passed ? 0 : 1;
