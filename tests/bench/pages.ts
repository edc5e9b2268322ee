/**
 * Page weight: the bytes a first visit to `/` and to `/docs/` transfers, the HTML and every
 * subresource it references (scripts and the modules they import, stylesheets and what they
 * reference, icons, images), raw and gzip -9 (GitHub Pages compresses text), and how much of it
 * is JavaScript. Fetched over HTTP from the served build, as a browser with an empty cache would.
 */
import { gzipSync } from "node:zlib";
import { paths } from "../../_data/site.ts";
import { PATH_SITE_URL } from "../support/build.ts";
import { HOMEPAGE_JS_BUDGET, homepageScripts } from "../support/homepage-scripts.ts";
import type { BenchContext, BenchRow, BenchSection } from "./types.ts";

const PAGES = [
  { name: "/", path: paths.home },
  { name: "/docs/", path: paths.docs },
];

/** Link relations whose target the browser fetches with the page. */
const FETCHED_RELATIONS = new Set([
  "stylesheet",
  "icon",
  "shortcut",
  "apple-touch-icon",
  "modulepreload",
  "preload",
  "manifest",
]);

interface Resource {
  url: string;
  kind: "html" | "script" | "style" | "other";
  raw: number;
  gzip: number;
}

const attribute = (tag: string, name: string): string | undefined =>
  tag
    .match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, "i"))
    ?.slice(1)
    .find((value) => value !== undefined);

/** Subresources an HTML page makes the browser fetch. */
function htmlReferences(html: string): string[] {
  const found: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link|img|source|video|audio|iframe)\b[^>]*>/gi)) {
    const name = tag.slice(1).split(/[\s>]/)[0]!.toLowerCase();
    if (name === "link") {
      const relations = (attribute(tag, "rel") ?? "").toLowerCase().split(/\s+/);
      const href = attribute(tag, "href");
      if (href && relations.some((relation) => FETCHED_RELATIONS.has(relation))) found.push(href);
    } else {
      const source = attribute(tag, "src");
      if (source) found.push(source);
    }
  }
  // An inline module's imports (the homepage imports its bundle after the first paint).
  for (const [, script] of html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi))
    found.push(...scriptReferences(script!));
  return found;
}

/** Modules a script imports (static and dynamic imports with literal specifiers). */
function scriptReferences(script: string): string[] {
  return [
    ...script.matchAll(
      /(?:\bimport\s*(?:[\w*{}\s,$]+from\s*)?|\bimport\s*\(\s*|\bexport\s*[\w*{}\s,$]+from\s*)["']([^"']+)["']/g,
    ),
  ]
    .map((match) => match[1]!)
    .filter((specifier) => /^(?:\.{0,2}\/|https?:)/.test(specifier));
}

/** Files a stylesheet references (`url(...)` and `@import`). */
function styleReferences(css: string): string[] {
  const urls = [...css.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/g)].map(
    (match) => match[1] ?? match[2] ?? match[3] ?? "",
  );
  const imports = [...css.matchAll(/@import\s+["']([^"']+)["']/g)].map((match) => match[1]!);
  return [...urls, ...imports].filter(
    (reference) => reference !== "" && !reference.startsWith("data:") && !reference.startsWith("#"),
  );
}

function kindOf(contentType: string): Resource["kind"] {
  if (contentType.includes("html")) return "html";
  if (contentType.includes("javascript")) return "script";
  if (contentType.includes("css")) return "style";
  return "other";
}

/** The page and everything it pulls in, each fetched once; a missing subresource is an error. */
async function pageResources(pageUrl: string): Promise<Resource[]> {
  const seen = new Map<string, Resource>();
  const queue = [pageUrl];
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url} (referenced from ${pageUrl}) answered ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    const kind = kindOf(response.headers.get("content-type") ?? "");
    seen.set(url, { url, kind, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    const text = kind === "other" ? "" : body.toString("utf8");
    const references =
      kind === "html"
        ? htmlReferences(text)
        : kind === "script"
          ? scriptReferences(text)
          : kind === "style"
            ? styleReferences(text)
            : [];
    for (const reference of references) {
      const target = new URL(reference, response.url);
      target.hash = "";
      // Only this site's files count; the pages reference no other origin (their CSP forbids it).
      if (target.origin === new URL(pageUrl).origin) queue.push(target.href);
    }
  }
  return [...seen.values()];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (resources: Resource[], key: "raw" | "gzip") =>
  resources.reduce((total, resource) => total + resource[key], 0);

const pagesBench: BenchSection = async ({ siteUrl, siteDir }: BenchContext): Promise<BenchRow[]> => {
  const rows: BenchRow[] = [];
  for (const page of PAGES) {
    const resources = await pageResources(new URL(page.path, siteUrl).href);
    const scripts = resources.filter((resource) => resource.kind === "script");
    const files = `${resources.length} file${resources.length === 1 ? "" : "s"}`;
    rows.push(
      {
        metric: `${page.name} bytes transferred, HTML and subresources (${files}), raw`,
        value: kb(sum(resources, "raw")),
      },
      { metric: `${page.name} bytes transferred, gzip -9`, value: kb(sum(resources, "gzip")) },
      {
        metric: `${page.name} JavaScript (${scripts.length} file${scripts.length === 1 ? "" : "s"}), raw / gzip -9`,
        value: `${kb(sum(scripts, "raw"))} / ${kb(sum(scripts, "gzip"))}`,
      },
    );
  }
  rows.push(await homepageJavaScript(siteDir));
  return rows;
};

/** The homepage's JavaScript as `npm test` counts it against its budget: the module and what the inline script adds. */
async function homepageJavaScript(siteDir: string): Promise<BenchRow> {
  // The benchmark's build is made for PATH_SITE_URL (tests/bench.ts).
  const scripts = await homepageScripts(siteDir, PATH_SITE_URL);
  const total = scripts.reduce((sum, script) => sum + script.gzipped, 0);
  const grouped = (bytes: number) => bytes.toLocaleString("en-US");
  return {
    metric:
      "/ JavaScript, gzip -9, as `npm test` counts it: each file, and what the inline script adds to the gzipped page",
    value:
      `${scripts.map((script) => `${grouped(script.gzipped)}`).join(" + ")} = ${grouped(total)} bytes ` +
      `(${kb(total)})`,
    target: `≤ ${HOMEPAGE_JS_BUDGET / 1024} KB gzip (${grouped(HOMEPAGE_JS_BUDGET)} bytes)`,
  };
}

export default pagesBench;
