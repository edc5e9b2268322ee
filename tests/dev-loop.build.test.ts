/**
 * The dev loop (`npm start`): with `scripts/reload-modules.js` preloaded, one watching Eleventy
 * process picks up edits to a contract module deep in the data's imports and to a `_data` module,
 * rebuilding with the new values instead of Node's cached modules and without a restart (so the
 * open tab keeps its live reload); `npm start -- --port=N` serves on that port, and the site's
 * URLs name it. Runs in copies of the project, removed afterwards.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:net";
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
   * Makes an edit and returns `outputFile` as the first build that shows `expected` wrote it. The
   * watcher may still be starting when Eleventy prints "Watching…", and a change it has not seen
   * yet starts no build; so while Eleventy has printed no "File changed" since the edit, the file is
   * written again (same content, newer time) after each quiet second. A build that started before
   * the edit may finish first with the old text, and each build empties the output folder first, so
   * a file read between builds may be missing: the wait goes on to the next build.
   */
  const editAndRebuild = async (file: string, search: string, replacement: string, outputFile: string, expected: RegExp): Promise<string> => {
    const from = printed.length;
    await editFile(project, file, search, replacement);
    const target = path.join(project, file);
    const shown = (async () => {
      let seen = completedBuilds();
      try {
        for (;;) {
          await builds(seen + 1);
          seen = completedBuilds();
          const text = await readBuilt(output, outputFile).catch(() => "");
          if (expected.test(text)) return text;
        }
      } catch (error) {
        throw new Error(`No rebuild wrote the edit of ${file} to ${outputFile}: ${(error as Error).message}`);
      }
    })();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const text = await Promise.race([shown, delay(1000).then(() => undefined)]);
      if (text !== undefined) return text;
      if (!printed.slice(from).includes("File changed")) await writeFile(target, await readFile(target, "utf8"));
    }
    return shown;
  };
  try {
    await builds(1);
    assert.match(await readBuilt(output, "openapi.json"), /"version": "1\.0\.0"/);
    const contract = await editAndRebuild("assets/constants.ts", 'API_VERSION = "1.0.0"', 'API_VERSION = "1.0.7"', "openapi.json", /"version": "1\.0\.7"/);
    assert.match(contract, /"version": "1\.0\.7"/, "the contract constant reached the rebuilt openapi.json");
    const info = await editAndRebuild("_data/calculator.ts", "Shows how a gem balance grows", "Shows how a GEM balance grows", "api/info.json", /Shows how a GEM balance grows/);
    assert.match(info, /Shows how a GEM balance grows/, "the data edit reached the rebuilt api/info.json");
    assert.is(eleventy.exitCode, null, "the same process is still watching");
  } finally {
    eleventy.kill();
    await new Promise((resolve) => (eleventy.exitCode === null && eleventy.signalCode === null ? eleventy.once("exit", resolve) : resolve(null)));
  }
}));

/** A port nothing listens on now: the system's pick for port 0. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

test("npm start -- --port=N serves there, and every absolute URL of the site names that port", () => withProjectCopy(async (project) => {
  const port = await freePort();
  // `detached`: npm, the shell and Eleventy share one process group, stopped together below.
  const server = spawn("npm", ["start", "--", `--port=${port}`], { cwd: project, detached: true, env: { ...withoutSiteUrl(process.env), FORCE_COLOR: "0", NO_COLOR: "1" } });
  let printed = "";
  server.stdout.on("data", (chunk) => (printed += chunk));
  server.stderr.on("data", (chunk) => (printed += chunk));
  try {
    const base = `http://localhost:${port}/`;
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (printed.includes(`Server at ${base}`)) finish();
      };
      const exited = () => finish(new Error(`npm start -- --port=${port} exited before it printed "Server at ${base}":\n${printed}`));
      const guard = setTimeout(() => finish(new Error(`npm start -- --port=${port} printed no "Server at ${base}" in ${HANG_GUARD_MS / 1000} s:\n${printed}`)), HANG_GUARD_MS);
      function finish(error?: Error) {
        clearTimeout(guard);
        server.stdout.off("data", check);
        server.stderr.off("data", check);
        server.off("exit", exited);
        if (error) reject(error);
        else resolve();
      }
      // Registered after the collectors above, so `printed` already holds each chunk a check sees.
      server.stdout.on("data", check);
      server.stderr.on("data", check);
      server.once("exit", exited);
      check();
    });
    const home = await (await fetch(base)).text();
    assert.match(home, new RegExp(`<link rel="canonical" href="${base}">`), "the homepage's canonical URL names the port");
    const guide = await (await fetch(new URL("llms.txt", base))).text();
    assert.ok(guide.includes(`${base}openapi.json`), "llms.txt links name the port");
    assert.not.ok(guide.includes("localhost:8080"), "no URL names the default port");
  } finally {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      // The server has already stopped.
    }
    await new Promise((resolve) => (server.exitCode === null && server.signalCode === null ? server.once("exit", resolve) : resolve(null)));
  }
}));

test.run();
