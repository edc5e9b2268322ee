/**
 * `npm test`: type-checks, builds the two shared site configurations once, and runs each folder
 * of tests with uvu's own command, side by side: unit/ and builds/ at once, site/ and browser/ with
 * the shared builds (EXP_BANK_TEST_SITE_ROOT and _PATH). Browser tests mostly wait on Chromium, so
 * each file runs in a process of its own, a few at a time. Output is printed whole per process; one
 * running past HANG_GUARD_MINUTES is stopped and fails. Nothing here judges speed.
 * `npm test -- browser` runs one group (no type check); `npm test -- unit engine` matching files.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

const GROUPS = ["unit", "builds", "site", "browser"];
const BROWSER_PROCESSES = 3;
const HANG_GUARD_MINUTES = 15;
const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

const scratch = await mkdtemp(path.join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "exp-bank-tests-"));
process.once("exit", () => rmSync(scratch, { recursive: true, force: true }));
process.once("SIGINT", () => process.exit(130));
// Set before the support module reads it, so the shared builds' project copies go with the scratch folder.
process.env.EXP_BANK_TEST_SCRATCH = scratch;
const env: NodeJS.ProcessEnv = { ...process.env };
const { projectCopy, ROOT, runBuild, SITE_BUILDS, siteVariable } = await import("./support/build.ts");
const UVU = [path.join(ROOT, "node_modules/uvu/bin.js")];

/**
 * Why a uvu run that exited 0 still failed: uvu 0.5 drops an error thrown in a `before` hook and
 * exits 0 with the suite's tests not run (lukeed/uvu#80).
 */
function testsNotRun(printed: string): string {
  const count = (label: string) => Number(new RegExp(`${label}:\\s+(\\d+)`).exec(printed)?.[1]);
  const [total, passed, skipped] = [count("Total"), count("Passed"), count("Skipped")];
  if (passed + skipped === total) return "";
  return (
    `${total - passed - skipped} of ${total} tests did not run and none failed: a \`before\` hook ` +
    "threw, and uvu does not print a hook's error (lukeed/uvu#80). The suite whose count above is short " +
    "has it: catch the error in that hook and print it to see why."
  );
}

/** Runs a command to its end: whether it passed; prints everything it printed once it ends. */
function run(
  name: string,
  command: string,
  args: string[],
  failure = (_printed: string) => "",
): Promise<boolean> {
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
      const why = code === 0 ? failure(printed) : "";
      const passed = code === 0 && !why;
      console.log(
        `\n── ${name} (${passed ? "passed" : "FAILED"}, at ${seconds()}) ──\n${printed.trim()}${why ? `\n\n${why}` : ""}`,
      );
      resolve(passed);
    });
  });
}

const uvu = (group: string, pattern?: string) =>
  run(
    `tests/${group}/ ${pattern ?? ""}`,
    process.execPath,
    [...UVU, `tests/${group}`, ...(pattern ? [pattern] : [])],
    testsNotRun,
  );

/** The browser tests: a uvu process per file, BROWSER_PROCESSES at a time, each with its own Chromium. */
async function browserFiles(pattern?: string): Promise<boolean> {
  const files = readdirSync(path.join(ROOT, "tests/browser")).filter(
    (file) => file.endsWith(".test.ts") && (!pattern || new RegExp(pattern).test(file)),
  );
  const { chromiumPath } = await import("./support/browser.ts");
  try {
    chromiumPath();
  } catch (error) {
    console.error(`\n${(error as Error).message}`);
    return false;
  }
  const passed: boolean[] = [];
  const worker = async () => {
    for (let file = files.shift(); file; file = files.shift())
      passed.push(await uvu("browser", `^${file.replaceAll(".", "\\.")}$`));
  };
  await Promise.all(Array.from({ length: BROWSER_PROCESSES }, worker));
  return passed.every(Boolean);
}

/** Builds the shared sites, each in a copy of the project, and hands their folders to the groups that read them. */
async function sharedBuilds(): Promise<boolean> {
  const built = await Promise.all(
    SITE_BUILDS.map(async ({ name, siteUrl, env: buildEnv }) => {
      const output = path.join(await projectCopy(), "_site");
      const result = await runBuild(path.dirname(output), output, siteUrl, buildEnv);
      if (!result.ok) console.error(`The shared build for SITE_URL=${siteUrl} failed:\n${result.output}`);
      env[siteVariable(name)] = output;
      return result.ok;
    }),
  );
  return built.every(Boolean);
}

const [only, pattern] = process.argv.slice(2);
if (only && !GROUPS.includes(only))
  throw new Error(`No test group "${only}"; the groups: ${GROUPS.join(", ")}.`);
const wanted = (group: string) => !only || only === group;
const afterBuilds = async () =>
  (await sharedBuilds()) &&
  (await Promise.all([!wanted("site") || uvu("site", pattern), !wanted("browser") || browserFiles(pattern)]));
const results = await Promise.all([
  only ? true : run("type check", path.join(ROOT, "node_modules/.bin/tsc"), ["--noEmit", "-p", "tests"]),
  !wanted("unit") || uvu("unit", pattern),
  !wanted("builds") || uvu("builds", pattern),
  !(wanted("site") || wanted("browser")) ||
    afterBuilds().then((done) => done !== false && done.every(Boolean)),
]);
const passed = results.every(Boolean);
console.log(`\nnpm test ${passed ? "passed" : "FAILED"} in ${seconds()}.`);
process.exitCode = passed ? 0 : 1;
