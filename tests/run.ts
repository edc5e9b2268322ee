/**
 * `npm test` after the type check: builds the two site configurations (support/build.ts
 * SITE_BUILDS) once, in parallel, and runs the test files in two processes at once, one per core.
 * Files that never read the shared builds start at once; the files that call `builtSite` start
 * when both builds are done and get their folders through environment variables. Every folder the
 * run makes lives in one scratch folder, on the RAM disk /dev/shm where there is one, removed at
 * the end: after a failure and after Ctrl-C too.
 *
 * `node tests/run.ts engine links` runs only the test files whose names contain those words.
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
const removeScratch = () => rmSync(scratch, { recursive: true, force: true });
process.on("exit", removeScratch);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    removeScratch();
    process.exit(130);
  });
}

const only = process.argv.slice(2);
const files = (await readdir(TESTS)).filter((file) => file.endsWith(".test.ts") && (only.length === 0 || only.some((word) => file.includes(word)))).sort();
if (files.length === 0) throw new Error(`No test file in tests/ matches ${only.join(", ")}`);
const readsBuilds = await Promise.all(files.map(async (file) => (await readFile(path.join(TESTS, file), "utf8")).includes("builtSite(")));
const unitFiles = files.filter((_, index) => !readsBuilds[index]);
const siteFiles = files.filter((_, index) => readsBuilds[index]);

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
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const started = performance.now();
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

const units = uvu(unitFiles, {});
const sites = (async () => {
  if (siteFiles.length === 0) return { code: 0, output: "" };
  const built = await Promise.all(
    SITE_BUILDS.map(async (config) => {
      const output = path.join(scratch, `site-${config.name}`);
      const result = await runBuild(ROOT, output, config.siteUrl, config.env);
      if (!result.ok) throw new Error(`The build for SITE_URL=${config.siteUrl} failed:\n${result.output}`);
      return [siteVariable(config.name), output] as const;
    }),
  );
  console.log(`Built ${SITE_BUILDS.map((config) => config.siteUrl).join(" and ")} in ${seconds(started)}.`);
  return uvu(siteFiles, Object.fromEntries(built));
})();

// Each process's report is printed whole, so the two never interleave.
const results = await Promise.allSettled([units, sites]);
let failed = false;
for (const [index, result] of results.entries()) {
  const label = index === 0 ? `Unit tests (${unitFiles.length} files)` : `Tests of the built site (${siteFiles.length} files)`;
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
