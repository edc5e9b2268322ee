/**
 * `npm start` only: the dev server is the writer's alone. Eleventy's dev server
 * (`@11ty/eleventy-dev-server` 2.x) listens on every network interface, accepts its live-reload
 * WebSocket from any page, and leaves a request whose path it cannot map (`/..%2fpackage.json`)
 * unanswered (an unhandled rejection). Here:
 * - it listens on loopback (127.0.0.1) unless `npm start -- --host=ADDRESS` says otherwise;
 * - with loopback, a request naming another host (a DNS-rebinding page) gets 403;
 * - a WebSocket from a page of another origin is refused, so no other site reads the build errors
 *   (stack traces, absolute paths, source lines) the socket carries;
 * - a path that does not decode, or climbs out of the site (`..`), gets 400;
 * - deleting a source file rebuilds, as adding or changing one does, so a deleted page's error goes;
 * - it stops when the process that started it is gone or its project folder is deleted, so no dev
 *   server is left running (and watching) without a terminal or a project; and Ctrl-C ends it.
 * See https://www.11ty.dev/docs/dev-server/ (`middleware`, `ready`, `setServerOptions`).
 */
import { existsSync, rmSync, watch, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type UserConfig from "@11ty/eleventy/UserConfig";

/** The environment variable through which `scripts/serve-host.js` hands on `--host`. */
export const HOST_VARIABLE = "EXP_BANK_SERVE_HOST";

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/**
 * The address the dev server listens on: `--host` (through HOST_VARIABLE), else 127.0.0.1, where
 * `localhost` reaches it too (browsers and Node try each address of a name in turn).
 */
export const serveHost = (env: NodeJS.ProcessEnv = process.env) => env[HOST_VARIABLE]?.trim() || "127.0.0.1";

const isLoopback = (host: string) => LOOPBACK_NAMES.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);

/** The host name of a Host header (`localhost:8080` → `localhost`, `[::1]:8080` → `[::1]`). */
const hostName = (header: string) => header.replace(/:\d+$/, "").toLowerCase();

/**
 * Why the dev server refuses a request: 400 for a path that does not decode or climbs out of the
 * site, 403 for a Host that is not this machine while it serves loopback only; else null.
 */
export function refusal(
  url: string,
  hostHeader: string | undefined,
  host: string,
): { status: number; reason: string } | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(new URL(url, "http://localhost/").pathname);
  } catch {
    return { status: 400, reason: "the path has a malformed %-escape" };
  }
  if (decoded.split(/[/\\]/).includes("..") || decoded.includes("\0"))
    return { status: 400, reason: "the path climbs out of the site" };
  if (isLoopback(host) && hostHeader !== undefined && !isLoopback(hostName(hostHeader))) {
    return {
      status: 403,
      reason:
        `this server answers only for this machine (localhost), not ${hostName(hostHeader)}; start it ` +
        "with npm start -- --host=ADDRESS to serve others",
    };
  }
  return null;
}

/** Whether a WebSocket upgrade comes from a page this server served: its Origin is the Host asked for. */
export function allowedSocket(
  origin: string | undefined,
  hostHeader: string | undefined,
  host: string,
): boolean {
  if (!hostHeader) return false;
  if (isLoopback(host) && !isLoopback(hostName(hostHeader))) return false;
  // A client that is not a browser sends no Origin; a browser always does.
  return origin === undefined || origin === `http://${hostHeader}` || origin === `https://${hostHeader}`;
}

interface Request {
  url?: string;
  headers: Record<string, string | string[] | undefined>;
}
interface Response {
  statusCode: number;
  setHeader(name: string, value: string): void;
  end(body?: string): void;
}
interface DevServer {
  updateServer?: { options: { verifyClient?: (info: { origin?: string; req: Request }) => boolean } };
}

/**
 * Eleventy's dev server 2.x takes no host: it listens with `server.listen({ port })`, on every
 * interface, from its one `_serverListen(port)`. That method is given the host here; a test
 * (tests/builds/dev-loop.test.ts) fails if a dev server update moves it.
 */
function listenOn(host: string): void {
  const require = createRequire(import.meta.url);
  const DevServerClass = require("@11ty/eleventy-dev-server") as {
    prototype: { _serverListen(port: number): void; server: { listen(options: object): void } };
  };
  DevServerClass.prototype._serverListen = function (
    this: { server: { listen(options: object): void } },
    port: number,
  ) {
    this.server.listen({ port, host });
  };
}

/** The files a build reads: pages, layouts, partials, data and modules. */
const SOURCE = /(^|\/)[^./][^/]*\.(md|njk|html|liquid|ts|js|json|txt|css|svg)$/;

/**
 * Rebuilds when a file under `folders` is deleted. Eleventy's watcher only logs a deletion, so
 * a deleted page stays in the site and its error on the page; here a deletion rewrites a file
 * Eleventy watches, which starts a build like any change.
 */
/** Set on the process once the deletion watch is up. */
const WATCHING = Symbol.for("exp-bank.rebuildOnDelete");

/**
 * How long after a deletion its build starts. Eleventy's watcher (chokidar) holds a deletion back
 * 100 ms, to tell a deleted file from one an editor saved by swapping it, and only then does
 * Eleventy forget the file; a build started sooner still renders the deleted page, from its memory
 * of it, and nothing rebuilds after. The timers share this process's event loop, so 200 ms always
 * comes after chokidar's 100, however busy the machine.
 */
const AFTER_THE_WATCHER_MS = 200;

/** The file a deletion rewrites, one per dev server process; removed when the process exits. */
export const deletionTrigger = (pid = process.pid) => path.join(tmpdir(), `exp-bank-deleted-${pid}.txt`);

function rebuildOnDelete(eleventyConfig: UserConfig, folders: string[]): void {
  const trigger = deletionTrigger();
  eleventyConfig.addWatchTarget(trigger);
  // Once per process: the config runs again after an edit under _config/ (a config reset), and a
  // second trigger write or watcher would start a second, overlapping build.
  const state = globalThis as { [WATCHING]?: boolean };
  if (state[WATCHING]) return;
  state[WATCHING] = true;
  writeFileSync(trigger, "");
  process.once("exit", () => rmSync(trigger, { force: true }));
  for (const folder of folders.filter((one) => existsSync(one))) {
    watch(folder, { recursive: true, persistent: false }, (event, file) => {
      // A source file gone, and still gone once the watcher has let Eleventy know; not an editor's
      // swap or backup file.
      const gone = () => Boolean(file && SOURCE.test(file) && !existsSync(path.join(folder, file)));
      if (event !== "rename" || !gone()) return;
      setTimeout(() => {
        if (gone()) writeFileSync(trigger, `${folder}/${file}\n`);
      }, AFTER_THE_WATCHER_MS).unref();
    });
  }
}

/** How often the dev server looks for its parent and its project folder. */
const ORPHAN_CHECK_MS = 1000;
/** Set on the process once it checks for its parent and folder, and listens for Ctrl-C. */
const STOPS = Symbol.for("exp-bank.devServerStops");

/**
 * Why the dev server should stop: the process that started it has ended (this one was handed to
 * another parent), or the project folder holding `configFile` is gone; else null.
 */
export function orphaned(parent: number, currentParent: number, configFile: string): string | null {
  if (currentParent !== parent) return `the process that started it (${parent}) has ended`;
  if (!existsSync(configFile)) return `its project folder is gone (${path.dirname(configFile)})`;
  return null;
}

/**
 * Ctrl-C (SIGINT): Eleventy closes its server and watcher and leaves the process to end once
 * nothing is left to do, which never came: about a hundred file watches stayed open (as
 * `process.getActiveResourcesInfo()` showed), and `npm start` kept running. So the process exits
 * a moment after, as Eleventy meant it to. SIGTERM (`kill PID`, a process manager) would end it
 * at once without its exit handlers, leaving the deletion trigger behind: it exits through them.
 */
const STOP_AFTER_MS = 500;

function exitOnInterrupt(): void {
  process.once("SIGINT", () => setTimeout(() => process.exit(), STOP_AFTER_MS).unref());
  process.once("SIGTERM", () => process.exit(143));
}

/** Ends this process when `orphaned` says so; its exit handlers stop esbuild and release the output folder. */
function exitWhenOrphaned(): void {
  const parent = process.ppid;
  const configFile = path.resolve("eleventy.config.ts");
  setInterval(() => {
    const reason = orphaned(parent, process.ppid, configFile);
    if (!reason) return;
    console.error(`npm start: stopping the dev server: ${reason}.`);
    process.exit(1);
  }, ORPHAN_CHECK_MS).unref();
}

/** Wires the above into `npm start`; a build (`npm run build`) runs no server and is untouched. */
export function writersDevServer(eleventyConfig: UserConfig, folders: string[]): void {
  if (!process.argv.includes("--serve")) return;
  const host = serveHost();
  listenOn(host);
  rebuildOnDelete(eleventyConfig, folders);
  // Once per process: the config runs again on a config reset.
  const state = globalThis as { [STOPS]?: boolean };
  if (!state[STOPS]) {
    state[STOPS] = true;
    exitOnInterrupt();
    exitWhenOrphaned();
  }
  eleventyConfig.setServerOptions({
    middleware: [
      (request: Request, response: Response, next: () => void) => {
        const refused = refusal(request.url ?? "/", request.headers.host as string | undefined, host);
        if (!refused) return next();
        response.statusCode = refused.status;
        response.setHeader("Content-Type", "text/plain; charset=utf-8");
        response.end(`${refused.status === 400 ? "Bad Request" : "Forbidden"}: ${refused.reason}\n`);
      },
    ],
    ready: (server: DevServer) => {
      if (!server.updateServer) return;
      server.updateServer.options.verifyClient = ({ origin, req }) =>
        allowedSocket(origin, req.headers.host as string | undefined, host);
    },
  });
}
