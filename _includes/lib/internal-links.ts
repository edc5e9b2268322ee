/**
 * Fails the build on a broken internal link. After Eleventy writes the site, every link in the
 * HTML pages and in the Markdown and text outputs (twins, llms.txt) that points into the site
 * (root-relative, relative, or absolute under the base URL) must name a file the output holds,
 * and the Markdown and text outputs may not link a bare `#fragment`.
 * GitHub Pages would answer those links with its 404 page; a writer should hear it from the build.
 */
import { stat } from "node:fs/promises";
import path from "node:path";

/** The part of an Eleventy build result this check reads. */
export interface BuiltTemplate {
  inputPath: string;
  outputPath: string | false;
  url: string | false;
  content: string;
}

export interface BrokenLink {
  /** The template that produced the page, such as `./content/docs.md`. */
  inputPath: string;
  /** The page's URL in the site, such as `/exp-bank/docs/`. */
  page: string;
  /** The link exactly as written in the output. */
  link: string;
  reason: string;
}

const HTML_LINK = /\s(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
const MARKDOWN_LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)|^\s{0,3}\[(?!\^)[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)|<(https?:\/\/[^>\s]+)>/gm;
const FENCED_CODE = /^\s{0,3}(```|~~~)[^\n]*\n[\s\S]*?^\s{0,3}\1[^\n]*$/gm;
const INLINE_CODE = /(`+)[^`]*?\1/g;

/** Links in an HTML page's `href` and `src` attributes, entities in them decoded. */
export function htmlLinks(html: string): string[] {
  return [...html.matchAll(HTML_LINK)].map((match) => (match[1] ?? match[2] ?? "").replaceAll("&amp;", "&"));
}

/**
 * Link destinations in Markdown (inline, reference definitions, autolinks, and raw HTML links),
 * outside code, where a link is an example rather than a link.
 */
export function markdownLinks(markdown: string): string[] {
  const prose = markdown.replace(FENCED_CODE, "").replace(INLINE_CODE, "");
  return [...[...prose.matchAll(MARKDOWN_LINK)].map((match) => match[1] ?? match[2] ?? match[3] ?? ""), ...htmlLinks(prose)];
}

/** An output file's links, by the syntax its extension implies; other outputs carry none. */
function linksOf(outputPath: string, content: string): string[] {
  const extension = path.extname(outputPath);
  if (extension === ".html") return htmlLinks(content);
  if (extension === ".md" || extension === ".txt") return markdownLinks(content);
  return [];
}

type FileKind = "file" | "directory" | "none";

/**
 * What each output path is: the files the templates wrote and their folders are known from the
 * build's results without touching the disk; anything else (passthrough copies, the bundle) is
 * looked up once per build, since pages share most of their links (nav, assets).
 */
function fileKinds(written: string[]): (file: string) => Promise<FileKind> {
  const known = new Map<string, Promise<FileKind>>();
  for (const file of written) {
    known.set(file, Promise.resolve("file"));
    for (let folder = path.dirname(file); !known.has(folder) && folder !== path.dirname(folder); folder = path.dirname(folder)) known.set(folder, Promise.resolve("directory"));
  }
  return (file) => {
    let kind = known.get(file);
    if (!kind) {
      kind = stat(file).then(
        (stats) => (stats.isFile() ? "file" : stats.isDirectory() ? "directory" : "none"),
        () => "none" as const,
      );
      known.set(file, kind);
    }
    return kind;
  };
}

/**
 * Why `link` on the page at `pageUrl` is broken, or null when it resolves to a built file (or is
 * not internal: another origin, `mailto:`, a bare fragment in an HTML page).
 */
async function problemWith(link: string, pageUrl: URL, siteUrl: URL, outputDir: string, kindOf: (file: string) => Promise<FileKind>, isText: boolean): Promise<string | null> {
  // A Markdown or text file has no anchors and is often read away from its URL, so a bare
  // fragment in it points nowhere: link the HTML page's URL with the fragment instead.
  if (link.startsWith("#")) return isText ? "is a bare fragment, which names no anchor in a Markdown or text file; link the HTML page's absolute URL with the fragment" : null;
  if (link === "") return null;
  let target: URL;
  try {
    target = new URL(link, pageUrl);
  } catch {
    return "is not a valid URL";
  }
  if (target.origin !== siteUrl.origin) return null;
  if (!target.pathname.startsWith(siteUrl.pathname)) return `is outside the site's base path ${siteUrl.pathname}`;
  let relative: string;
  try {
    relative = decodeURIComponent(target.pathname.slice(siteUrl.pathname.length));
  } catch {
    return "has a malformed percent-encoding";
  }
  const file = path.join(outputDir, relative);
  if (!file.startsWith(path.resolve(outputDir))) return "leaves the output folder";
  // A folder URL is served from its index.html; a folder without the slash is redirected to it.
  if (relative === "" || relative.endsWith("/") || (await kindOf(file)) === "directory") {
    return (await kindOf(path.join(file, "index.html"))) === "file" ? null : `names a folder with no index.html in the output (${path.join(relative, "index.html")})`;
  }
  return (await kindOf(file)) === "file" ? null : `names ${relative}, which the build did not write`;
}

/** Every broken internal link in the built templates, in output order. */
export async function findBrokenLinks(results: BuiltTemplate[], outputDir: string, siteUrl: string): Promise<BrokenLink[]> {
  const base = new URL(siteUrl);
  const root = path.resolve(outputDir);
  const kindOf = fileKinds(results.flatMap((result) => (result.outputPath ? [path.resolve(result.outputPath)] : [])));
  const broken: BrokenLink[] = [];
  for (const result of results) {
    if (!result.outputPath || result.url === false) continue;
    const pageUrl = new URL(result.url.replace(/^\/+/, ""), base);
    // Eleventy's page URLs carry no path prefix; HtmlBasePlugin adds it to links in HTML only.
    const isText = [".md", ".txt"].includes(path.extname(result.outputPath));
    for (const link of new Set(linksOf(result.outputPath, result.content))) {
      const reason = await problemWith(link, pageUrl, base, root, kindOf, isText);
      if (reason) broken.push({ inputPath: result.inputPath, page: pageUrl.pathname, link, reason });
    }
  }
  return broken;
}

/** Throws, naming each page and link, when the build wrote a broken internal link. */
export async function checkInternalLinks(results: BuiltTemplate[], outputDir: string, siteUrl: string): Promise<void> {
  const broken = await findBrokenLinks(results, outputDir, siteUrl);
  if (broken.length === 0) return;
  const lines = broken.map((b) => `  ${b.inputPath} (${b.page}): link "${b.link}" ${b.reason}`);
  throw new Error(`Broken internal links (${broken.length}); fix the link or add the page it names:\n${lines.join("\n")}`);
}

/** The parts of Eleventy's `eleventy.after` event this check reads. */
export interface AfterBuildEvent {
  directories: { output: string };
  results: BuiltTemplate[];
  /** `fs` when files were written; `json` and `ndjson` builds write nothing to check. */
  outputMode: string;
}

/** An `eleventy.after` handler that runs the check on every build that writes files. */
export function internalLinkCheck(siteUrl: string) {
  return async ({ directories, results, outputMode }: AfterBuildEvent): Promise<void> => {
    if (outputMode === "fs") await checkInternalLinks(results, directories.output, siteUrl);
  };
}
