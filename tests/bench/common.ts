/** What the parts share: copies in a RAM disk, timed builds, servers, Chromium, medians, clean-up. */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { mkdir, mkdtemp, readdir, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { promisify } from "node:util";
import { launchChromium as launchTestChromium } from "../support/browser.ts";
export { freePort } from "../support/serve.ts";

const exec = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
/** A RAM disk where there is one: a disk adds seconds of noisy kernel time to writing many files. */
const SCRATCH = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();
export const ELEVENTY = "node_modules/@11ty/eleventy/cmd.cjs";
/** `npm run build`'s command (Node strips the TypeScript config's types), on this Node. */
export const SITE_BUILD = [process.execPath, ELEVENTY, "--config=eleventy.config.ts"];
export const BARE_BUILD = [process.execPath, ELEVENTY];
/** The children's environment: the default SITE_URL, no NODE_OPTIONS. */
export const ENV: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: "0" };
for (const name of ["SITE_URL", "NODE_OPTIONS", "NODE_COMPILE_CACHE"]) delete ENV[name];
/** The middle value (every count here is odd). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
export const ratio = (a: number, b: number) => (a / b).toFixed(2);

const [started, folders]: [ChildProcess[], string[]] = [[], []];
/** Kills the process groups started so far: at a part's end, and at exit. */
export function stopServers(): void {
  for (const child of started.splice(0))
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGKILL");
}
// However the run ends (done, failed, Ctrl-C), the servers and the folders go with it (Chromium: Playwright).
process.on("exit", () => {
  stopServers();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));

/** A new folder in the RAM disk; its node_modules links to the project's packages, but not to .cache. */
async function scratch(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(SCRATCH, `exp-bench-${name}-`));
  folders.push(dir);
  await mkdir(path.join(dir, "node_modules"));
  for (const entry of await readdir(path.join(ROOT, "node_modules")))
    if (entry !== ".cache")
      await symlink(path.join(ROOT, "node_modules", entry), path.join(dir, "node_modules", entry));
  return dir;
}

/** The project's files as git lists them (tracked and new, not ignored), copied from the work tree. */
export async function projectCopy(): Promise<string> {
  const dir = await scratch("site");
  const list = "git ls-files -z --cached --others --exclude-standard";
  const script = `${list} | tar -c --null --ignore-failed-read -T - | tar -x -C "$0"`;
  await exec("bash", ["-c", script, dir], { cwd: ROOT });
  return dir;
}

/** Eleventy with an empty config and 18 small Markdown pages in a minimal layout. */
export async function bareSite(): Promise<string> {
  const dir = await scratch("bare");
  await writeFile(path.join(dir, "package.json"), '{ "private": true, "type": "module" }\n');
  await writeFile(path.join(dir, "eleventy.config.js"), "export default function () {}\n");
  await mkdir(path.join(dir, "_includes"));
  const layout = "<!doctype html><html lang=en><title>{{ title }}</title><body>{{ content | safe }}</body>";
  await writeFile(path.join(dir, "_includes/layout.njk"), `${layout}</html>\n`);
  await addPages(path.join(dir, "pages"), 18, (n) => `title: Page ${n}\nlayout: layout.njk`);
  return dir;
}

/** A small page of plain Markdown (no digits: the site's build refuses figures typed by hand). */
const PAGE_BODY =
  "# A generated page\n\nA paragraph with *emphasis*, **strong** text and `code`.\n\n- one\n- two\n\n" +
  '| Name | Note |\n| --- | --- |\n| alpha | first |\n\n```js\nconsole.log("hello");\n```\n';
/** Writes `${name}1.md` … `${name}${count}.md` into `dir`, with the front matter `head(n)`. */
export async function addPages(dir: string, count: number, head: (n: number) => string, name = "page-") {
  await mkdir(dir, { recursive: true });
  for (let n = 1; n <= count; n++)
    await writeFile(path.join(dir, `${name}${n}.md`), `---\n${head(n)}\n---\n\n${PAGE_BODY}`);
}

/** One build from an empty state (no _site/, no node_modules/.cache): wall clock and the child's CPU, ms. */
export async function timedBuild(dir: string, command: string[]) {
  await exec("rm", ["-rf", "_site", "node_modules/.cache"], { cwd: dir });
  // bash's `times` prints, last, the user and system time of its finished children.
  const script = ["-c", '"$@" >/dev/null || exit; times', "-", ...command];
  const started = Date.now();
  const { stdout } = await exec("bash", script, { cwd: dir, env: ENV });
  const wall = Date.now() - started;
  const [, um, us, sm, ss] = (/(\d+)m([\d.]+)s (\d+)m([\d.]+)s\s*$/.exec(stdout) ?? []).map(Number);
  return { wall, cpu: (um! * 60 + us! + sm! * 60 + ss!) * 1000 };
}

/** Starts `command` in a process group of its own, killed at exit; `waitFor` reads its output. */
export function start(command: string[], cwd: string, env = ENV) {
  const child = spawn(command[0]!, command.slice(1), { cwd, env, detached: true });
  let printed = "";
  for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => (printed += chunk));
  started.push(child);
  // Resolves once what the process printed after character `from` matches `pattern`.
  const waitFor = async (pattern: RegExp, from = 0) => {
    for (const end = Date.now() + 180_000; !pattern.test(printed.slice(from)); await delay(20))
      if (Date.now() > end || child.exitCode !== null)
        throw new Error(`${command.join(" ")} did not print ${pattern}:\n${printed.slice(-3000)}`);
  };
  return { printed: () => printed, waitFor };
}

/** The tests' Chromium (`CHROME_PATH`, else npm's), without WebMCP. */
export const launchChromium = () => launchTestChromium({ webmcp: false });

let built: Promise<string> | undefined;
/** A copy of the project built once (default SITE_URL); its `_site/`, for the parts that read it. */
export function builtSite(): Promise<string> {
  const build = async (dir: string) => {
    await timedBuild(dir, SITE_BUILD);
    return path.join(dir, "_site");
  };
  return (built ??= projectCopy().then(build));
}
