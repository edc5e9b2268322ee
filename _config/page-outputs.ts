/**
 * What the build writes, checked before any page renders or is written:
 *
 * - every template's URL is a kind the site publishes: a page (`/faq/` or `.html`), a twin (`.md`),
 *   JSON, text, or the sitemap and API catalog by name; nothing else a browser could run (`.htm`,
 *   `.xhtml`, `.svg`, `.HTML`). The rest of `site.paths` (the bundles, the card, the icon) the build
 *   writes itself, in `/assets/`, where no template may; nor may one make another output's file a
 *   folder (`eleventy.contentMap`, in every build and rebuild, once all URLs are known);
 * - every output's file stays inside the output folder: a permalink with `..`, an absolute path or
 *   `permalinkBypassOutputDir` would write elsewhere on the builder's disk (Eleventy's data schema,
 *   run for every template: https://www.11ty.dev/docs/data-validate/; `content/pages/` has its own,
 *   which allows only page URLs).
 *
 * Failures name the file (and the line of its `permalink`) and the fix.
 */
import path from "node:path";
import { paths } from "../_data/site.ts";
import { MARKER } from "./output-folder.ts";
import { fileLine } from "./page-source.ts";

/** `content/pages/faq.md:3` where the page's `permalink:` is, or the file alone. */
const permalinkAt = (inputPath: string) => fileLine(inputPath, (line) => /^permalink\s*:/.test(line));

type OutputData = {
  page: { inputPath: string; outputPath: string | false };
  layout?: unknown;
  permalinkBypassOutputDir?: unknown;
  eleventyDataSchema?: unknown;
  eleventyComputed?: object;
};

/**
 * An `eleventyDataSchema` that fails when a page's file would land outside `outputFolder`, or its layout is not
 * one of `_includes/layouts/` (Eleventy reads any file as a layout, `layout: ../../notes.md` too, and ships it).
 */
export function insideOutput(outputFolder: string): (data: OutputData) => void {
  const folder = path.resolve(outputFolder) + path.sep;
  return ({ page, layout, permalinkBypassOutputDir }) => {
    if (layout !== undefined && layout !== false && !/^layouts\/[\w-]+\.liquid$/.test(String(layout)))
      throw new Error(
        `${fileLine(page.inputPath, (line) => /^layout\s*:/.test(line))}: layout: a layout is a file of ` +
          "_includes/layouts/, such as layout: layouts/base.liquid",
      );
    if (page.outputPath === false) return;
    const written = path.resolve(page.outputPath);
    if (!permalinkBypassOutputDir && written.startsWith(folder)) return;
    throw new Error(
      `${permalinkAt(page.inputPath)}: its output ${written} is outside the output folder ` +
        `${folder}; write a permalink inside the site, such as /faq/, without "..", an absolute path ` +
        "or permalinkBypassOutputDir",
    );
  };
}

/** A page's URL: a folder (`/faq/`, written as `/faq/index.html`) or an `.html` file. */
const PAGE = /(?:\/|\.html)$/;
const NAMED = [paths.sitemap, paths.apiCatalog].map((name) => `/${name}`);
/** What templates publish: pages, twins, JSON, text, and two files by name (case counts: `.HTML` is not a page). */
const published = (url: string) => PAGE.test(url) || /\.(?:md|json|txt)$/.test(url) || NAMED.includes(url);
/** The folders of the files the build writes itself (the bundles and their chunks, the card, the icon): `/assets/`. */
const dirname = (name: string) => `/${path.posix.dirname(name)}/`;
const OWN = Object.values(paths).flatMap((name) => (published(`/${name}`) ? [] : [dirname(name)]));

/** What is wrong with `url` among the outputs' `files`, or "" when nothing is (a page's own rules: its data schema). */
function urlProblem(url: string, files: readonly (string | false)[]): string {
  const own = OWN.find((folder) => url.startsWith(folder));
  if (own) return `${url} is in ${own}, where the build writes its own files; choose another permalink`;
  const file = files.find((name) => url.startsWith(`${name}/`));
  if (file) return `${url} would make ${file}, a file the build writes, a folder; choose another permalink`;
  if (published(url)) return "";
  return (
    `the permalink ${url} is not a kind the site publishes; end it in /, .html, .md, .json or .txt ` +
    `(only ${NAMED.join(" and ")} are written by name)`
  );
}

/** Fails when a template would write anything but what the site publishes (`eleventy.contentMap`). */
export function checkOutputUrls(inputPathToUrl: Record<string, readonly (string | false)[]>): void {
  const outputs = Object.values(inputPathToUrl).flat();
  const files = [`/${MARKER}`, ...outputs.filter((url) => url && !url.endsWith("/"))];
  const problems = Object.entries(inputPathToUrl).flatMap(([inputPath, urls]) =>
    // `permalink: false` (the URL false) writes no file.
    urls
      .map((url) => (url === false ? "" : urlProblem(url, files)))
      .filter(Boolean)
      .map((problem) => `  ${permalinkAt(inputPath)}: ${problem}`),
  );
  if (problems.length > 0)
    throw new Error(
      `Templates writing what the site does not publish (${problems.length}):\n${problems.join("\n")}`,
    );
}

/**
 * Eleventy runs a data schema only when it is a function: `eleventyDataSchema: false` in front matter, a
 * data file or `eleventyComputed` would skip every check, so a preprocessor of every template refuses it.
 */
export function keepsDataSchema({ eleventyDataSchema: schema, eleventyComputed, page }: OutputData): void {
  if (typeof schema === "function" && !Object.hasOwn(eleventyComputed ?? {}, "eleventyDataSchema")) return;
  const at = fileLine(page.inputPath, (line) => /\beleventyDataSchema\s*:/.test(line));
  throw new Error(`${at}: eleventyDataSchema is the site's checks; remove it from the front matter or data`);
}
