/**
 * Each build starts from an empty output folder, and one build at a time writes it
 * (build/eleventy/output-folder.ts): a renamed page leaves no old file, a file left in the folder
 * is gone after the next build, and two builds started at once in one checkout (two processes)
 * leave one whole build, not a mix of both.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { lockOutput, lockPath } from "../build/eleventy/output-folder.ts";
import { BUILD_ENV, buildInProcess, PATH_SITE_URL, ROOT_SITE_URL, withProjectCopy, withTempDir } from "./support/build.ts";

const page = (slug: string) => ["---", `title: ${slug}`, `permalink: /${slug}/`, "eleventyExcludeFromCollections: true", "---", "", `# ${slug}`, ""].join("\n");

/** Every file under `dir`, relative, sorted. */
async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name))).sort();
}

test("a renamed page leaves no old file, and nothing from before the build survives it", async () => {
  await withProjectCopy(async (project) => {
    await withTempDir("fresh-output", async (output) => {
      await writeFile(path.join(project, "content/old-name.md"), page("old-name"));
      const first = await buildInProcess(project, output, ROOT_SITE_URL);
      assert.ok(first.ok, first.output);
      assert.ok(existsSync(path.join(output, "old-name/index.html")));

      await rm(path.join(project, "content/old-name.md"));
      await writeFile(path.join(project, "content/new-name.md"), page("new-name"));
      await writeFile(path.join(output, "left-over.html"), "<p>from an earlier build</p>");
      const second = await buildInProcess(project, output, ROOT_SITE_URL);
      assert.ok(second.ok, second.output);
      assert.ok(existsSync(path.join(output, "new-name/index.html")));
      assert.not.ok(existsSync(path.join(output, "old-name")), "the old page's folder is gone");
      assert.not.ok(existsSync(path.join(output, "left-over.html")), "a file the build did not write is gone");
      assert.ok(existsSync(path.join(output, "assets/calculator.js")), "the bundle is written after the folder is emptied");
      assert.ok(existsSync(path.join(output, "assets/favicon.svg")), "and so is the copied icon");
      assert.not.ok(existsSync(lockPath(output)), "the lock is released");
    });
  });
});

/**
 * Starts a build in a process of its own, as `npm run build` runs it in `project`, resolving
 * `waiting` once it says it waits for process `holder`.
 */
function startBuild(project: string, output: string, siteUrl: string, holder: number) {
  const eleventy = path.join(project, "node_modules/@11ty/eleventy/cmd.cjs");
  const child = spawn(process.execPath, [eleventy, "--config=eleventy.config.ts", `--output=${output}`, "--quiet"], { cwd: project, env: { ...process.env, ...BUILD_ENV, SITE_URL: siteUrl } });
  let printed = "";
  let onWaiting = () => {};
  const waiting = new Promise<void>((resolve) => (onWaiting = resolve));
  const collect = (chunk: Buffer) => {
    printed += chunk;
    if (printed.includes(`Waiting for the build in process ${holder}`)) onWaiting();
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const done = new Promise<{ code: number | null; printed: string }>((resolve) => child.once("close", (code) => resolve({ code, printed })));
  // Hang guard: a build that never waits would fail the test below, not hang it.
  void done.then(onWaiting);
  return { waiting, done };
}

test("two builds started at once into one folder leave one whole build", () => withProjectCopy((project) => withTempDir("concurrent-output", async (output) => {
  // A third process holds the folder while both builds reach it, so they must take turns after
  // it: one build in a process of its own, the other in this process (buildInProcess).
  const holder = spawn(process.execPath, ["-e", "setInterval(() => {}, 1 << 30)"], { stdio: "ignore" });
  try {
    await mkdir(lockPath(output));
    await writeFile(path.join(lockPath(output), "pid"), String(holder.pid));
    const prefixed = startBuild(project, output, PATH_SITE_URL, holder.pid!);
    let onWaiting = () => {};
    const waiting = new Promise<void>((resolve) => (onWaiting = resolve));
    const root = buildInProcess(project, output, ROOT_SITE_URL, { onPrint: (printed) => printed.includes(`Waiting for the build in process ${holder.pid}`) && onWaiting() });
    // Hang guard, as for the other build.
    void root.then(onWaiting, onWaiting);
    await Promise.all([waiting, prefixed.waiting]);
    // The holder lets go, as a build does when it is done.
    await rm(lockPath(output), { recursive: true });
    const [rootResult, b] = await Promise.all([root, prefixed.done]);
    const a = { code: rootResult.ok ? 0 : 1, printed: rootResult.output };
    assert.is(a.code, 0, a.printed);
    assert.is(b.code, 0, b.printed);
    assert.match(a.printed, `Waiting for the build in process ${holder.pid}`);
    assert.match(b.printed, `Waiting for the build in process ${holder.pid}`);

    // Whichever finished last wrote the folder, and only it.
    const written = await files(output);
    const texts = await Promise.all(written.filter((file) => /\.(html|md|txt|json|xml)$/.test(file)).map((file) => readFile(path.join(output, file), "utf8")));
    const roots = texts.filter((text) => text.includes(ROOT_SITE_URL)).length;
    const paths = texts.filter((text) => text.includes(PATH_SITE_URL)).length;
    assert.ok((roots === 0) !== (paths === 0), `one build's files only (${roots} name ${ROOT_SITE_URL}, ${paths} name ${PATH_SITE_URL})`);
    // And all of them: what it says it wrote and copied, and the bundle and the link previews' card
    // written beside them.
    const summary = (roots > 0 ? a : b).printed.match(/Copied (\d+) Wrote (\d+) files/);
    assert.ok(summary, "the build prints what it wrote");
    assert.is(written.length, Number(summary![1]) + Number(summary![2]) + 2, written.join("\n"));
    assert.ok(written.includes("assets/calculator.js") && written.includes("assets/share-card.png"));
    assert.not.ok(existsSync(lockPath(output)), "no lock is left");
  } finally {
    holder.kill();
  }
})));

test("a lock left by a process that has exited is taken over", async () => {
  await withTempDir("stale-lock", async (output) => {
    const gone = spawnSync(process.execPath, ["-e", ""]).pid!;
    await mkdir(lockPath(output));
    await writeFile(path.join(lockPath(output), "pid"), String(gone));
    const release = await lockOutput(output, () => assert.unreachable("must not wait for an exited process"));
    assert.is(await readFile(path.join(lockPath(output), "pid"), "utf8"), String(process.pid));
    release();
    assert.not.ok(existsSync(lockPath(output)));
  });
});

test.run();
