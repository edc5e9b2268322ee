/**
 * `npm start` in a copy of the project: Eleventy watching and serving on a free port, with the
 * module hook `npm start` preloads, for tests of what a writer sees while editing.
 */
import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { BUILD_ENV, projectCopy } from "./build.ts";
import { freePort } from "./serve.ts";
import { HANG_GUARD_MS } from "./browser.ts";

export interface DevServer {
  /** `http://localhost:PORT/`. */
  url: string;
  port: number;
  /** The process started: npm for `startNpmStart` (the leader of its process group), else Node. */
  pid: number;
  /** Everything it has printed so far, stdout and stderr. */
  printed(): string;
  /** Resolves once what it printed after character `from` matches `pattern`. */
  waitFor(pattern: RegExp, from?: number): Promise<void>;
  /** Resolves once `done` holds, checked as output arrives; `what` names the wait in its failure. */
  waitUntil(done: () => boolean, what: string): Promise<void>;
  /** Whether the process is still running. */
  running(): boolean;
  stop(): Promise<void>;
}

/** Plain output keeps the messages matchable. */
const PLAIN = { FORCE_COLOR: "0", NO_COLOR: "1" };

/** Starts `npm start`'s dev server in `project` and waits until it serves and watches. */
export async function startDevServer(project: string): Promise<DevServer> {
  const port = await freePort();
  const url = `http://localhost:${port}/`;
  const server = serve(
    port,
    spawn(
      process.execPath,
      [
        "--import",
        "./scripts/reload-modules.js",
        "node_modules/@11ty/eleventy/cmd.cjs",
        "--config=eleventy.config.ts",
        "--serve",
        `--port=${port}`,
      ],
      {
        cwd: project,
        env: { ...process.env, SITE_URL: url, ...PLAIN },
      },
    ),
  );
  await server.started(/Server at/);
  return server;
}

/**
 * Runs `npm start -- --port=N` itself in `project`, with `SITE_URL` unset as a writer has it, and
 * waits until it serves `http://localhost:N/` and watches.
 */
export async function startNpmStart(project: string): Promise<DevServer> {
  const port = await freePort();
  const { SITE_URL: _unset, ...env } = process.env;
  // `detached`: npm, the shell and Eleventy share one process group, stopped together.
  const server = serve(
    port,
    spawn("npm", ["start", "--", `--port=${port}`], {
      cwd: project,
      detached: true,
      env: { ...env, ...PLAIN },
    }),
    true,
  );
  await server.started(new RegExp(`Server at ${server.url.replaceAll(".", "\\.")}`));
  return server;
}

/**
 * Eleventy's own `--serve` in `project` with `config` and nothing preloaded (the benchmark's bare
 * baseline), with Node's compile cache as `npm start` has it; waits until it serves and watches.
 */
export async function startEleventyServe(project: string, config: string): Promise<DevServer> {
  const port = await freePort();
  const args = ["node_modules/@11ty/eleventy/cmd.cjs", `--config=${config}`, "--serve", `--port=${port}`];
  const server = serve(
    port,
    spawn(process.execPath, args, { cwd: project, env: { ...process.env, ...BUILD_ENV, ...PLAIN } }),
  );
  await server.started(/Server at/);
  return server;
}

type Child = ReturnType<typeof spawn>;

function serve(
  port: number,
  child: Child,
  group = false,
): DevServer & { started(line: RegExp): Promise<void> } {
  const url = `http://localhost:${port}/`;
  const running = () => child.exitCode === null && child.signalCode === null;
  let printed = "";
  const waiters = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    printed += chunk;
    for (const check of waiters) check();
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  child.once("exit", () => {
    for (const check of waiters) check();
  });
  const waitUntil = (done: () => boolean, what: string) =>
    new Promise<void>((resolve, reject) => {
      const finish = (error?: Error) => {
        clearTimeout(guard);
        waiters.delete(check);
        if (error) reject(error);
        else resolve();
      };
      const check = () => {
        if (done()) finish();
        else if (!running()) finish(new Error(`npm start exited before ${what}:\n${printed}`));
      };
      const guard = setTimeout(
        () => finish(new Error(`npm start did not get to ${what} in ${HANG_GUARD_MS / 1000} s:\n${printed}`)),
        HANG_GUARD_MS,
      );
      waiters.add(check);
      check();
    });
  const waitFor = (pattern: RegExp, from = 0) =>
    waitUntil(() => pattern.test(printed.slice(from)), `print ${pattern}${from ? " again" : ""}`);
  const stop = async () => {
    if (!running()) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      if (group) process.kill(-child.pid!, "SIGTERM");
      else child.kill();
    } catch {
      // It has already stopped.
    }
    await exited;
  };
  const started = async (line: RegExp) => {
    try {
      await waitFor(line);
      await waitFor(/Watching/);
    } catch (error) {
      await stop();
      throw error;
    }
  };
  return { url, port, pid: child.pid!, printed: () => printed, waitFor, waitUntil, running, stop, started };
}

/** A test file's own copy of the project, served by `npm start`: starting it costs more than all its rebuilds. */
export interface ServedCopy {
  project: string;
  server: DevServer;
}

/** Copies the project and starts `npm start` in the copy. */
export async function startServedCopy(): Promise<ServedCopy> {
  const project = await projectCopy();
  return { project, server: await startNpmStart(project) };
}

/** Stops `npm start` and deletes its copy of the project; safe after a start that failed part-way. */
export async function removeServedCopy(copy: Partial<ServedCopy>): Promise<void> {
  await copy.server?.stop();
  if (copy.project) await rm(copy.project, { recursive: true, force: true });
}
