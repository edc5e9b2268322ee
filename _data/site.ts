/**
 * `site`: where the site lives. The one setting is the `SITE_URL` environment variable, a full URL
 * that may carry a path (`https://user.github.io/exp-bank/`); every absolute URL in every output
 * is built from it with `new URL(path, site.url)`.
 */
import { PRODUCT_NAME } from "../assets/contract/constants.ts";
import packageJson from "../package.json" with { type: "json" };

/** Used when `SITE_URL` is not set: the address `npm start` serves. */
export const DEFAULT_SITE_URL = "http://localhost:8080/";

/** Site-relative paths of the pages and files other outputs link to; permalinks read them too. */
export const paths = {
  home: "",
  docs: "docs/",
  api: "api/",
  auth: "auth/",
  info: "api/info.json",
  ranks: "api/ranks.json",
  openapi: "openapi.json",
  agentGuide: "llms.txt",
  apiAgentGuide: "api/llms.txt",
  overview: "index.md",
  accessPolicy: "auth.md",
  fullAgentGuide: "llms-full.txt",
  apiCatalog: ".well-known/api-catalog",
  sitemap: "sitemap.xml",
  robots: "robots.txt",
  notFound: "404.html",
  stylesheet: "assets/site.css",
  icon: "assets/favicon.svg",
  calculatorScript: "assets/calculator.js",
} as const;

export type SitePath = keyof typeof paths;

/** Parses `SITE_URL`: an absolute http(s) URL, normalised to end with `/`. */
export function parseSiteUrl(value: string | undefined): URL {
  const text = value?.trim() || DEFAULT_SITE_URL;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`SITE_URL: "${text}" is not an absolute URL; set it to the public address of the site, such as https://user.github.io/exp-bank/`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`SITE_URL: "${text}" must start with https:// or http://`);
  }
  if (url.search || url.hash) {
    throw new Error(`SITE_URL: "${text}" must not carry a query or fragment; give only the origin and path`);
  }
  if (!url.pathname.endsWith("/")) url.pathname += "/";
  return url;
}

const base = parseSiteUrl(process.env.SITE_URL);

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
  urls: Object.fromEntries(Object.entries(paths).map(([key, path]) => [key, absoluteUrl(path)])) as Record<SitePath, string>,
  contact: { name: `${PRODUCT_NAME} maintainers`, url: absoluteUrl(`${paths.docs}#support`) },
  /** The licence of the site and its data, an SPDX identifier from `package.json`. */
  license: { name: packageJson.license, identifier: packageJson.license },
  termsOfService: absoluteUrl(`${paths.docs}#terms-of-use`),
};

export type Site = typeof site;
export default site;
