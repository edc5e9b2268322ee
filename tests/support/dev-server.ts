/**
 * `npm start` in a copy of the project, on a free port, as a writer runs it: npm, tsx's watcher and
 * Eleventy in one process group, stopped together.
 */
import { spawn } from "node:child_process";
import { setTimeout as delay } from "node:timers/promises";
import { freePort } from "./serve.ts";
import { HANG_GUARD_MS } from "./browser.ts";

export interface DevServer {
  /** `http://localhost:PORT/`. */
  url: string;
  port: number;
  /** Its process group: npm's process number. */
  group: number;
  /** Everything it has printed so far, stdout and stderr. */
  printed(): string;
  /** Resolves once what it printed after character `from` matches `pattern`. */
  waitFor(pattern: RegExp, from?: number): Promise<void>;
  running(): boolean;
  stop(): Promise<void>;
}

/** Whether any process of the group `group` still runs. */
function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

/** Starts `npm start -- --port=N` in `project`; resolves once it serves and watches. */
export async function startDevServer(project: string): Promise<DevServer> {
  const port = await freePort();
  const { SITE_URL: _unset, ...inherited } = process.env;
  const child = spawn("npm", ["start", "--", `--port=${port}`], {
    cwd: project,
    detached: true,
    env: { ...inherited, FORCE_COLOR: "0", NO_COLOR: "1" },
  });
  let printed = "";
  const waiters = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    printed += chunk;
    for (const check of waiters) check();
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  child.once("exit", () => waiters.forEach((check) => check()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const waitFor = (pattern: RegExp, from = 0) =>
    new Promise<void>((resolve, reject) => {
      const finish = (error?: Error) => {
        clearTimeout(guard);
        waiters.delete(check);
        if (error) reject(error);
        else resolve();
      };
      const check = () => {
        if (pattern.test(printed.slice(from))) finish();
        else if (!running()) finish(new Error(`npm start exited before printing ${pattern}:\n${printed}`));
      };
      const guard = setTimeout(
        () => finish(new Error(`npm start never printed ${pattern}:\n${printed}`)),
        HANG_GUARD_MS,
      );
      waiters.add(check);
      check();
    });
  const stop = async () => {
    if (running()) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(-child.pid!, "SIGTERM");
      await exited;
    }
    // npm can exit before Eleventy and esbuild do: wait for the whole group, so nothing still writes
    // into the project when it is removed; after 5 s, kill what is left.
    for (let waited = 0; groupAlive(child.pid!); waited += 20) {
      if (waited === 5000) process.kill(-child.pid!, "SIGKILL");
      await delay(20);
    }
  };
  const server = {
    url: `http://localhost:${port}/`,
    port,
    group: child.pid!,
    printed: () => printed,
    waitFor,
    running,
    stop,
  };
  try {
    await waitFor(/Server at/);
    await waitFor(/Watching/);
  } catch (error) {
    await stop();
    throw error;
  }
  return server;
}
