/**
 * Builds the site the way `npm run build` does, into a temporary folder. `npm test` builds the two
 * shared configurations once for every test file (tests/run.ts).
 */
import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";

const run = promisify(execFile);

/** The repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface BuildResult {
  ok: boolean;
  /** Everything the build printed, stdout then stderr. */
  output: string;
}

/**
 * Runs Eleventy in `projectDir`, writing to `outputDir`, with `SITE_URL` set. `env` adds to (or,
 * with an empty string, clears) variables of this process's environment, which the build inherits.
 */
export async function runBuild(
  projectDir: string,
  outputDir: string,
  siteUrl: string,
  env: Record<string, string> = {},
): Promise<BuildResult> {
  const eleventy = path.join(projectDir, "node_modules/@11ty/eleventy/cmd.cjs");
  try {
    // As `npm run build` runs it: Node strips the TypeScript's types itself.
    const { stdout, stderr } = await run(
      process.execPath,
      [eleventy, "--config=eleventy.config.ts", `--output=${outputDir}`, "--quiet"],
      {
        cwd: projectDir,
        env: { ...process.env, ...env, SITE_URL: siteUrl },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    return { ok: false, output: `${failure.stdout ?? ""}${failure.stderr ?? ""}` || failure.message };
  }
}

/** Terminal colour codes, which Eleventy's logger adds to some lines. */
const ANSI = /\x1b\[[0-9;]*m/g;

/** What this file uses of Eleventy's programmatic API (https://www.11ty.dev/docs/programmatic/). */
interface EleventyConfig {
  setUseTemplateCache(use: boolean): void;
}
type EleventyClass = new (
  input: string | undefined,
  output: string,
  options: {
    source: "cli";
    quietMode: boolean;
    configPath: string;
    config: (eleventyConfig: EleventyConfig) => void;
  },
) => { write(): Promise<unknown> };

/** Builds in this process take turns (see `buildInProcess`). */
let buildQueue: Promise<unknown> = Promise.resolve();
/** The SITE_URL each copy was first built with in this process. */
const builtCopies = new Map<string, string>();

/** Refuses a build that would run modules Node loaded for an earlier build of the same copy with another SITE_URL. */
function refuseStaleModules(project: string, siteUrl: string): void {
  const earlier = builtCopies.get(project) ?? siteUrl;
  if (earlier !== siteUrl)
    throw new Error(
      `${project} was built for SITE_URL=${earlier} in this process; build a new copy for ${siteUrl}.`,
    );
  builtCopies.set(project, siteUrl);
}

/**
 * Sets what a build process would have: the working directory (Eleventy resolves the project's
 * folders against it), the environment variables `env` names (`SITE_URL` among them), and console
 * output going to `print`. Returns the function that puts everything back.
 */
function enterProject(
  project: string,
  env: Record<string, string>,
  print: (...parts: unknown[]) => void,
): () => void {
  const cwd = process.cwd();
  const saved = Object.keys(env).map((name) => [name, process.env[name]] as const);
  // A failed build sets the exit code, as the command's would; this process's own is the tests'.
  const exitCode = process.exitCode;
  const consoleMethods = { log: console.log, info: console.info, warn: console.warn, error: console.error };
  process.chdir(project);
  Object.assign(process.env, env);
  Object.assign(console, { log: print, info: print, warn: print, error: print });
  return () => {
    Object.assign(console, consoleMethods);
    for (const [name, value] of saved)
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    process.chdir(cwd);
    process.exitCode = exitCode;
  };
}

/**
 * An error and what caused it, one message each, as Eleventy's command prints a failure: its errors
 * carry the error they wrap as `originalError`, others as `cause`.
 */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return "";
  const cause = error.cause ?? (error as { originalError?: unknown }).originalError;
  const causes = describe(cause);
  return `[11ty] ${error.message} (via ${error.name})${causes && `\n${causes}`}`;
}

/**
 * Builds a copy of the project (`projectCopy`) as `runBuild` does, but in this process, through
 * Eleventy's programmatic API (`new Eleventy(input, output, options).write()`). A new Node process
 * spends most of a build loading Eleventy; here only the first build pays that. The result holds
 * what the build printed.
 *
 * Builds in one process take turns: the working directory is the copy's for the build, and the
 * copy's `_data/site.ts` reads `SITE_URL` and `env` (set for the build) when it is first
 * imported. Eleventy's template cache is off (`setUseTemplateCache(false)`), so each build reads
 * and compiles the pages, layouts and templates afresh, as a build process does. Node keeps each
 * imported module, and a copy's modules have URLs of their own, so every copy runs its own config,
 * data and templates; but a copy built again runs the modules of its first build: edit a copy's
 * TypeScript before its first build, and build a copy for one SITE_URL. When a page fails, Eleventy
 * reports the failure while its other pages may still be rendering into the output folder, as in a
 * failing build process before it exits.
 */
export function buildInProcess(
  projectDir: string,
  outputDir: string,
  siteUrl: string,
  env: Record<string, string> = {},
): Promise<BuildResult> {
  const build = buildQueue.then(async (): Promise<BuildResult> => {
    const project = path.resolve(projectDir);
    refuseStaleModules(project, siteUrl);
    const { Eleventy } = (await import("@11ty/eleventy")) as unknown as { Eleventy: EleventyClass };
    // esbuild (the config's bundle step) starts its service in the working directory of its first
    // import; imported here, before the directory moves into a copy, it is one that outlives every copy.
    await import("esbuild");
    let printed = "";
    const print = (...parts: unknown[]) => {
      printed += `${parts.map(String).join(" ")}\n`.replace(ANSI, "");
    };
    const leave = enterProject(project, { ...env, SITE_URL: siteUrl }, print);
    try {
      const config = (eleventyConfig: EleventyConfig) => eleventyConfig.setUseTemplateCache(false);
      // `source: "cli"`, as Eleventy's command: the output folder given here wins over the config's.
      const options = { source: "cli", quietMode: true, configPath: "eleventy.config.ts", config } as const;
      await new Eleventy(undefined, path.resolve(outputDir), options).write();
      return { ok: true, output: printed };
    } catch (error) {
      if (!printed.includes((error as Error).message)) print(describe(error));
      return { ok: false, output: printed };
    } finally {
      leave();
    }
  });
  buildQueue = build.catch(() => undefined);
  return build;
}

/**
 * Where test folders go: the folder `npm test` (tests/run.ts) makes for the run, else the system's
 * temporary folder.
 */
export const SCRATCH = process.env.EXP_BANK_TEST_SCRATCH ?? tmpdir();

/** A new empty folder; the caller removes it (tests use `withTempDir`, which does). */
export async function tempDir(label: string): Promise<string> {
  return mkdtemp(path.join(SCRATCH, `exp-bank-${label}-`));
}

/**
 * Removes a folder a build wrote to, retrying while it is still being written: after a failed build
 * in this process (`buildInProcess`), Eleventy may still be writing its other pages, and the
 * config may still be writing the homepage's script and the card.
 */
const removeBuilt = (dir: string) => rm(dir, { recursive: true, force: true, maxRetries: 5 });

/** Runs `use` with the folder `made` gives, then removes the folder, also when `use` fails. */
async function removedAfter<T>(made: Promise<string> | string, use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await made;
  try {
    return await use(dir);
  } finally {
    await removeBuilt(dir);
  }
}

/** Runs `use` with a new empty folder, then removes the folder, also when `use` fails. */
export const withTempDir = <T>(label: string, use: (dir: string) => Promise<T>) =>
  removedAfter(tempDir(label), use);

/** Runs `use` with the copy's output folder (`_site` inside it, where a build's must be), then removes it. */
export const withOutput = <T>(project: string, use: (output: string) => Promise<T>) =>
  removedAfter(path.join(project, "_site"), use);

/** Two common base URLs: the site at an origin's root and under a path, as on a GitHub project site. */
export const ROOT_SITE_URL = "https://exp-bank.example/";
export const PATH_SITE_URL = "https://example.github.io/exp-bank/";

/**
 * The two configurations every build-reading test shares, built once per `npm test`. The path
 * build is the GitHub project site, so it knows its repository as GitHub Actions would tell it; the
 * root build is a build elsewhere, without one. Together they cover both ways the Support section
 * and the links to other sites are written.
 */
export const SITE_BUILDS = [
  { name: "root", siteUrl: ROOT_SITE_URL, env: { GITHUB_SERVER_URL: "", GITHUB_REPOSITORY: "" } },
  // What GitHub Actions sets in every workflow, for a repository `example/exp-bank` on github.com.
  {
    name: "path",
    siteUrl: PATH_SITE_URL,
    env: { GITHUB_SERVER_URL: "https://github.com", GITHUB_REPOSITORY: "example/exp-bank" },
  },
] as const;

/** The environment variable through which tests/run.ts hands a test process the folder of each build. */
export const siteVariable = (name: string) => `EXP_BANK_TEST_SITE_${name.toUpperCase()}`;

const ownBuilds = new Map<string, Promise<string>>();

/**
 * The folder of the shared build for `siteUrl`: the one `npm test` made, or, when a test file runs
 * alone, one this process builds on first use and removes when it exits.
 */
export function builtSite(siteUrl: string): Promise<string> {
  const config = SITE_BUILDS.find((build) => build.siteUrl === siteUrl);
  if (!config)
    throw new Error(
      `No shared build for SITE_URL=${siteUrl}; the shared ones are ` +
        `${SITE_BUILDS.map((build) => build.siteUrl).join(" and ")}.`,
    );
  const shared = process.env[siteVariable(config.name)];
  if (shared) return Promise.resolve(shared);
  let build = ownBuilds.get(config.name);
  if (!build) {
    build = (async () => {
      const project = await projectCopy();
      process.once("exit", () => rmSync(project, { recursive: true, force: true }));
      const output = path.join(project, "_site");
      const result = await runBuild(project, output, config.siteUrl, config.env);
      if (!result.ok) throw new Error(`The build for SITE_URL=${config.siteUrl} failed:\n${result.output}`);
      return output;
    })();
    ownBuilds.set(config.name, build);
  }
  return build;
}

/** Both shared builds with their site URLs (`builtSite`): the site at an origin's root, then under a path. */
export function bothBuiltSites(): Promise<{ siteUrl: string; dir: string }[]> {
  return Promise.all(SITE_BUILDS.map(async ({ siteUrl }) => ({ siteUrl, dir: await builtSite(siteUrl) })));
}

export function readBuilt(siteDir: string, file: string): Promise<string> {
  return readFile(path.join(siteDir, file), "utf8");
}

/**
 * A copy of the project (the site's sources only; `node_modules` linked) for builds that edit files; the
 * caller removes it. A browser file may make one too (what `npm start` shows on an open page), since
 * each browser file has a process of its own.
 */
export async function projectCopy(): Promise<string> {
  const copy = await tempDir("project");
  // Nor are the tests and the workflows, which no build or `npm start` reads.
  const skip = new Set(["node_modules", "_site", ".git", "tests", ".github", ".ci"]);
  await cp(ROOT, copy, {
    recursive: true,
    filter: (source) =>
      !path
        .relative(ROOT, source)
        .split(path.sep)
        .some((part) => skip.has(part)),
  });
  await symlink(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"), "dir");
  return copy;
}

/** Runs `use` with a copy of the project, then removes the copy, also when `use` fails. */
export const withProjectCopy = <T>(use: (project: string) => Promise<T>) => removedAfter(projectCopy(), use);

/** Every file under `dir`, sorted, relative to it with `/` (`docs/index.html`); none when it does not exist. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() || entry.isSymbolicLink())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

/** Every file under `dir` with its bytes, by its path as {@link filesUnder} gives it. */
export async function readFiles(dir: string): Promise<Map<string, Buffer>> {
  const read = async (file: string) => [file, await readFile(path.join(dir, file))] as const;
  return new Map(await Promise.all((await filesUnder(dir)).map(read)));
}

/** The text of every file under `dir`, by its path as {@link filesUnder} gives it. */
export async function textsUnder(dir: string): Promise<Map<string, string>> {
  return new Map([...(await readFiles(dir))].map(([name, bytes]) => [name, bytes.toString()]));
}

/** What an edit of `buildEachEdit` may change, put back after each build: the files Eleventy reads itself. */
const RESTORED = ["content", "_includes", "assets/styles"];

/** Puts `copy`'s {@link RESTORED} folders back as the repository's: changed files rewritten, added ones removed. */
async function restoreEdited(copy: string): Promise<void> {
  const restore = async (folder: string) => {
    const [from, to] = [path.join(ROOT, folder), path.join(copy, folder)];
    const [original, current] = await Promise.all([filesUnder(from), filesUnder(to)]);
    await Promise.all(
      current.filter((file) => !original.includes(file)).map((file) => rm(path.join(to, file))),
    );
    await Promise.all(
      original.map(async (file) => {
        const text = await readFile(path.join(from, file));
        const now = await readFile(path.join(to, file)).catch(() => undefined);
        if (!now?.equals(text)) await writeFile(path.join(to, file), text);
      }),
    );
  };
  await Promise.all(RESTORED.map(restore));
}

/** The copy `buildEachEdit` builds for each SITE_URL in this process, and the end of its queue of edits. */
const editedCopies = new Map<string, { copy: Promise<string>; turn: Promise<unknown> }>();

/**
 * Builds one copy of the project per SITE_URL, shared by every test file of the process, once for
 * each edit, in turn (`buildInProcess`), each edit made alone on the copy as it was: after each
 * build, what the edit changed or added under {@link RESTORED} is put back. For edits of pages and
 * other files that Eleventy reads itself, which each build sees (an edited TypeScript module is not:
 * see `buildInProcess`); the copy's modules load once for all its builds, as in one `npm start`.
 * `read` takes what a test needs from each build before its output folder is removed; the promises
 * settle in the edits' order, a failure handled (reported by the test that awaits it). The copy is
 * removed when the process exits.
 */
export function buildEachEdit<T>(
  siteUrl: string,
  edits: ((project: string) => Promise<unknown>)[],
  read: (result: BuildResult, output: string, project: string) => Promise<T>,
): Promise<T>[] {
  let queue = editedCopies.get(siteUrl);
  if (!queue) {
    const copy = projectCopy();
    void copy.then((made) => process.once("exit", () => rmSync(made, { recursive: true, force: true })));
    queue = { copy, turn: copy };
    editedCopies.set(siteUrl, queue);
  }
  const { copy } = queue;
  return edits.map((edit) => {
    const build = queue.turn.then(async () => {
      const project = await copy;
      try {
        return await withOutput(project, async (output) => {
          await edit(project);
          return read(await buildInProcess(project, output, siteUrl), output, project);
        });
      } finally {
        await restoreEdited(project);
      }
    });
    queue.turn = build.catch(() => undefined);
    return build;
  });
}

/** The edit that replaces `search` with `replacement` in a project's `file` (`editFile`), for `buildEachEdit`. */
export const editing = (file: string, search: string, replacement: string) => (project: string) =>
  editFile(project, file, search, replacement);

/** Replaces `search` with `replacement` in a copied project's file; fails if the text is absent. */
export async function editFile(project: string, file: string, search: string, replacement: string) {
  const target = path.join(project, file);
  const text = await readFile(target, "utf8");
  if (!text.includes(search))
    throw new Error(`${file} does not contain ${JSON.stringify(search)}; update the test's edit.`);
  await writeFile(target, text.replace(search, replacement));
}
