/**
 * The dev loop (`npm start`): with `scripts/reload-modules.js` preloaded, one watching Eleventy
 * process picks up edits to a contract module deep in the data's imports and to a `_data` module,
 * rebuilding with the new values instead of Node's cached modules and without a restart (so the
 * open tab keeps its live reload). Runs in a copy of the project, removed afterwards.
 */
import { spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { setTimeout as delay } from "node:timers/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { editFile, readBuilt, withProjectCopy } from "./support/build.ts";

/** A guard against hanging only: a rebuild takes seconds, however busy the machine. */
const HANG_GUARD_MS = 180_000;

function withoutSiteUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { SITE_URL: _unset, ...rest } = env;
  return rest;
}

test("a watching build follows edits to assets/contract and _data modules in the same process", () => withProjectCopy(async (project) => {
  const output = path.join(project, "_site");
  const eleventy = spawn(process.execPath, ["--import", "./scripts/reload-modules.js", "node_modules/@11ty/eleventy/cmd.cjs", "--config=eleventy.config.ts", "--watch"], {
    cwd: project,
    // uvu forces colour; plain output keeps the build summaries matchable.
    // SITE_URL unset: the localhost address `npm start` serves (a blank value is refused).
    env: { ...withoutSiteUrl(process.env), FORCE_COLOR: "0", NO_COLOR: "1" },
  });
  let printed = "";
  eleventy.stdout.on("data", (chunk) => (printed += chunk));
  eleventy.stderr.on("data", (chunk) => (printed += chunk));
  const completedBuilds = () => (printed.match(/Wrote \d+ files[^]*?Watching/g) ?? []).length;
  /** Resolves once Eleventy has finished `count` builds and is watching again; rejects if it exits first. */
  const builds = (count: number) =>
    new Promise<void>((resolve, reject) => {
      const done = () => completedBuilds() >= count;
      const check = () => {
        if (done()) finish();
      };
      const exited = () => finish(new Error(`Eleventy exited before build ${count} finished:\n${printed}`));
      const guard = setTimeout(() => finish(new Error(`build ${count} did not finish in ${HANG_GUARD_MS / 1000} s:\n${printed}`)), HANG_GUARD_MS);
      function finish(error?: Error) {
        clearTimeout(guard);
        eleventy.stdout.off("data", check);
        eleventy.stderr.off("data", check);
        eleventy.off("exit", exited);
        if (error) reject(error);
        else resolve();
      }
      eleventy.stdout.on("data", check);
      eleventy.stderr.on("data", check);
      eleventy.once("exit", exited);
      if (eleventy.exitCode !== null) exited();
      else check();
    });
  /**
   * Makes an edit and waits for a build whose `outputFile` shows `expected`. The watcher may still be
   * starting when Eleventy prints "Watching…", and a change it has not seen yet starts no build;
   * writing the file again (same content, newer time) after a quiet second is a change it does see.
   * A build started before the edit (by such a rewrite) may finish first, with the old text; the
   * wait goes on to the next one.
   */
  const editAndRebuild = async (file: string, search: string, replacement: string, outputFile: string, expected: RegExp) => {
    await editFile(project, file, search, replacement);
    const target = path.join(project, file);
    const shown = (async () => {
      let seen = completedBuilds();
      try {
        for (;;) {
          await builds(seen + 1);
          seen = completedBuilds();
          if (expected.test(await readBuilt(output, outputFile))) return;
        }
      } catch (error) {
        throw new Error(`No rebuild wrote the edit of ${file} to ${outputFile}: ${(error as Error).message}`);
      }
    })();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      if (await Promise.race([shown.then(() => true), delay(1000).then(() => false)])) return;
      await writeFile(target, await readFile(target, "utf8"));
    }
    await shown;
  };
  try {
    await builds(1);
    assert.match(await readBuilt(output, "openapi.json"), /"version": "1\.0\.0"/);
    await editAndRebuild("assets/constants.ts", 'API_VERSION = "1.0.0"', 'API_VERSION = "1.0.7"', "openapi.json", /"version": "1\.0\.7"/);
    assert.match(await readBuilt(output, "openapi.json"), /"version": "1\.0\.7"/, "the contract constant reached the rebuilt openapi.json");
    await editAndRebuild("_data/calculator.ts", "Shows how a gem balance grows", "Shows how a GEM balance grows", "api/info.json", /Shows how a GEM balance grows/);
    assert.match(await readBuilt(output, "api/info.json"), /Shows how a GEM balance grows/, "the data edit reached the rebuilt api/info.json");
    assert.is(eleventy.exitCode, null, "the same process is still watching");
  } finally {
    eleventy.kill();
    await new Promise((resolve) => (eleventy.exitCode === null && eleventy.signalCode === null ? eleventy.once("exit", resolve) : resolve(null)));
  }
}));

test.run();
