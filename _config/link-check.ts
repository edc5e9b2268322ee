/**
 * The link check after every build that writes files (`npm run build`, `npm start`, every build the
 * tests make), from the build's own output list in memory (Eleventy's `eleventy.after` results):
 * the links of every page, Markdown twin and text output (llms.txt, …), under the path prefix and
 * with `#fragments`, are looked up among the files the build wrote, as GitHub Pages would serve
 * them. Absolute links to the public base URL are looked up in this build, never fetched; links to
 * other sites are not followed. What counts as a link and as an anchor in each kind of output is
 * output-links.ts. linkinator, an independent crawler, checks the same builds in `npm test`
 * (tests/site/links.test.ts), and agrees with this check on every broken link the tests make.
 *
 * A broken link fails the build once, however many pages repeat it, naming the source file and
 * line where it is written, the URL, and the nearest valid pages or fragments.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { htmlAnchors, htmlLinks, textLinks, twinAnchors, twinLinks } from "./output-links.ts";
import { markdownLinks } from "./markdown-links.ts";
import { twinPath } from "./site-links.ts";
import { lineAt } from "./page-source.ts";
import { nearestNames } from "../common/text/closest-name.ts";
import { inputKey, KeptResults } from "./kept-results.ts";

/** The part of an Eleventy build result this check reads. */
export interface BuiltTemplate {
  inputPath: string;
  outputPath: string | false;
  url: string | false;
  content: string;
}

/** One broken link, with every place that writes it. */
export interface BrokenLink {
  /** The URL as the site publishes it (`https://example.github.io/exp-bank/rates/`). */
  url: string;
  /** Why it is broken and what would fix it. */
  reason: string;
  /** `source:line` of each place, such as `content/pages/docs.md:12`. */
  places: string[];
}

/** The three candidates nearest to `wanted`; among those as near, in alphabetical order. */
const nearest = (wanted: string, candidates: Iterable<string>) =>
  nearestNames(
    wanted,
    [...new Set(candidates)].sort((x, y) => x.localeCompare(y)),
  ).slice(0, 3);

/**
 * What was last read from each output, kept while its text stays the same: `npm start` rebuilds
 * every output after an edit, but most of them come out unchanged. One entry per output and kind.
 */
const lastRead = new Map<string, { text: string; read: unknown }>();

/** `read(text)`, or what it gave the last time `name` had this very text. */
function readOnce<T>(name: string, text: string, read: (text: string) => T): T {
  const last = lastRead.get(name);
  if (last?.text === text) return last.read as T;
  const fresh = read(text);
  lastRead.set(name, { text, read: fresh });
  return fresh;
}

/** The fragments an output offers: an HTML page's ids, or a Markdown twin's heading slugs as GitHub writes them. */
function anchorsOf(file: string, text: string): Set<string> {
  return readOnce(`anchors ${file}`, text, file.endsWith(".md") ? twinAnchors : htmlAnchors);
}

/** The first line of `text` holding any of `needles` (longest first), 1-based, or 0. */
function lineOf(text: string, needles: string[]): number {
  for (const needle of [...needles].sort((a, b) => b.length - a.length)) {
    if (!needle) continue;
    const at = text.indexOf(needle);
    if (at >= 0) return lineAt(text, at);
  }
  return 0;
}

interface Site {
  base: URL;
  /** Each written file's template, by its path in the output (`docs/index.html`). */
  templates: Map<string, BuiltTemplate>;
  /** The project folder, where `inputPath`s and `_includes/` are. */
  project: string;
}

/** Where a broken link is written, as `file:line`, given the output file that carries it. */
async function placeOf(site: Site, outputFile: string, needles: string[]): Promise<string> {
  const template = site.templates.get(outputFile);
  if (!template) return outputFile;
  // A twin is rendered from its page's source: the link is written there.
  let inputPath = template.inputPath;
  if (outputFile.endsWith(".md")) {
    const page = [...site.templates.values()].find(
      (other) =>
        other.url &&
        other.outputPath &&
        other.outputPath.endsWith(".html") &&
        twinPath(other.url) === outputFile,
    );
    if (page) inputPath = page.inputPath;
  }
  const source = path.relative(site.project, path.resolve(site.project, inputPath));
  const sourceText = await readFile(path.join(site.project, source), "utf8").catch(() => "");
  const line = lineOf(sourceText, needles);
  if (line) return `${source}:${line}`;
  // Links shared by every page come from a layout or partial.
  for (const partial of await includes(site.project)) {
    const partialLine = lineOf(
      await readFile(path.join(site.project, partial), "utf8"),
      needles.filter((needle) => needle.length > 2),
    );
    if (partialLine) return `${partial}:${partialLine} (on ${source})`;
  }
  // Written by code (a text output): the line of the built file.
  const builtLine = lineOf(template.content, needles);
  return builtLine ? `${source} (writes ${outputFile}:${builtLine})` : source;
}

async function includes(project: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(path.join(project, folder), { withFileTypes: true }).catch(() => [])) {
      const relative = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(relative);
      else if (entry.name.endsWith(".njk")) found.push(relative);
    }
  };
  await walk("_includes");
  return found.sort();
}

/** What the writer may have typed for `url`: with and without the prefix, the fragment, the last segment. */
function needlesFor(url: URL, base: URL): string[] {
  const sitePath = url.pathname.startsWith(base.pathname)
    ? `/${url.pathname.slice(base.pathname.length)}`
    : url.pathname;
  const segment = sitePath.split("/").filter(Boolean).pop() ?? "";
  return [
    url.href,
    `${url.pathname}${url.hash}`,
    `${sitePath}${url.hash}`,
    url.hash,
    url.pathname,
    sitePath === "/" ? "" : sitePath,
    segment.includes(".") ? segment : `/${segment}`,
  ];
}

/** Why `url` is broken, and the nearest valid pages or fragments. */
function reasonFor(site: Site, url: URL, kind: BrokenKind): string {
  const pages = [...site.templates.keys()].map(
    (file) => new URL(file.replace(/(^|\/)index\.html$/, "$1"), site.base).pathname,
  );
  if (!url.pathname.startsWith(site.base.pathname))
    return (
      `is outside the site's base path ${site.base.pathname}, where GitHub Pages serves another site; ` +
      `nearest pages: ${nearest(url.pathname, pages).join(", ")}`
    );
  if (kind.fragmentOf) {
    const file = kind.fragmentOf;
    const ids = anchorsOf(file, site.templates.get(file)?.content ?? "");
    const what = file.endsWith(".md") ? "no heading with that slug" : "no element with that id";
    return `names the fragment ${url.hash}, but ${file} has ${what}; nearest: ${
      nearest(decodeURIComponent(url.hash.slice(1)), ids)
        .map((id) => `#${id}`)
        .join(", ") || "none (it has no anchors)"
    }`;
  }
  return (
    "answers 404: the build wrote no such file; nearest pages: " +
    `${nearest(url.pathname, pages).join(", ")}. Link a page by its key ({{ "docs" | href }}) so its ` +
    "path follows the site."
  );
}

/** One output the check reads links from: its path in the output folder and its text. */
export interface OutputText {
  file: string;
  content: string;
}

/** What is broken about a link: the file has no such fragment (`fragmentOf`), or there is no such file. */
interface BrokenKind {
  fragmentOf?: string;
}

/** One broken link as the outputs carry it: the URL, which outputs link to it, and why. */
export interface BrokenTarget extends BrokenKind {
  /** The URL as the site publishes it, or a text output's bare `#fragment` as written. */
  url: string;
  /** The output files that link to it (`docs/index.html`, `llms.txt`). */
  outputs: string[];
}

/** The file GitHub Pages serves for a path of the site (`docs/` → `docs/index.html`), or undefined. */
function servedFile(sitePath: string, files: Set<string>): string | undefined {
  if (sitePath === "" || sitePath.endsWith("/"))
    return files.has(`${sitePath}index.html`) ? `${sitePath}index.html` : undefined;
  if (files.has(sitePath)) return sitePath;
  // A folder without its slash is redirected to it.
  return files.has(`${sitePath}/index.html`) ? `${sitePath}/index.html` : undefined;
}

/** The links of one output, by its kind; a text output's bare fragments are returned apart. */
function linksOf(output: OutputText, base: URL): { links: URL[]; bareFragments: string[] } {
  return readOnce(`links ${output.file} ${base.href}`, output.content, () => readLinks(output, base));
}

function readLinks(output: OutputText, base: URL): { links: URL[]; bareFragments: string[] } {
  // A page is served at its folder's URL (`docs/`), which its relative links and fragments start from.
  const url = new URL(output.file.replace(/(^|\/)index\.html$/, "$1"), base).href;
  if (output.file.endsWith(".html")) return { links: htmlLinks(output.content, url), bareFragments: [] };
  if (output.file.endsWith(".md")) return { links: twinLinks(output.content, url), bareFragments: [] };
  const bareFragments = [...new Set(markdownLinks(output.content).filter((href) => href.startsWith("#")))];
  return { links: textLinks(output.content, url), bareFragments };
}

/** Whether an output is read for links: pages, twins and text outputs. */
export const readsLinks = (file: string) => /\.(html|md|txt)$/.test(file);

/** Each link of this site in `outputs` (other sites' are not followed), with the output that carries it. */
export function* siteLinks(
  outputs: OutputText[],
  siteUrl: string,
): Generator<{ output: string; link: URL | string }> {
  const base = new URL(siteUrl);
  for (const output of outputs.filter((each) => readsLinks(each.file))) {
    const { links, bareFragments } = linksOf(output, base);
    for (const fragment of bareFragments) yield { output: output.file, link: fragment };
    // The same host outside the base path is another site's, on GitHub Pages, but this origin's.
    for (const link of links) if (link.origin === base.origin) yield { output: output.file, link };
  }
}

/**
 * Every broken link of `outputs`, each once with the outputs that carry it, where `files` are
 * the paths of every file the build wrote (`docs/index.html`, `assets/favicon.svg`).
 */
export function brokenTargets(outputs: OutputText[], files: Set<string>, siteUrl: string): BrokenTarget[] {
  const base = new URL(siteUrl);
  const contentOf = new Map(outputs.map((output) => [output.file, output.content]));
  const anchors = new Map<string, Set<string>>();
  const broken = new Map<string, BrokenTarget>();
  const report = (url: string, output: string, kind: BrokenKind) => {
    const entry = broken.get(url) ?? { url, outputs: [], ...kind };
    if (!entry.outputs.includes(output)) entry.outputs.push(output);
    broken.set(url, entry);
  };
  for (const { output, link } of siteLinks(outputs, siteUrl)) {
    // A text output's bare fragment: a text file has no anchors.
    if (typeof link === "string") {
      report(link, output, {});
      continue;
    }
    const inside = link.pathname.startsWith(base.pathname);
    const file = inside
      ? servedFile(decodeURIComponent(link.pathname.slice(base.pathname.length)), files)
      : undefined;
    if (!file) {
      report(link.href, output, {});
      continue;
    }
    const fragment = decodeURIComponent(link.hash.slice(1));
    if (!fragment || /^top$/i.test(fragment) || !/\.(html|md)$/.test(file)) continue;
    if (!anchors.has(file)) anchors.set(file, anchorsOf(file, contentOf.get(file) ?? ""));
    if (!anchors.get(file)!.has(fragment)) report(link.href, output, { fragmentOf: file });
  }
  return [...broken.values()];
}

/** Every file under `folder`, as paths relative to it with `/`. */
async function filesUnder(folder: string): Promise<Set<string>> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return new Set(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) =>
        path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"),
      ),
  );
}

/** A broken link as a writer reads it: the places in the sources that write it, and the fix. */
async function described(site: Site, target: BrokenTarget): Promise<BrokenLink> {
  if (target.url.startsWith("#")) {
    const reason =
      "is a bare fragment, which a text file read on its own cannot resolve; link the page's absolute " +
      "URL with the fragment";
    return {
      url: target.url,
      reason,
      places: await Promise.all(
        target.outputs.map((file) => placeOf(site, file, [`(${target.url})`, target.url])),
      ),
    };
  }
  const url = new URL(target.url);
  const needles = needlesFor(url, site.base);
  const places = new Set<string>();
  for (const file of [...target.outputs].sort()) places.add(await placeOf(site, file, needles));
  // A file that only repeats a page's text (llms-full.txt joins the twins) points at nothing a writer edits.
  const written = [...places].filter((place) => !place.includes(" (writes "));
  return {
    url: url.href,
    reason: reasonFor(site, url, target),
    places: written.length > 0 ? written : [...places],
  };
}

/**
 * Every broken link in the site written to `outputDir` for `siteUrl`, each once. `results` are the
 * build's templates (Eleventy's `eleventy.after` results), whose text is read from memory; the
 * folder is listed for the other files the build wrote. `project` is where their sources are.
 */
export async function findBrokenLinks(
  results: BuiltTemplate[],
  outputDir: string,
  siteUrl: string,
  project = process.cwd(),
): Promise<BrokenLink[]> {
  const base = new URL(siteUrl);
  const output = path.resolve(outputDir);
  const templates = new Map<string, BuiltTemplate>();
  for (const result of results)
    if (result.outputPath)
      templates.set(path.relative(output, path.resolve(result.outputPath)).split(path.sep).join("/"), result);
  const site: Site = { base, templates, project: path.resolve(project) };
  const outputs = [...templates].map(([file, template]) => ({ file, content: template.content }));
  const files = await filesUnder(output);
  for (const file of templates.keys()) files.add(file);
  const broken = await Promise.all(
    brokenTargets(outputs, files, siteUrl).map((target) => described(site, target)),
  );
  return broken.sort(
    (a, b) => a.places[0]!.localeCompare(b.places[0]!, "en", { numeric: true }) || a.url.localeCompare(b.url),
  );
}

/** The message of a build that wrote broken links. */
export function brokenLinksMessage(broken: BrokenLink[]): string {
  const lines = broken.map((link) => `  ${link.places.join(", ")}: ${link.url} ${link.reason}`);
  return `Broken links (${broken.length}), each listed once with the places that write it:\n${lines.join("\n")}`;
}

/** The parts of Eleventy's `eleventy.after` event this check reads. */
export interface AfterBuildEvent {
  /** `build`, or `serve` and `watch` under `npm start`. */
  runMode?: string;
  directories: { output: string };
  results: BuiltTemplate[];
  /** `fs` when files were written; `json` and `ndjson` builds write nothing to check. */
  outputMode: string;
}

export const LINK_CHECK_RECIPE = { modules: ["_config/link-check.ts"] };

/**
 * The sites that passed, kept for the next build (kept-results.ts) under the hash of everything the
 * check reads: the base URL, every file written and the text of each output it reads links from.
 */
const passedSites = new KeptResults<true>("link-check", LINK_CHECK_RECIPE);

async function siteKey(results: BuiltTemplate[], outputDir: string, siteUrl: string): Promise<string> {
  const output = path.resolve(outputDir);
  const files = [...(await filesUnder(output))].sort();
  const outputs = results
    .filter((result) => result.outputPath)
    .map((result) => [path.relative(output, path.resolve(result.outputPath as string)), result.content])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0));
  return inputKey(siteUrl, JSON.stringify(files), ...outputs.flat());
}

/** An `eleventy.after` handler that runs the check on every build that writes files. */
export function linkCheck(siteUrl: string) {
  return async ({ directories, results, outputMode }: AfterBuildEvent): Promise<void> => {
    if (outputMode !== "fs") return;
    await passedSites.opened();
    const key = await siteKey(results, directories.output, siteUrl);
    if (passedSites.get(key)) return;
    const broken = await findBrokenLinks(results, directories.output, siteUrl);
    if (broken.length > 0) throw new Error(brokenLinksMessage(broken));
    passedSites.set(key, true);
  };
}
