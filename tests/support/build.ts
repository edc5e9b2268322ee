/**
 * Builds the site the way `npm run build` does, into a temporary folder, for tests and the
 * benchmark. One build per SITE_URL per process; the tests share it.
 */
import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";

const run = promisify(execFile);

/** The repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Node's compile cache for the build's modules, as `npm run build` sets it (NODE_COMPILE_CACHE in
 * package.json): a build started in a new process skips recompiling Eleventy, about a fifth of a cold build.
 */
export const BUILD_ENV = { NODE_COMPILE_CACHE: path.join(ROOT, "node_modules/.cache/node-compile") };

export interface BuildResult {
  ok: boolean;
  /** Everything the build printed, stdout then stderr. */
  output: string;
}

/**
 * Runs Eleventy in `projectDir`, writing to `outputDir`, with `SITE_URL` set. `env` adds to (or,
 * with an empty string, clears) variables of this process's environment, which the build inherits.
 */
export async function runBuild(projectDir: string, outputDir: string, siteUrl: string, env: Record<string, string> = {}): Promise<BuildResult> {
  const eleventy = path.join(projectDir, "node_modules/@11ty/eleventy/cmd.cjs");
  try {
    // The Node running the tests strips the TypeScript of the config, data and templates itself.
    const { stdout, stderr } = await run(process.execPath, [eleventy, "--config=eleventy.config.ts", `--output=${outputDir}`, "--quiet"], {
      cwd: projectDir,
      env: { ...process.env, ...BUILD_ENV, ...env, SITE_URL: siteUrl },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    return { ok: false, output: `${failure.stdout ?? ""}${failure.stderr ?? ""}` || failure.message };
  }
}

export async function tempDir(label: string): Promise<string> {
  return mkdtemp(path.join(tmpdir(), `exp-bank-${label}-`));
}

const builds = new Map<string, Promise<string>>();

/**
 * Builds the site for `siteUrl` (and any extra `env`) into a temporary folder once per process and
 * returns the folder.
 */
export function builtSite(siteUrl: string, env: Record<string, string> = {}): Promise<string> {
  const key = JSON.stringify([siteUrl, env]);
  let build = builds.get(key);
  if (!build) {
    build = (async () => {
      const output = await tempDir("site");
      const result = await runBuild(ROOT, output, siteUrl, env);
      if (!result.ok) throw new Error(`The build for SITE_URL=${siteUrl} ${JSON.stringify(env)} failed:\n${result.output}`);
      return output;
    })();
    builds.set(key, build);
  }
  return build;
}

/** What GitHub Actions sets in every workflow, for a repository `example/exp-bank` on github.com. */
export const REPOSITORY_ENV = { GITHUB_SERVER_URL: "https://github.com", GITHUB_REPOSITORY: "example/exp-bank" };
/** The same variables cleared, as in a build outside GitHub Actions. */
export const NO_REPOSITORY_ENV = { GITHUB_SERVER_URL: "", GITHUB_REPOSITORY: "" };

/** Reads a built file as text. */
export function readBuilt(siteDir: string, file: string): Promise<string> {
  return readFile(path.join(siteDir, file), "utf8");
}

/** A copy of the project (sources only; `node_modules` linked) for builds that edit files. */
export async function projectCopy(): Promise<string> {
  const copy = await tempDir("project");
  const skip = new Set(["node_modules", "_site", ".git", ".node"]);
  // Any node_modules: the test tooling's (tests/node_modules) is not part of the sources either.
  await cp(ROOT, copy, { recursive: true, filter: (source) => !path.relative(ROOT, source).split(path.sep).some((part) => skip.has(part)) });
  await symlink(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"), "dir");
  return copy;
}

/** Replaces `search` with `replacement` in a copied project's file; fails if the text is absent. */
export async function editFile(projectDir: string, file: string, search: string, replacement: string): Promise<void> {
  const target = path.join(projectDir, file);
  const text = await readFile(target, "utf8");
  if (!text.includes(search)) throw new Error(`${file} does not contain ${JSON.stringify(search)}; update the test's edit.`);
  await writeFile(target, text.replace(search, replacement));
}

/** Two common base URLs: the site at an origin's root and under a path, as on a GitHub project site. */
export const ROOT_SITE_URL = "https://exp-bank.example/";
export const PATH_SITE_URL = "https://example.github.io/exp-bank/";
