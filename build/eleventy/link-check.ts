/**
 * The link check after every build that writes files (`npm run build`, `npm start`, every build the
 * tests make): linkinator crawls the written site as GitHub Pages would serve it, under its path
 * prefix, with `#fragments` checked and the Markdown twins read as Markdown. Absolute links to the
 * public base URL are rewritten onto the local copy, so they are checked against this build,
 * never the internet; links to other sites are not followed.
 *
 * linkinator does not read `.txt` files, so the Markdown links of each text output (llms.txt, …),
 * read by the twins' link reader (markdown-links.ts), become a page of links that only the check
 * sees, with the text file's URL as its base; linkinator checks them like any other.
 *
 * A broken link fails the build once, however many pages repeat it, naming the source file and
 * line where it is written, the URL, and the nearest valid pages or fragments.
 */
import { mkdtemp, mkdir, readFile, rm, symlink, writeFile, readdir } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { LinkChecker, LinkState } from "linkinator";
import { markdownLinks } from "./markdown-links.ts";
import { twinPath } from "./site-links.ts";
import { editDistance } from "../../assets/input/issues.ts";

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

/** Where the `.txt` outputs are handed to linkinator as pages; no site path starts so. */
const TEXT_PAGES = ".text-outputs";

const escapeHtml = (text: string) => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A free local port, for linkinator's server, whose address the URL rewrite must know beforehand. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const nearest = (wanted: string, candidates: Iterable<string>, count = 3) =>
  [...new Set(candidates)].sort((x, y) => editDistance(wanted, x) - editDistance(wanted, y) || x.localeCompare(y)).slice(0, count);

/** The ids an output offers as fragments: HTML ids, or a Markdown file's heading slugs as GitHub writes them. */
function anchorsOf(file: string, text: string): string[] {
  if (file.endsWith(".md")) {
    return [...text.matchAll(/^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$/gm)].map((match) =>
      match[1]!
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, "")
        .replace(/\s/g, "-"),
    );
  }
  return [...text.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1]!);
}

/** The first line of `text` holding any of `needles` (longest first), 1-based, or 0. */
function lineOf(text: string, needles: string[]): number {
  for (const needle of [...needles].sort((a, b) => b.length - a.length)) {
    if (!needle) continue;
    const at = text.indexOf(needle);
    if (at >= 0) return text.slice(0, at).split("\n").length;
  }
  return 0;
}

interface Site {
  /** The output folder, absolute. */
  output: string;
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
    const page = [...site.templates.values()].find((other) => other.url && other.outputPath && other.outputPath.endsWith(".html") && twinPath(other.url) === outputFile);
    if (page) inputPath = page.inputPath;
  }
  const source = path.relative(site.project, path.resolve(site.project, inputPath));
  const sourceText = await readFile(path.join(site.project, source), "utf8").catch(() => "");
  const line = lineOf(sourceText, needles);
  if (line) return `${source}:${line}`;
  // Links shared by every page come from a layout or partial.
  for (const partial of await includes(site.project)) {
    const partialLine = lineOf(await readFile(path.join(site.project, partial), "utf8"), needles.filter((needle) => needle.length > 2));
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
  const sitePath = url.pathname.startsWith(base.pathname) ? `/${url.pathname.slice(base.pathname.length)}` : url.pathname;
  const segment = sitePath.split("/").filter(Boolean).pop() ?? "";
  return [url.href, `${url.pathname}${url.hash}`, `${sitePath}${url.hash}`, url.hash, url.pathname, sitePath === "/" ? "" : sitePath, segment.includes(".") ? segment : `/${segment}`];
}

/** Why `url` (broken with `status`) is broken, and the nearest valid pages or fragments. */
async function reasonFor(site: Site, url: URL, status: number | undefined, detail: string): Promise<string> {
  const pages = [...site.templates.keys()].map((file) => new URL(file.replace(/(^|\/)index\.html$/, "$1"), site.base).pathname);
  if (!url.pathname.startsWith(site.base.pathname)) return `is outside the site's base path ${site.base.pathname}, where GitHub Pages serves another site; nearest pages: ${nearest(url.pathname, pages).join(", ")}`;
  if (url.hash && status === 200) {
    let file = decodeURIComponent(url.pathname.slice(site.base.pathname.length));
    if (file === "" || file.endsWith("/")) file += "index.html";
    const text = site.templates.get(file)?.content ?? (await readFile(path.join(site.output, file), "utf8").catch(() => ""));
    const ids = anchorsOf(file, text);
    const what = file.endsWith(".md") ? "no heading with that slug" : "no element with that id";
    return `names the fragment ${url.hash}, but ${file} has ${what}; nearest: ${nearest(decodeURIComponent(url.hash.slice(1)), ids).map((id) => `#${id}`).join(", ") || "none (it has no anchors)"}`;
  }
  const why = status ? `answers ${status}` : `fails (${detail || "no answer"})`;
  return `${why}: the build wrote no such file; nearest pages: ${nearest(url.pathname, pages).join(", ")}. Link a page by its key ({{ "docs" | href }}) so its path follows the site.`;
}

/**
 * Every broken link in the site written to `outputDir` for `siteUrl`, each once. `results` are the
 * build's templates (Eleventy's `eleventy.after` results); `project` is where their sources are.
 */
export async function findBrokenLinks(results: BuiltTemplate[], outputDir: string, siteUrl: string, project = process.cwd()): Promise<BrokenLink[]> {
  const base = new URL(siteUrl);
  const output = path.resolve(outputDir);
  const templates = new Map<string, BuiltTemplate>();
  for (const result of results) if (result.outputPath) templates.set(path.relative(output, path.resolve(result.outputPath)).split(path.sep).join("/"), result);
  const site: Site = { output, base, templates, project: path.resolve(project) };

  // A served copy of the output under the base URL's path, beside the text outputs as pages.
  const root = await mkdtemp(path.join(tmpdir(), "exp-bank-links-"));
  try {
    const prefix = base.pathname.split("/").filter(Boolean);
    // On disk the prefix is decoded, as the local server decodes the paths it is asked for (`caf%C3%A9` is `café`).
    const folders = prefix.map(decodeURIComponent);
    if (prefix.length > 0) {
      await mkdir(path.join(root, ...folders.slice(0, -1)), { recursive: true });
      await symlink(output, path.join(root, ...folders), "dir");
    } else {
      for (const entry of await readdir(output)) await symlink(path.join(output, entry), path.join(root, entry));
    }
    const served = (file: string) => [...folders, file].join("/");
    const starts: string[] = [];
    const textPages = new Map<string, string>();
    const barefragments: BrokenLink[] = [];
    for (const [file, template] of templates) {
      if (file.endsWith(".html") || file.endsWith(".md")) starts.push(served(file));
      if (!file.endsWith(".txt")) continue;
      const hrefs = new Set(markdownLinks(template.content));
      for (const href of [...hrefs].filter((href) => href.startsWith("#"))) {
        barefragments.push({ url: href, reason: "is a bare fragment, which a text file read on its own cannot resolve; link the page's absolute URL with the fragment", places: [await placeOf(site, file, [`(${href})`, href])] });
      }
      const page = `${TEXT_PAGES}/${file}.html`;
      await mkdir(path.dirname(path.join(root, page)), { recursive: true });
      const anchors = [...hrefs].map((href) => `<a href="${escapeHtml(href)}"></a>`).join("\n");
      await writeFile(path.join(root, page), `<!doctype html><base href="${escapeHtml(new URL(file, base).href)}">\n${anchors}\n`);
      textPages.set(page, file);
      starts.push(page);
    }

    const port = await freePort();
    const local = `http://127.0.0.1:${port}/`;
    const publicOrigin = `${base.origin}/`;
    const checker = new LinkChecker();
    const result = await checker.check({
      path: starts,
      serverRoot: root,
      port,
      recurse: false,
      markdown: true,
      checkFragments: true,
      concurrency: 16,
      urlRewriteExpressions: [{ pattern: new RegExp(`^${escapeRegExp(publicOrigin)}`), replacement: local }],
      // Skip rules see a link both as written and as rewritten; only this site is checked.
      linksToSkip: async (link) => !(link.startsWith(publicOrigin) || link.startsWith(local)),
    });

    // Group by URL: a link every page repeats (the navigation) is one broken link.
    const byUrl = new Map<string, { status: number | undefined; detail: string; parents: Set<string> }>();
    for (const link of result.links) {
      if (link.state !== LinkState.BROKEN) continue;
      const entry = byUrl.get(link.url) ?? { status: link.status, detail: (link.failureDetails ?? []).map((failure) => (failure instanceof Error ? failure.message : String((failure as { status?: number }).status ?? ""))).join("; "), parents: new Set<string>() };
      if (link.parent) entry.parents.add(link.parent);
      byUrl.set(link.url, entry);
    }
    const broken: BrokenLink[] = [...barefragments];
    const toPublic = (servedPath: string) => new URL(servedPath.replace(/^\/+/, ""), publicOrigin);
    for (const [servedUrl, { status, detail, parents }] of byUrl) {
      const url = toPublic(servedUrl);
      const needles = needlesFor(url, base);
      const places = new Set<string>();
      for (const parent of [...parents].sort()) {
        const clean = parent.split("#")[0]!.replace(/^\/+/, "");
        const file = textPages.get(clean) ?? clean.slice(prefix.length ? prefix.join("/").length + 1 : 0);
        places.add(await placeOf(site, file, needles));
      }
      // A file that only repeats a page's text (llms-full.txt joins the twins) points at nothing a writer edits.
      const written = [...places].filter((place) => !place.includes(" (writes "));
      broken.push({ url: url.href, reason: await reasonFor(site, url, status, detail), places: written.length > 0 ? written : [...places] });
    }
    return broken.sort((a, b) => a.places[0]!.localeCompare(b.places[0]!, "en", { numeric: true }) || a.url.localeCompare(b.url));
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** The message of a build that wrote broken links. */
export function brokenLinksMessage(broken: BrokenLink[]): string {
  const lines = broken.map((link) => `  ${link.places.join(", ")}: ${link.url} ${link.reason}`);
  return `Broken links (${broken.length}), each listed once with the places that write it:\n${lines.join("\n")}`;
}

/** The parts of Eleventy's `eleventy.after` event this check reads. */
export interface AfterBuildEvent {
  directories: { output: string };
  results: BuiltTemplate[];
  /** `fs` when files were written; `json` and `ndjson` builds write nothing to check. */
  outputMode: string;
}

/** An `eleventy.after` handler that runs the check on every build that writes files. */
export function linkCheck(siteUrl: string) {
  return async ({ directories, results, outputMode }: AfterBuildEvent): Promise<void> => {
    if (outputMode !== "fs") return;
    const broken = await findBrokenLinks(results, directories.output, siteUrl);
    if (broken.length > 0) throw new Error(brokenLinksMessage(broken));
  };
}
