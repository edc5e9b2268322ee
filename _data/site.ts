// Derived, not written by hand: the site's URLs, from the SITE_URL environment variable and package.json.
/**
 * `site`: where the site lives. The one setting is the `SITE_URL` environment variable, a full URL
 * that may carry a path (`https://user.github.io/exp-bank/`); every absolute URL in every output
 * is built from it with `new URL(path, site.url)`.
 */
import { parseArgs } from "node:util";
import { PRODUCT_NAME } from "../common/constants.ts";
import packageJson from "../package.json" with { type: "json" };

/**
 * The port `npm start` serves on: Eleventy's own `--port` option (`npm start -- --port=8347`),
 * read from the command line the way Eleventy reads it, else its default.
 */
export function servePort(argv: readonly string[]): number {
  const options = { port: { type: "string" } } as const;
  const given = parseArgs({ args: [...argv], options, strict: false }).values.port;
  if (given === undefined) return 8080; // Eleventy's default
  // Not strict, parseArgs reads a bare `--port` as true: no port was written.
  const value = given === true ? "" : given;
  const port = /^[0-9]{1,5}$/.test(String(value)) ? Number(value) : NaN;
  if (!(port >= 1 && port <= 65535))
    throw new Error(
      `--port: "${value}" is not a port; give a whole number from 1 to 65535, such as npm start -- --port=8347`,
    );
  return port;
}

/** Used when `SITE_URL` is not set: the address `npm start` serves, on its port. */
export const DEFAULT_SITE_URL = `http://localhost:${servePort(process.argv)}/`;

/**
 * A page URL's Markdown twin: the path without its trailing slash, plus `.md` (`/docs/` →
 * `docs.md`; the homepage, whose path is empty, → `index.md`). llmstxt.org appends `.md` to the
 * URL, which for a folder URL (`/docs/.md`) names no file; this is its reading for folder URLs.
 */
export function twinPath(pageUrl: string): string {
  const trimmed = pageUrl.replace(/^\/+|\/+$/g, "");
  return `${trimmed || "index"}.md`;
}

/** The pages' paths; the specification names the twins of two (`overview`, `accessPolicy`). */
const pagePaths = { home: "", docs: "docs/", api: "api/", auth: "auth/" } as const;

/** Site-relative paths of the pages and files other outputs link to; permalinks read them too. */
export const paths = {
  ...pagePaths,
  info: "api/info.json",
  ranks: "api/ranks.json",
  openapi: "openapi.json",
  agentGuide: "llms.txt",
  apiAgentGuide: "api/llms.txt",
  overview: twinPath(pagePaths.home),
  accessPolicy: twinPath(pagePaths.auth),
  fullAgentGuide: "llms-full.txt",
  apiCatalog: ".well-known/api-catalog",
  sitemap: "sitemap.xml",
  robots: "robots.txt",
  notFound: "404.html",
  icon: "assets/favicon.svg",
  shareCard: "assets/share-card.png",
  calculatorScript: "assets/calculator.js",
  toolsModule: "assets/exp-bank.js",
} as const;

export type SitePath = keyof typeof paths;

/**
 * Parses `SITE_URL`: an absolute http(s) URL with no credentials, query or fragment, a plain host
 * name (not an IPv6 address) and a path of URL-safe characters, normalised to end with `/`. Unset means the
 * address `npm start` serves; set but blank is a mistake.
 */
export function parseSiteUrl(value: string | undefined): URL {
  if (value === undefined) return new URL(DEFAULT_SITE_URL);
  const text = value.trim();
  const example = "such as https://user.github.io/exp-bank/";
  if (!text)
    throw new Error(
      `SITE_URL is set but blank; set it to the public address of the site, ${example}, or unset it ` +
        `to build for ${DEFAULT_SITE_URL}`,
    );
  const url = URL.parse(text);
  if (!url)
    throw new Error(
      `SITE_URL: "${text}" is not an absolute URL; set it to the public address of the site, ${example}`,
    );
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new Error(`SITE_URL: "${text}" must start with https:// or http://`);
  // The URL is published in every output, so credentials in it would be too.
  if (url.username || url.password)
    throw new Error(
      `SITE_URL: "${url.protocol}//${url.host}${url.pathname}" must not carry a user name or ` +
        `password; remove the "user:password@" part`,
    );
  // The text, not the parsed URL: `new URL` drops an empty `?` or `#`.
  if (/[?#]/.test(text))
    throw new Error(
      `SITE_URL: "${text}" must not carry a query or fragment ("?" or "#"); give only the origin and path`,
    );
  // Every output writes the URL into Markdown links, HTML attributes, JSON and XML: a character
  // that ends or opens something there (`(`, `)`, `'`, `"`, `<`, a space) would break every link.
  // So would an IPv6 literal's brackets, which Markdown links escape (`https://%5B::1%5D/`).
  const host = /[^a-z0-9.-]/.exec(url.hostname)?.[0];
  if (host)
    throw new Error(
      `SITE_URL: "${text}" has ${JSON.stringify(host)} in its host name, which holds only letters, ` +
        `digits, "-" and "."; correct the host name`,
    );
  const path = text.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "");
  const unsafe = /%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~/%]/u.exec(path)?.[0];
  if (unsafe)
    throw new Error(
      `SITE_URL: "${text}" has ${JSON.stringify(unsafe)} in its path, which would break the site's ` +
        "links in Markdown, HTML and JSON; use only letters, digits and - . _ ~ / in the path, or " +
        `percent-encode the character (such as %28 for "(")`,
    );
  if (!url.pathname.endsWith("/")) url.pathname += "/";
  return url;
}

const base = parseSiteUrl(process.env.SITE_URL);

/**
 * Whether the site is served from its origin's root. Root-only files, such as the RFC 9727 catalog
 * at `/.well-known/api-catalog` (a well-known URI, RFC 8615), exist only there: under a path such
 * as `/exp-bank/` the same file would not be a well-known URI.
 */
const ownsOriginRoot = base.pathname === "/";

/**
 * The repository the site is published from, read from the variables GitHub Actions sets in every
 * workflow (`GITHUB_SERVER_URL`, `GITHUB_REPOSITORY`), so Support can link its issues; `null` in a
 * build that has neither, where Support keeps its sentence without a link.
 * See https://docs.github.com/en/actions/reference/variables-reference#default-environment-variables
 */
export function parseRepository(
  serverUrl: string | undefined,
  repository: string | undefined,
): { url: string; issues: string } | null {
  const server = serverUrl?.trim();
  const name = repository?.trim();
  if (!server || !name) return null;
  if (!/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(name))
    throw new Error(
      `GITHUB_REPOSITORY: "${name}" is not owner/name; unset it, or set it the way GitHub Actions ` +
        "does, such as example/exp-bank",
    );
  const origin = URL.parse(server.endsWith("/") ? server : `${server}/`);
  if (origin?.protocol !== "https:" && origin?.protocol !== "http:")
    throw new Error(
      `GITHUB_SERVER_URL: "${server}" is not an absolute https:// or http:// URL; GitHub Actions sets it to ` +
        "https://github.com",
    );
  const url = new URL(name, origin).href;
  return { url, issues: `${url}/issues` };
}

/** The absolute URL of a site-relative path, such as `docs/` or `api/info.json`. */
export function absoluteUrl(path: string): string {
  return new URL(path.replace(/^\/+/, ""), base).href;
}

const site = {
  name: PRODUCT_NAME,
  language: "en",
  /** The public base address, ending with `/`. */
  url: base.href,
  /** The path the site is served under, such as `/exp-bank/`; Eleventy's `pathPrefix`. */
  pathPrefix: base.pathname,
  paths,
  /** Absolute URLs of every path in `paths`. */
  urls: Object.fromEntries(Object.entries(paths).map(([key, path]) => [key, absoluteUrl(path)])) as {
    [key in SitePath]: string;
  },
  /**
   * The RFC 9727 API catalog where the site owns its origin's root, else `null` (no file, no link).
   * RFC 9727 asks for the media type with its profile; a host that sets types by extension (GitHub
   * Pages) cannot, since the name has none, and sends `servedByGitHubPagesAs` instead.
   */
  apiCatalog: ownsOriginRoot
    ? {
        url: absoluteUrl(paths.apiCatalog),
        mediaType: "application/linkset+json",
        profile: "https://www.rfc-editor.org/info/rfc9727",
        servedByGitHubPagesAs: "application/octet-stream",
      }
    : null,
  repository: parseRepository(process.env.GITHUB_SERVER_URL, process.env.GITHUB_REPOSITORY),
  contact: { name: `${PRODUCT_NAME} maintainers`, url: absoluteUrl(`${paths.docs}#support`) },
  /** The licence of the site and its data, an SPDX identifier from `package.json`. */
  license: { name: packageJson.license, identifier: packageJson.license },
  termsOfService: absoluteUrl(`${paths.docs}#terms-of-use`),
};

export type Site = typeof site;
export default site;
