/**
 * Fails the build on a broken internal link. After Eleventy writes the site, every link in the
 * HTML pages and in the Markdown and text outputs (twins, llms.txt) that points into the site
 * (root-relative, relative, or absolute under the base URL) must name a file the output holds; a
 * `#fragment` must name an `id` in the HTML page or a heading in the Markdown file it points to;
 * and the Markdown and text outputs may not link a bare `#fragment`.
 * GitHub Pages would answer those links with its 404 page; a writer should hear it from the build,
 * in `npm start` as in CI. It replaces a crawler: it reads `.md` and `.txt` too, and needs no server.
 */
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { markdownAnchors, markdownLinks } from "./markdown-links.ts";

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
const HTML_ID = /\sid\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;

/** Links in an HTML page's `href` and `src` attributes, entities in them decoded. */
export function htmlLinks(html: string): string[] {
  return [...html.matchAll(HTML_LINK)].map((match) => (match[1] ?? match[2] ?? "").replaceAll("&amp;", "&"));
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
 * The anchors of each output file, read once per build (from the build's results, or from the
 * file): ids in HTML, heading slugs in Markdown; other files have none.
 */
function fileAnchors(contents: Map<string, string>): (file: string) => Promise<Set<string> | null> {
  const known = new Map<string, Promise<Set<string> | null>>();
  return (file) => {
    let anchors = known.get(file);
    if (!anchors) {
      const extension = path.extname(file);
      const content = contents.get(file);
      anchors = (content === undefined ? readFile(file, "utf8") : Promise.resolve(content)).then((text) => {
        if (extension === ".html") return new Set([...text.matchAll(HTML_ID)].map((match) => (match[1] ?? match[2] ?? "").replaceAll("&amp;", "&")));
        if (extension === ".md") return markdownAnchors(text);
        return null;
      });
      known.set(file, anchors);
    }
    return anchors;
  };
}

/** What the check looks up in the output folder, once per build. */
interface Output {
  dir: string;
  kindOf: (file: string) => Promise<FileKind>;
  anchorsOf: (file: string) => Promise<Set<string> | null>;
}

/** Why the `#fragment` of a link to `file` names nothing there, or null when it names an anchor. */
async function fragmentProblem(fragment: string, file: string, output: Output): Promise<string | null> {
  if (!fragment) return null;
  let name: string;
  try {
    name = decodeURIComponent(fragment.slice(1));
  } catch {
    return "has a malformed percent-encoding in its fragment";
  }
  const anchors = await output.anchorsOf(file);
  const relative = path.relative(output.dir, file);
  if (!anchors) return `has a fragment, but ${relative} has no anchors`;
  return anchors.has(name) ? null : `names the fragment ${fragment}, which ${relative} does not have (${path.extname(file) === ".md" ? "no heading with that slug" : "no element with that id"})`;
}

/**
 * Why `link` on the page at `pageUrl` (written to `pageFile`) is broken, or null when it resolves
 * to a built file and anchor (or is not internal: another origin, `mailto:`).
 */
async function problemWith(link: string, pageUrl: URL, pageFile: string, siteUrl: URL, output: Output, isText: boolean): Promise<string | null> {
  // A Markdown or text file is often read away from its URL, and llms-full.txt joins several,
  // so a bare fragment in it is ambiguous: link the absolute URL with the fragment instead.
  if (link.startsWith("#")) return isText ? "is a bare fragment, which a Markdown or text file read on its own cannot resolve; link the absolute URL of the page or twin with the fragment" : fragmentProblem(link, pageFile, output);
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
  const file = path.join(output.dir, relative);
  if (!file.startsWith(output.dir)) return "leaves the output folder";
  // A folder URL is served from its index.html; a folder without the slash is redirected to it.
  if (relative === "" || relative.endsWith("/") || (await output.kindOf(file)) === "directory") {
    const index = path.join(file, "index.html");
    if ((await output.kindOf(index)) !== "file") return `names a folder with no index.html in the output (${path.join(relative, "index.html")})`;
    return fragmentProblem(target.hash, index, output);
  }
  if ((await output.kindOf(file)) !== "file") return `names ${relative}, which the build did not write`;
  return fragmentProblem(target.hash, file, output);
}

/** Every broken internal link in the built templates, in output order. */
export async function findBrokenLinks(results: BuiltTemplate[], outputDir: string, siteUrl: string): Promise<BrokenLink[]> {
  const base = new URL(siteUrl);
  const contents = new Map(results.flatMap((result) => (result.outputPath ? [[path.resolve(result.outputPath), result.content] as const] : [])));
  const output: Output = { dir: path.resolve(outputDir), kindOf: fileKinds([...contents.keys()]), anchorsOf: fileAnchors(contents) };
  const broken: BrokenLink[] = [];
  for (const result of results) {
    if (!result.outputPath || result.url === false) continue;
    const pageUrl = new URL(result.url.replace(/^\/+/, ""), base);
    // Eleventy's page URLs carry no path prefix; HtmlBasePlugin adds it to links in HTML only.
    const isText = [".md", ".txt"].includes(path.extname(result.outputPath));
    for (const link of new Set(linksOf(result.outputPath, result.content))) {
      const reason = await problemWith(link, pageUrl, path.resolve(result.outputPath), base, output, isText);
      if (reason) broken.push({ inputPath: result.inputPath, page: pageUrl.pathname, link, reason });
    }
  }
  return broken;
}

/** Throws, naming each page and link, when the build wrote a broken internal link. */
async function checkInternalLinks(results: BuiltTemplate[], outputDir: string, siteUrl: string): Promise<void> {
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
