/**
 * `npm start` only: the dev server is the writer's alone, and shows a failed rebuild on the page.
 * - It listens on loopback (127.0.0.1) unless `HOST=ADDRESS npm start` says otherwise (`0.0.0.0`
 *   for a phone on the same network). Eleventy's dev server 2.x has no host option
 *   (https://github.com/11ty/eleventy-dev-server/issues/128): its one `_serverListen(port)` is given
 *   the host here, the project's only patch of a dependency; `tests/builds/dev-server.test.ts`
 *   fails if an update moves it.
 * - A request naming a host that is not this machine (a DNS-rebinding page) gets 403; a request
 *   target that is not a path (`GET http://…`, `OPTIONS *`), does not decode or climbs out of the
 *   site (`/..%2fpackage.json`) gets 400.
 * See https://www.11ty.dev/docs/dev-server/ (`middleware`, `onRequest`).
 */
import { createRequire } from "node:module";
import { hostname, networkInterfaces } from "node:os";
import type UserConfig from "@11ty/eleventy/UserConfig";
import { buildErrorsOnThePage } from "./build-errors.ts";

const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];

/** The address the dev server listens on: `HOST`, else loopback. */
export const serveHost = (env: NodeJS.ProcessEnv = process.env) => env.HOST?.trim() || "127.0.0.1";

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
export function refusal(target: string, hostHeader: string | undefined, names: ReadonlySet<string>) {
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

interface Request {
  url?: string;
  headers: { host?: string };
}
interface Response {
  statusCode: number;
  setHeader(name: string, value: string): void;
  end(body?: string): void;
}

/** Gives Eleventy's dev server the host to listen on (see above). */
function listenOn(host: string): void {
  const DevServer = createRequire(import.meta.url)("@11ty/eleventy-dev-server") as {
    prototype: { _serverListen?(port: number): void };
  };
  if (typeof DevServer.prototype._serverListen !== "function")
    throw new Error("@11ty/eleventy-dev-server no longer has _serverListen: see _config/dev-server.ts");
  DevServer.prototype._serverListen = function (this: { server: { listen(options: object): void } }, port) {
    this.server.listen({ port, host });
  };
}

export function writersDevServer(eleventyConfig: UserConfig, pathPrefix: string): void {
  const host = serveHost();
  listenOn(host);
  const names = ownNames(host);
  const errors = buildErrorsOnThePage(pathPrefix);
  eleventyConfig.setServerOptions({
    // Every absolute URL names the port `npm start` was given (`_data/site.ts`): a busy port stops.
    portReassignmentRetryCount: 0,
    onRequest: errors.onRequest,
    middleware: [
      (request: Request, response: Response, next: () => void) => {
        const refused = refusal(request.url ?? "", request.headers.host, names);
        if (!refused) return next();
        response.statusCode = refused.status;
        response.setHeader("Content-Type", "text/plain; charset=utf-8");
        response.end(`${refused.status === 400 ? "Bad Request" : "Forbidden"}: ${refused.reason}\n`);
      },
      errors.middleware,
    ],
  });
}
