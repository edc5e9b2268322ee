/**
 * `npm start` only: the dev server is the writer's alone, and shows a failed rebuild on the page.
 * - It listens on loopback (127.0.0.1) unless `HOST=ADDRESS npm start` says otherwise. Eleventy's
 *   dev server 2.x has no host option (https://github.com/11ty/eleventy-dev-server/issues/128): its
 *   `_serverListen(port)` is replaced here, the project's only patch of a dependency, to listen on
 *   the host behind the checks below; `tests/browser/dev-loop.test.ts` fails if an update moves it.
 * - A request naming a host that is not this machine (a DNS-rebinding page) gets 403; a request
 *   target that is not a path (`GET http://…`, `OPTIONS *`, which the server itself leaves hanging),
 *   does not decode or climbs out of the site (`/..%2fpackage.json`) gets 400. The live-reload
 *   socket, which carries build errors with paths and source lines, opens only for this server's
 *   own pages (its Origin is the Host asked for).
 * See https://www.11ty.dev/docs/dev-server/ (`middleware`, `onRequest`).
 */
import { STATUS_CODES, type IncomingMessage, type Server } from "node:http";
import { createRequire } from "node:module";
import { hostname, networkInterfaces } from "node:os";
import type UserConfig from "@11ty/eleventy/UserConfig";
import { buildErrorsOnThePage } from "./build-errors.ts";

const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];

/** The names a request may give in its Host header: loopback's, and this machine's own when it listens beyond. */
export function ownNames(host: string): Set<string> {
  const names = new Set(LOOPBACK);
  if (LOOPBACK.includes(host) || /^127\./.test(host)) return names.add(host);
  const name = hostname().toLowerCase();
  for (const own of [host, name, `${name}.local`]) names.add(own.toLowerCase());
  for (const address of Object.values(networkInterfaces()).flat())
    if (address) names.add(address.family === "IPv6" ? `[${address.address}]` : address.address);
  return names;
}

/** Why the dev server refuses a request, or null. */
export function refusal(
  target: string,
  hostHeader: string | undefined,
  names: ReadonlySet<string>,
): Refusal | null {
  if (!target.startsWith("/")) return { status: 400, reason: "the request target is not a path" };
  let path: string;
  try {
    path = decodeURIComponent(new URL(target, "http://localhost/").pathname);
  } catch {
    return { status: 400, reason: "the path has a malformed %-escape" };
  }
  if (path.split(/[/\\]/).includes("..") || path.includes("\0"))
    return { status: 400, reason: "the path climbs out of the site" };
  const asked = (hostHeader ?? "").replace(/:\d+$/, "").toLowerCase();
  if (!names.has(asked))
    return { status: 403, reason: `this server answers for ${[...names].join(", ")}, not "${asked}"` };
  return null;
}

/** Why a live-reload socket is refused: its page is not one this server served. */
function socketRefusal(request: IncomingMessage): Refusal | null {
  const { origin, host } = request.headers;
  if (origin === undefined || origin === `http://${host}` || origin === `https://${host}`) return null;
  return { status: 403, reason: `a page of ${origin} may not open this server's socket` };
}

type Refusal = { status: number; reason: string };
type Handler = (request: IncomingMessage, ...rest: unknown[]) => void;

/** Puts `refused` in front of the server's own handlers of `event`: a refused request never reaches them. */
function guard(
  server: Server,
  event: "request" | "upgrade",
  refused: (request: IncomingMessage) => Refusal | null,
) {
  const handlers = server.listeners(event) as Handler[];
  server.removeAllListeners(event);
  server.on(event, (request: IncomingMessage, ...rest: unknown[]) => {
    const refusal = refused(request);
    if (!refusal) return handlers.forEach((handler) => handler.call(server, request, ...rest));
    const status = `${refusal.status} ${STATUS_CODES[refusal.status]}`;
    // Answered on the connection itself, as an upgrade (which has no response object) must be.
    request.socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n` +
        `${status}: ${refusal.reason}\n`,
    );
  });
}

/** Listens on `host`, with the checks in front (see above). */
function listenOn(host: string, names: ReadonlySet<string>): void {
  const DevServer = createRequire(import.meta.url)("@11ty/eleventy-dev-server") as {
    prototype: { _serverListen?(port: number): void };
  };
  if (typeof DevServer.prototype._serverListen !== "function")
    throw new Error("@11ty/eleventy-dev-server no longer has _serverListen: see _config/dev-server.ts");
  DevServer.prototype._serverListen = function (this: { server: Server }, port) {
    const refused = (request: IncomingMessage) => refusal(request.url ?? "", request.headers.host, names);
    guard(this.server, "request", refused);
    // The live-reload socket's handler is added once the server listens.
    this.server.once("listening", () =>
      guard(this.server, "upgrade", (request) => refused(request) ?? socketRefusal(request)),
    );
    this.server.listen({ port, host });
  };
}

export function writersDevServer(eleventyConfig: UserConfig, pathPrefix: string): void {
  const host = process.env.HOST?.trim() || "127.0.0.1";
  listenOn(host, ownNames(host));
  const errors = buildErrorsOnThePage(pathPrefix);
  // A saved file is read once its size has held for 50 ms (Eleventy waits 150 ms): an editor's save is
  // one write, and a file still being written is built again when its last write lands.
  eleventyConfig.setChokidarConfig({ awaitWriteFinish: { stabilityThreshold: 50, pollInterval: 10 } });
  eleventyConfig.setServerOptions({
    // Every absolute URL names the port `npm start` was given (`_data/site.ts`): a busy port stops.
    portReassignmentRetryCount: 0,
    onRequest: errors.onRequest,
    middleware: [errors.middleware],
  });
}
