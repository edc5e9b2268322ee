/**
 * What the benchmark's parts share: copies of the project and a bare Eleventy site in a RAM disk,
 * timed builds, servers started and stopped by process group, Chromium, and medians.
 */
import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as delay } from "node:timers/promises";
import { promisify } from "node:util";
import { chromium, type Browser } from "playwright-core";

const exec = promisify(execFile);
export const ROOT = path.resolve(import.meta.dirname, "../..");
/** A RAM disk where there is one: a disk adds seconds of noisy kernel time to writing many files. */
export const SCRATCH = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();
export const ELEVENTY = "node_modules/@11ty/eleventy/cmd.cjs";
/** `npm run build`'s command, on this Node: tsx runs Eleventy with the TypeScript config. */
export const SITE_BUILD = [process.execPath, "node_modules/tsx/dist/cli.mjs", ELEVENTY, "--config=eleventy.config.ts"];
export const BARE_BUILD = [process.execPath, ELEVENTY];
/** Each child's environment: the default SITE_URL and no cache of tsx's or Node's. */
export const ENV: NodeJS.ProcessEnv = { ...process.env, TSX_DISABLE_CACHE: "1", FORCE_COLOR: "0" };
for (const name of ["SITE_URL", "NODE_OPTIONS", "NODE_COMPILE_CACHE"]) delete ENV[name];

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
export const ratio = (a: number, b: number) => (a / b).toFixed(2);

const cleanups: (() => Promise<unknown>)[] = [];
export const atCleanUp = (cleanup: () => Promise<unknown>) => cleanups.push(cleanup);
/** Runs (once) everything the parts left to remove or stop. */
export const cleanUp = async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
};

/** A new folder in the RAM disk, removed by `cleanUp`. */
export async function scratch(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(SCRATCH, `exp-bench-${name}-`));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** node_modules as a folder of links to the project's packages, so that `.cache` inside is the copy's own. */
async function linkModules(dir: string): Promise<void> {
  await mkdir(path.join(dir, "node_modules"));
  for (const entry of await readdir(path.join(ROOT, "node_modules")))
    if (entry !== ".cache")
      await symlink(path.join(ROOT, "node_modules", entry), path.join(dir, "node_modules", entry));
}

/** The project's files as git sees them (tracked and new, not ignored), copied from the work tree. */
export async function projectCopy(): Promise<string> {
  const dir = await scratch("site");
  const args = ["-C", ROOT, "ls-files", "-z", "--cached", "--others", "--exclude-standard"];
  for (const file of (await exec("git", args, { maxBuffer: 1 << 26 })).stdout.split("\0")) {
    if (!file || !existsSync(path.join(ROOT, file))) continue;
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await copyFile(path.join(ROOT, file), path.join(dir, file));
  }
  await linkModules(dir);
  return dir;
}

const BARE_LAYOUT =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ title }}</title></head>\n' +
  "<body><main>{{ content | safe }}</main></body></html>\n";

/** Eleventy with an empty config and `count` small Markdown pages in a minimal layout. */
export async function bareSite(count = 18): Promise<string> {
  const dir = await scratch("bare");
  await mkdir(path.join(dir, "_includes"));
  await writeFile(path.join(dir, "package.json"), '{ "private": true, "type": "module" }\n');
  await writeFile(path.join(dir, "eleventy.config.js"), "export default function () {}\n");
  await writeFile(path.join(dir, "_includes/layout.njk"), BARE_LAYOUT);
  await addPages(path.join(dir, "pages"), count, (n) => `title: Page ${n}\nlayout: layout.njk`);
  await linkModules(dir);
  return dir;
}

/** A small page of plain Markdown (no digits: the site's build refuses figures typed by hand). */
const PAGE_BODY = [
  "# A generated page\n\nA paragraph with *emphasis*, **strong** text and `code`.\n",
  "- one item\n- another item\n- a last item\n",
  "| Name | Note |\n| --- | --- |\n| alpha | first |\n| beta | second |\n",
  "```js\nconsole.log(\"hello\");\n```\n",
].join("\n");

/** Writes pages `${name}1.md` to `${name}${count}.md` into `folder`, with the front matter `frontMatter(n)`. */
export async function addPages(folder: string, count: number, frontMatter: (n: number) => string, name = "page-") {
  await mkdir(folder, { recursive: true });
  for (let n = 1; n <= count; n++)
    await writeFile(path.join(folder, `${name}${n}.md`), `---\n${frontMatter(n)}\n---\n\n${PAGE_BODY}`);
}

/** One build from an empty state (no output, no node_modules/.cache): wall clock and the child's CPU. */
export async function timedBuild(dir: string, command: string[]): Promise<{ wall: number; cpu: number }> {
  await rm(path.join(dir, "_site"), { recursive: true, force: true });
  await rm(path.join(dir, "node_modules/.cache"), { recursive: true, force: true });
  const started = performance.now();
  // bash's `times` prints, last, the user and system time of its finished children.
  const script = '"$@" > /dev/null || exit; times';
  const { stdout } = await exec("bash", ["-c", script, "bash", ...command], { cwd: dir, env: ENV });
  const wall = performance.now() - started;
  const [, um, us, sm, ss] = /(\d+)m([\d.]+)s (\d+)m([\d.]+)s\s*$/.exec(stdout) ?? [];
  return { wall, cpu: (Number(um) * 60 + Number(us) + Number(sm) * 60 + Number(ss)) * 1000 };
}

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Started {
  log: () => string;
  /** Resolves once what the process printed after character `from` matches `pattern`. */
  waitFor: (pattern: RegExp, from?: number, ms?: number) => Promise<void>;
}

/** Starts `command` in its own process group, stopped (the whole group) by `cleanUp`. */
export function start(command: string[], cwd: string, env = ENV): Started {
  const child = spawn(command[0]!, command.slice(1), { cwd, env, detached: true, stdio: "pipe" });
  let printed = "";
  child.stdout.on("data", (chunk) => (printed += chunk));
  child.stderr.on("data", (chunk) => (printed += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    process.kill(-child.pid!, "SIGTERM");
    if (await Promise.race([exited.then(() => true), delay(5000, false)])) return;
    process.kill(-child.pid!, "SIGKILL");
  });
  const waitFor = async (pattern: RegExp, from = 0, ms = 120_000) => {
    for (const end = Date.now() + ms; !pattern.test(printed.slice(from)); await delay(20))
      if (Date.now() > end || child.exitCode !== null)
        throw new Error(`${command.join(" ")} did not print ${pattern}:\n${printed.slice(-3000)}`);
  };
  return { log: () => printed, waitFor };
}

export async function launchChromium(): Promise<Browser> {
  const args = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"];
  args.push("--disable-component-update", "--disable-sync");
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || "/usr/bin/chromium", args });
  cleanups.push(() => browser.close());
  return browser;
}

let built: Promise<string> | undefined;
/** A copy of the project built once (the default SITE_URL), shared by the parts that read `_site/`. */
export function builtSite(): Promise<string> {
  built ??= projectCopy().then(async (dir) => (await timedBuild(dir, SITE_BUILD), path.join(dir, "_site")));
  return built;
}
