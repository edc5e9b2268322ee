/**
 * `npm start` in a copy of the project: Eleventy watching and serving on a free port, with the
 * module hook `npm start` preloads, for tests of what a writer sees while editing.
 */
import { spawn } from "node:child_process";
import { freePort } from "./serve.ts";
import { HANG_GUARD_MS } from "./hang-guard.ts";

/** How long the dev server may take to print what a test waits for before the test fails as hung. */

export interface DevServer {
  /** `http://localhost:PORT/`. */
  url: string;
  port: number;
  /** Everything it has printed so far, stdout and stderr. */
  printed(): string;
  /** Resolves once what it printed after character `from` matches `pattern`. */
  waitFor(pattern: RegExp, from?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Starts `npm start`'s dev server in `project` and waits until it serves and watches. */
export async function startDevServer(project: string): Promise<DevServer> {
  const port = await freePort();
  const url = `http://localhost:${port}/`;
  const eleventy = spawn(process.execPath, ["--import", "./scripts/reload-modules.js", "node_modules/@11ty/eleventy/cmd.cjs", "--config=eleventy.config.ts", "--serve", `--port=${port}`], {
    cwd: project,
    // Plain output keeps the messages matchable.
    env: { ...process.env, SITE_URL: url, FORCE_COLOR: "0", NO_COLOR: "1" },
  });
  let printed = "";
  eleventy.stdout.on("data", (chunk) => (printed += chunk));
  eleventy.stderr.on("data", (chunk) => (printed += chunk));
  const waitFor = (pattern: RegExp, from = 0) =>
    new Promise<void>((resolve, reject) => {
      const guard = setTimeout(() => (clearInterval(poll), reject(new Error(`npm start printed no ${pattern}:\n${printed.slice(from)}`))), HANG_GUARD_MS);
      const poll = setInterval(() => {
        if (pattern.test(printed.slice(from))) resolve();
        else if (eleventy.exitCode === null) return;
        else reject(new Error(`npm start exited:\n${printed}`));
        clearInterval(poll);
        clearTimeout(guard);
      }, 100);
    });
  const stop = async () => {
    if (eleventy.exitCode !== null || eleventy.signalCode !== null) return;
    const exited = new Promise((resolve) => eleventy.once("exit", resolve));
    eleventy.kill();
    await exited;
  };
  try {
    await waitFor(/Server at/);
    await waitFor(/Watching/);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, printed: () => printed, waitFor, stop };
}
