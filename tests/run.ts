/**
 * `npm test`: type-checks, builds the two shared site configurations (support/build.ts
 * SITE_BUILDS) once, and runs each folder of tests with uvu's own command, groups side by side:
 * tests/unit/ and tests/builds/ from the start, tests/site/ and tests/browser/ once the shared
 * builds are there (handed over as EXP_BANK_TEST_SITE_ROOT and _PATH). Each group's output is
 * printed whole when it ends. Every folder the run makes lives in one scratch folder (on /dev/shm
 * where there is one), removed at the end. A group still running after HANG_GUARD_MINUTES is stopped
 * and fails. Nothing here judges speed.
 *
 * `npm test -- browser` runs one group (no type check); `npm test -- unit engine` the files of a
 * group whose names match.
 */
import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { projectCopy, ROOT, runBuild, SITE_BUILDS, siteVariable } from "./support/build.ts";

const GROUPS = ["unit", "builds", "site", "browser"] as const;
const HANG_GUARD_MINUTES = 15;
const BIN = path.join(ROOT, "node_modules/.bin");
const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

const scratch = await mkdtemp(path.join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "exp-bank-tests-"));
const cleanUp = () => rmSync(scratch, { recursive: true, force: true });
process.once("exit", cleanUp);
process.once("SIGINT", () => process.exit(130));
const env: NodeJS.ProcessEnv = { ...process.env, EXP_BANK_TEST_SCRATCH: scratch };

/** Runs a command to its end: whether it passed, and everything it printed. */
function run(name: string, command: string, args: string[]): Promise<boolean> {
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
      console.log(
        `\n── ${name} (${code === 0 ? "passed" : "FAILED"}, at ${seconds()}) ──\n${printed.trim()}`,
      );
      resolve(code === 0);
    });
  });
}

const uvu = (group: string, pattern?: string) =>
  run(`tests/${group}/`, path.join(BIN, "tsx"), [
    path.join(ROOT, "node_modules/uvu/bin.js"),
    `tests/${group}`,
    ...(pattern ? [pattern] : []),
  ]);

/** Builds the shared sites into the scratch folder, and hands their folders to the groups that read them. */
async function sharedBuilds(): Promise<boolean> {
  const results = await Promise.all(
    SITE_BUILDS.map(async ({ name, siteUrl, env: buildEnv }) => {
      const output = path.join(await projectCopy(), "_site");
      const result = await runBuild(path.dirname(output), output, siteUrl, buildEnv);
      if (!result.ok) console.error(`The shared build for SITE_URL=${siteUrl} failed:\n${result.output}`);
      env[siteVariable(name)] = output;
      return result.ok;
    }),
  );
  return results.every(Boolean);
}

const [only, pattern] = process.argv.slice(2);
if (only && !GROUPS.includes(only as (typeof GROUPS)[number])) {
  console.error(
    `No test group "${only}"; the groups are the folders ${GROUPS.map((g) => `tests/${g}/`).join(", ")}.`,
  );
  process.exit(2);
}
const wanted = (group: string) => !only || only === group;
const needsSites = wanted("site") || wanted("browser");
const results = await Promise.all([
  only ? true : run("type check", path.join(BIN, "tsc"), ["--noEmit", "-p", "tests"]),
  wanted("unit") ? uvu("unit", pattern) : true,
  wanted("builds") ? uvu("builds", pattern) : true,
  (needsSites ? sharedBuilds() : Promise.resolve(true)).then(async (built) =>
    built
      ? (
          await Promise.all([
            wanted("site") ? uvu("site", pattern) : true,
            wanted("browser") ? uvu("browser", pattern) : true,
          ])
        ).every(Boolean)
      : false,
  ),
]);
const passed = results.every(Boolean);
console.log(`\nnpm test ${passed ? "passed" : "FAILED"} in ${seconds()}.`);
process.exitCode = passed ? 0 : 1;
