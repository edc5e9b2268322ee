/**
 * Each build starts from an empty output folder, and one build at a time writes it
 * (_config/output-folder.ts): a renamed page leaves no old file, a file left in the folder
 * is gone after the next build, and two builds started at once in one checkout (two processes)
 * leave one whole build, not a mix of both. Nothing an earlier build leaves (an empty, garbled or
 * dead process's lock note, a build that ran out of disk space) makes a later one wait.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { lockOutput, lockPath } from "../../_config/output-folder.ts";
import {
  BUILD_ENV,
  buildInProcess,
  PATH_SITE_URL,
  ROOT,
  ROOT_SITE_URL,
  runBuild,
  withProjectCopy,
  withTempDir,
} from "../support/build.ts";
import { HANG_GUARD_MS } from "../support/hang-guard.ts";

const page = (slug: string) =>
  [
    "---",
    `title: ${slug}`,
    `permalink: /${slug}/`,
    "eleventyExcludeFromCollections: true",
    "---",
    "",
    `# ${slug}`,
    "",
  ].join("\n");

/** Every file under `dir`, relative, sorted. */
async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
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
      assert.not.ok(
        existsSync(path.join(output, "left-over.html")),
        "a file the build did not write is gone",
      );
      assert.ok(
        existsSync(path.join(output, "assets/calculator.js")),
        "the bundle is written after the folder is emptied",
      );
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
  const child = spawn(
    process.execPath,
    [eleventy, "--config=eleventy.config.ts", `--output=${output}`, "--quiet"],
    { cwd: project, env: { ...process.env, ...BUILD_ENV, SITE_URL: siteUrl } },
  );
  let printed = "";
  let onWaiting = () => {};
  const waiting = new Promise<void>((resolve) => (onWaiting = resolve));
  const collect = (chunk: Buffer) => {
    printed += chunk;
    if (printed.includes(`Waiting for the build in process ${holder}`)) onWaiting();
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const done = new Promise<{ code: number | null; printed: string }>((resolve) =>
    child.once("close", (code) => resolve({ code, printed })),
  );
  // Hang guard: a build that never waits would fail the test below, not hang it.
  void done.then(onWaiting);
  return { waiting, done };
}

const LOCK_MODULE = pathToFileURL(path.join(ROOT, "_config/output-folder.ts")).href;

/** Lines a child process prints, and a promise of the first line that includes `text`. */
function linesOf(child: ChildProcess) {
  let printed = "";
  const waiters: { text: string; resolve: () => void }[] = [];
  const collect = (chunk: Buffer) => {
    printed += chunk;
    for (const waiter of waiters.filter((one) => printed.includes(one.text))) waiter.resolve();
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const closed = new Promise<number | null>((resolve) => child.once("close", resolve));
  const seen = (text: string) =>
    new Promise<void>((resolve, reject) => {
      if (printed.includes(text)) return resolve();
      waiters.push({ text, resolve });
      void closed.then(() =>
        reject(new Error(`the process ended without printing ${JSON.stringify(text)}:\n${printed}`)),
      );
    });
  return { seen, closed, printed: () => printed };
}

/** A process of its own that takes the lock on `output` as a build does, and holds it until killed. */
async function holdLock(output: string): Promise<ChildProcess> {
  const script =
    `import { lockOutput } from ${JSON.stringify(LOCK_MODULE)}; await ` +
    `lockOutput(${JSON.stringify(output)}); console.log("held"); setInterval(() => {}, 1 << 30);`;
  const holder = spawn(process.execPath, ["--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  await linesOf(holder).seen("held");
  return holder;
}

test("two builds started at once into one folder leave one whole build", () =>
  withProjectCopy((project) =>
    withTempDir("concurrent-output", async (output) => {
      // A third process holds the folder while both builds reach it, so they must take turns after
      // it: one build in a process of its own, the other in this process (buildInProcess).
      const holder = await holdLock(output);
      try {
        const prefixed = startBuild(project, output, PATH_SITE_URL, holder.pid!);
        let onWaiting = () => {};
        const waiting = new Promise<void>((resolve) => (onWaiting = resolve));
        const root = buildInProcess(project, output, ROOT_SITE_URL, {
          onPrint: (printed) =>
            printed.includes(`Waiting for the build in process ${holder.pid}`) && onWaiting(),
        });
        // Hang guard, as for the other build.
        void root.then(onWaiting, onWaiting);
        await Promise.all([waiting, prefixed.waiting]);
        // The holder ends without letting go, as a killed build does: its lock ends with it.
        holder.kill("SIGKILL");
        const [rootResult, b] = await Promise.all([root, prefixed.done]);
        const a = { code: rootResult.ok ? 0 : 1, printed: rootResult.output };
        assert.is(a.code, 0, a.printed);
        assert.is(b.code, 0, b.printed);
        for (const { printed } of [a, b]) {
          // More than a process number: the command and since when, and how to end the wait.
          assert.match(
            printed,
            new RegExp(
              `Waiting for the build in process ${holder.pid} \\(node, holding it since ` +
                `\\d{4}-\\d\\d-\\d\\dT.*fix that build or stop it \\(kill ${holder.pid}\\)`,
            ),
          );
        }

        // Whichever finished last wrote the folder, and only it.
        const written = await files(output);
        const texts = await Promise.all(
          written
            .filter((file) => /\.(html|md|txt|json|xml)$/.test(file))
            .map((file) => readFile(path.join(output, file), "utf8")),
        );
        const roots = texts.filter((text) => text.includes(ROOT_SITE_URL)).length;
        const paths = texts.filter((text) => text.includes(PATH_SITE_URL)).length;
        assert.ok(
          (roots === 0) !== (paths === 0),
          `one build's files only (${roots} name ${ROOT_SITE_URL}, ${paths} name ${PATH_SITE_URL})`,
        );
        // And all of them: what it says it wrote and copied, and the bundle and the link previews' card
        // written beside them.
        const summary = (roots > 0 ? a : b).printed.match(/Copied (\d+) Wrote (\d+) files/);
        assert.ok(summary, "the build prints what it wrote");
        assert.is(written.length, Number(summary![1]) + Number(summary![2]) + 2, written.join("\n"));
        assert.ok(written.includes("assets/calculator.js") && written.includes("assets/share-card.png"));
        assert.not.ok(existsSync(lockPath(output)), "no lock is left");
      } finally {
        holder.kill("SIGKILL");
      }
    }),
  ));

/** Waits for `promise`, failing (not hanging) when it has not settled within the hang guard. */
function guarded<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>(
    (_, reject) =>
      (timer = setTimeout(
        () => reject(new Error(`${what}: still waiting after the hang guard`)),
        HANG_GUARD_MS,
      )),
  );
  return Promise.race([promise, guard]).finally(() => clearTimeout(timer));
}

/** Leftovers an earlier build can leave in `_site.lock`, each with the words the message names it by. */
async function leftovers(): Promise<
  { what: string; plant: (lock: string) => Promise<void>; named: RegExp }[]
> {
  const gone = spawnSync(process.execPath, ["-e", ""]).pid!;
  const pidFile = (text: string) => async (lock: string) => {
    await mkdir(lock);
    await writeFile(path.join(lock, "pid"), text);
  };
  return [
    {
      what: "an empty folder (a full disk before the pid was written)",
      plant: (lock) => mkdir(lock).then(() => {}),
      named: /an empty lock folder/,
    },
    {
      what: "an empty pid file",
      plant: pidFile(""),
      named: /a pid file holding "", which is not a process number/,
    },
    {
      what: "garbage",
      plant: pidFile("garbage"),
      named: /a pid file holding "garbage", which is not a process number/,
    },
    { what: "0", plant: pidFile("0"), named: /a pid file holding "0", which is not a process number/ },
    { what: "-1", plant: pidFile("-1"), named: /a pid file holding "-1", which is not a process number/ },
    {
      what: "an exited process",
      plant: pidFile(String(gone)),
      named: new RegExp(`process ${gone}'s note; that process holds no lock now`),
    },
    // A live process that is no build: a number reused, or any process at all.
    {
      what: "a live process that holds no lock",
      plant: pidFile(String(process.ppid)),
      named: new RegExp(`process ${process.ppid}'s note; that process holds no lock now`),
    },
    {
      what: "an unreadable pid",
      plant: async (lock) => void (await mkdir(path.join(lock, "pid"), { recursive: true })),
      named: /a lock folder whose pid file is unreadable \(EISDIR\)/,
    },
    {
      what: "a file instead of a folder",
      plant: (lock) => writeFile(lock, "12345"),
      named: /a file where the lock folder goes/,
    },
  ];
}

test("whatever an earlier build left in the lock is taken over at once, saying what it was", async () => {
  for (const { what, plant, named } of await leftovers()) {
    await withTempDir("stale-lock", async (output) => {
      await plant(lockPath(output));
      const said: string[] = [];
      const release = await guarded(
        lockOutput(output, (message) => said.push(message)),
        what,
      );
      assert.is(said.length, 1, `${what}: ${said.join("\n")}`);
      assert.match(said[0]!, `Took over the output folder ${output}: ${lockPath(output)} held `, what);
      assert.match(said[0]!, named, what);
      assert.is(await readFile(path.join(lockPath(output), "pid"), "utf8"), String(process.pid), what);
      release();
      assert.not.ok(existsSync(lockPath(output)), what);
    });
  }
});

/**
 * A process of its own that takes the lock, and while it holds it makes a marker file that must
 * not exist yet (`wx`): a second holder at the same time finds it and says so.
 */
function racer(output: string, marker: string): ChildProcess {
  const script = [
    `import { lockOutput } from ${JSON.stringify(LOCK_MODULE)};`,
    `import { writeFileSync, unlinkSync } from "node:fs";`,
    `const release = await lockOutput(${JSON.stringify(output)});`,
    `try { writeFileSync(${JSON.stringify(marker)}, String(process.pid), { flag: "wx" }); } catch ` +
      `(error) { console.log("TWO HOLDERS", error.code); }`,
    // Hold it across a few turns of the event loop, so that an overlap would be seen.
    `for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));`,
    `unlinkSync(${JSON.stringify(marker)});`,
    `release();`,
    `console.log("released");`,
  ].join("\n");
  return spawn(process.execPath, ["--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "pipe"],
  });
}

test("racing processes over a stale lock hold it one at a time, and one of them takes it over", async () => {
  const stale = (await leftovers()).filter(({ what }) =>
    ["garbage", "an exited process", "an empty folder (a full disk before the pid was written)"].includes(
      what,
    ),
  );
  for (const { what, plant } of stale) {
    await withTempDir("raced-lock", async (output) => {
      await plant(lockPath(output));
      const racers = Array.from({ length: 6 }, () =>
        linesOf(racer(output, path.join(output, "..", `${path.basename(output)}.holding`))),
      );
      const codes = await guarded(Promise.all(racers.map((one) => one.closed)), what);
      const printed = racers.map((one) => one.printed());
      assert.equal(
        codes,
        racers.map(() => 0),
        `${what}: ${printed.join("\n")}`,
      );
      assert.not.ok(
        printed.some((text) => text.includes("TWO HOLDERS")),
        `${what}: two held the lock at once:\n${printed.join("\n")}`,
      );
      assert.ok(
        printed.every((text) => text.includes("released")),
        `${what}: each held it once`,
      );
      assert.is(
        printed.filter((text) => text.includes("Took over")).length,
        1,
        `${what}: one takes over the leftover:\n${printed.join("\n")}`,
      );
      assert.not.ok(existsSync(lockPath(output)), `${what}: no lock is left`);
    });
  }
});

test("a build that runs out of disk space leaves nothing that stops the next one", () =>
  withProjectCopy((project) =>
    withTempDir("full-disk", async (output) => {
      const preload = `--import=${pathToFileURL(path.join(ROOT, "tests/support/no-space.ts")).href}`;
      // First the lock's note cannot be written, then the site's own files cannot.
      for (const full of [lockPath(output), output]) {
        const failed = await runBuild(project, output, ROOT_SITE_URL, {
          NODE_OPTIONS: preload,
          NO_SPACE_UNDER: full,
        });
        assert.not.ok(failed.ok, `${full}: the build with a full disk fails`);
        assert.match(failed.output, "ENOSPC", full);
        const next = await guarded(
          buildInProcess(project, output, ROOT_SITE_URL),
          "the build after a full disk",
        );
        assert.ok(next.ok, next.output);
        assert.not.match(next.output, "Waiting for");
        assert.ok(
          existsSync(path.join(output, "index.html")) &&
            existsSync(path.join(output, "assets/calculator.js")),
          "the next build writes the site",
        );
        assert.not.ok(existsSync(lockPath(output)), "and lets go of the lock");
      }
    }),
  ));

test.run();
