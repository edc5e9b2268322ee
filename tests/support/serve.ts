/**
 * Serves a built site on 127.0.0.1 under its path prefix, the way GitHub Pages does: media types
 * from the extension, fresh for 600 s (a browser's next load reuses scripts, styles and fonts), folder
 * URLs redirected to the trailing slash, and `404.html` with status 404 for anything missing.
 */
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { createServer as createNetServer, type AddressInfo } from "node:net";

const MEDIA_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".png": "image/png",
  ".map": "application/json; charset=utf-8",
};

export interface ServedSite {
  /** `http://127.0.0.1:PORT/prefix/`, the local address of the site's base URL. */
  url: string;
  origin: string;
  close(): Promise<void>;
}

const isFile = async (file: string) => (await stat(file).catch(() => null))?.isFile() ?? false;
const isDirectory = async (file: string) => (await stat(file).catch(() => null))?.isDirectory() ?? false;

/** Text that GitHub Pages compresses when the client accepts gzip. */
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript))|^image\/svg/;

/**
 * `options.gzip`: compress text bodies for clients that accept gzip, as GitHub Pages does (the
 * benchmark measures pages as they are delivered); the tests read bodies plain.
 */
export async function serveSite(
  siteDir: string,
  pathPrefix = "/",
  options: { gzip?: boolean } = {},
): Promise<ServedSite> {
  const root = path.resolve(siteDir);
  const prefix = pathPrefix.endsWith("/") ? pathPrefix : `${pathPrefix}/`;
  const server = createServer(async (request, response) => {
    const send = async (status: number, file: string | null) => {
      const body = file ? await readFile(file) : Buffer.from("Not found\n");
      const type = file
        ? (MEDIA_TYPES[path.extname(file)] ?? "application/octet-stream")
        : "text/plain; charset=utf-8";
      const compress =
        options.gzip === true &&
        COMPRESSIBLE.test(type) &&
        /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""));
      const sent = compress ? gzipSync(body) : body;
      response.writeHead(status, {
        "content-type": type,
        "access-control-allow-origin": "*",
        "cache-control": "max-age=600",
        ...(compress ? { "content-encoding": "gzip", vary: "Accept-Encoding" } : {}),
      });
      response.end(request.method === "HEAD" ? undefined : sent);
    };
    const notFound = async () => {
      const page = path.join(root, "404.html");
      await send(404, (await isFile(page)) ? page : null);
    };
    // The request target is a path: "//host/x" is the path "//host/x", never another host.
    const url = new URL(`http://localhost${request.url ?? "/"}`);
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return notFound();
    }
    if (!pathname.startsWith(prefix)) return notFound();
    const file = path.join(root, pathname.slice(prefix.length));
    if (!file.startsWith(root)) return notFound();
    if (await isDirectory(file)) {
      if (!pathname.endsWith("/")) {
        // One leading slash, so the redirect stays on this origin ("//docs" is not a host).
        response.writeHead(301, { location: `${url.pathname.replace(/^\/+/, "/")}/${url.search}` });
        return response.end();
      }
      const index = path.join(file, "index.html");
      return (await isFile(index)) ? send(200, index) : notFound();
    }
    return (await isFile(file)) ? send(200, file) : notFound();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${bound}`;
  return {
    origin,
    url: `${origin}${prefix}`,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** A loopback port nothing listens on now, for a server that must be told its port before it starts. */
export async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
