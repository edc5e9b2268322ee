/**
 * The documentation pages: every Markdown file in `content/pages/` is one, and its front matter is
 * all it needs. Its key is its file name (`docs.md` is `docs`; the homepage, `index.md`, is `home`,
 * the key `site.paths` gives `/`); its URL is its file name as a folder (`/docs/`), or the `slug`
 * or `permalink` its front matter sets.
 *
 * Pages link to each other by file (a Markdown link, `[API docs](docs.md)`, which `pageFileLinks`
 * turns into the page's URL) or by key (`{{ "docs" | href }}`). A file or key that names no page
 * fails the build with the valid ones, the file, the line and the fix.
 * See https://www.11ty.dev/docs/events/#eleventy-contentmap
 */
import path from "node:path";
import type { MarkdownIt } from "markdown-it";
import { closestName, didYouMean } from "../common/text/closest-name.ts";
import { fileText, lineWhere, projectPath } from "./page-source.ts";
import { escapeRegExp } from "./escape.ts";

/** The folder of the pages, as Eleventy names input paths. */
export const PAGES_FOLDER = "./content/pages/";

/** The key of the homepage, which `site.paths` serves at `/`. */
const HOME = "home";

/** `./content/pages/docs.md` → `docs`; `index.md` → `home`; `guides/start.md` → `guides/start`. */
export function pageKeyOf(inputPath: string): string {
  const key = path.posix
    .normalize(inputPath)
    .replace(/^(\.\/)?content\/pages\//, "")
    .replace(/\.md$/, "");
  return key === "index" ? HOME : key.replace(/\/index$/, "");
}

/** What a page's front matter must give, and what each is for. */
const FRONT_MATTER = {
  title:
    "the page's title, in the browser's tab, llms.txt and llms-full.txt, such as title: Frequently asked questions",
  description:
    "one sentence for search results and llms.txt, such as description: Answers to the questions players ask most.",
  navLabel: "the link text in the navigation, such as navLabel: FAQ",
  order: "the page's place in the navigation and llms.txt, a number such as order: 5",
} as const;

export type PageData = { page: { inputPath: string } } & Partial<
  Record<keyof typeof FRONT_MATTER | "slug", unknown>
>;

/** The page's URL from its front matter and file: `/docs/`, `/` for `index.md`, `/faq-page/` for `slug: faq-page`. */
export function pageUrl(data: PageData): string {
  const file = projectPath(data.page.inputPath);
  const missing = Object.entries(FRONT_MATTER).filter(([name]) => {
    const value = data[name as keyof typeof FRONT_MATTER];
    return name === "order"
      ? typeof value !== "number" || !Number.isFinite(value)
      : typeof value !== "string" || value.trim() === "";
  });
  if (missing.length > 0) {
    const names = missing.map(([name]) => name).join(", ");
    const uses = missing.map(([name, use]) => `  - ${name}: ${use}`).join("\n");
    throw new Error(`${file}: its front matter needs ${names}:\n${uses}`);
  }
  if (data.slug !== undefined) {
    if (typeof data.slug !== "string" || !/^[a-z0-9]+(?:[-/][a-z0-9]+)*$/.test(data.slug)) {
      throw new Error(
        `${file}: slug must be lowercase letters, digits and hyphens, such as slug: ` +
          "frequently-asked-questions (or set permalink: /a/full/path/)",
      );
    }
    return `/${data.slug}/`;
  }
  const key = pageKeyOf(data.page.inputPath);
  return key === HOME ? "/" : `/${key}/`;
}

/** One page of the current build. */
type Page = { key: string; inputPath: string; url: string };

/** The pages of the current build, by key, set when Eleventy has given every template its URL. */
let pages = new Map<string, Page>();

/**
 * Records the pages from Eleventy's map of input paths to URLs (`eleventy.contentMap`, before any
 * page renders), and checks that each page `site.paths` names (a path that is a folder: `docs/`,
 * and `` for the homepage), where the contract, the JSON and llms.txt link, is served there.
 */
export function rememberPages(
  inputPathToUrl: Record<string, string[]>,
  sitePaths: Readonly<Record<string, string>>,
): void {
  pages = new Map(
    Object.entries(inputPathToUrl)
      .filter(([inputPath]) => inputPath.startsWith(PAGES_FOLDER) && inputPath.endsWith(".md"))
      .map(([inputPath, urls]) => [
        pageKeyOf(inputPath),
        { key: pageKeyOf(inputPath), inputPath, url: urls[0] ?? "" },
      ]),
  );
  for (const [key, sitePath] of Object.entries(sitePaths)) {
    if (sitePath !== "" && !sitePath.endsWith("/")) continue;
    const page = pages.get(key);
    const file = `${PAGES_FOLDER.slice(2)}${key === HOME ? "index" : key}.md`;
    if (!page)
      throw new Error(
        `${file} is missing: site.paths.${key} (_data/site.ts) names it, and the contract, the JSON ` +
          `and llms.txt link to /${sitePath}; restore the page, or change site.paths.${key} to the page ` +
          "that replaces it",
      );
    if (page.url !== `/${sitePath}`)
      throw new Error(
        `${projectPath(page.inputPath)} is served at ${page.url}, but site.paths.${key} ` +
          `(_data/site.ts) says /${sitePath}, where the contract, the JSON and llms.txt link; remove ` +
          `its slug or permalink, or change site.paths.${key} too`,
      );
  }
}

/** The URL of the page with `key`, if there is one. */
export function pageUrlByKey(key: string): string | undefined {
  return pages.get(key)?.url;
}

/** Every page's key, in file order. */
export function pageKeys(): string[] {
  return [...pages.keys()].sort();
}

/** A link destination that names a page's file: relative, no scheme, ending in `.md` before any `#` or `?`. */
export function isPageFileLink(target: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:|^\/|^#/i.test(target) && /\.md(?:[#?]|$)/.test(target);
}

/**
 * The page a file link written in the page at `fromInputPath` names (`docs.md#support`), and the part after
 * the file name.
 */
export function pageOfFileLink(target: string, fromInputPath: string) {
  const [, file = "", suffix = ""] = /^([^#?]*)(.*)$/.exec(target) ?? [];
  const inputPath = `./${path.posix.join(path.posix.dirname(fromInputPath), decodeURI(file))}`;
  return { page: [...pages.values()].find((page) => page.inputPath === inputPath), file, suffix };
}

/** Why a file link names no page, with the valid files and the fix. */
export function unknownPageFile(target: string, fromInputPath: string): string {
  const { file } = pageOfFileLink(target, fromInputPath);
  // The page files a page in `content/pages/` may link to, relative to that folder.
  const files = [...pages.values()].map((page) => page.inputPath.slice(PAGES_FOLDER.length)).sort();
  const suggestion = closestName(path.posix.basename(file), files);
  const missing = path.posix.join(path.posix.dirname(fromInputPath), file);
  return (
    `the link "${target}" names no page: there is no ${missing}. ` +
    `${suggestion ? `Did you mean "${suggestion}"? ` : ""}Link a page by its file in content/pages/, ` +
    `one of: ${files.join(", ")}; or by its key, as in {{ "docs" | href }}`
  );
}

/** Why `key` names no page or file of the site, with the valid keys and the fix. */
export function unknownKey(key: string, siteKeys: readonly string[]): string {
  const pageKeysNow = pageKeys();
  const files = siteKeys.filter((name) => !pageKeysNow.includes(name));
  const suggestion = closestName(key, [...pageKeysNow, ...files]);
  const fix = suggestion
    ? `${didYouMean(suggestion)} Write {{ "${suggestion}" | href }}`
    : `write one of them, as in {{ "docs" | href }}`;
  return (
    `"${key}" is not a page or a file of the site; ${fix}. Pages (a page's key is its file name in ` +
    `content/pages/): ${pageKeysNow.join(", ")}. Files (site.paths in _data/site.ts): ` +
    `${files.join(", ")}`
  );
}

/** The 1-based line of the file at `inputPath` where `found` first holds, or 0. */
const lineInFile = (inputPath: string, found: (line: string) => boolean) =>
  lineWhere(fileText(inputPath), found);

/** The 1-based line of the file at `inputPath` where `target` is first linked, or 0. */
const lineOfLink = (inputPath: string, target: string) =>
  lineInFile(inputPath, (line) =>
    [`(${target}`, `(<${target}`, `: ${target}`, `"${target}"`].some((text) => line.includes(text)),
  );

/**
 * `message` about the key of `{{ "doc" | href }}`, prefixed with the page's file and the line that
 * writes the key (`content/pages/api.md:11:`); the file alone when the key comes from data or a layout.
 */
export function atKey(inputPath: string | undefined, key: string, message: string): string {
  if (inputPath === undefined) return message;
  const written = new RegExp(`["']${escapeRegExp(key)}["']\\s*\\|\\s*href\\b`);
  const line = lineInFile(inputPath, (text) => written.test(text));
  return `${projectPath(inputPath)}${line > 0 ? `:${line}` : ""}: ${message}`;
}

/**
 * markdown-it: a link to a page's file (`[API docs](docs.md#support)`) becomes the page's URL
 * (`/docs/#support`; HtmlBasePlugin adds a project site's path). A file that names no page stops
 * the build with the file, the line, the valid files and the fix. Only Markdown links: the
 * rendered-page rule refuses a page's file linked in HTML.
 */
export function pageFileLinks(md: MarkdownIt): void {
  md.core.ruler.push("page_file_links", (state) => {
    const inputPath = (state.env as { page?: { inputPath?: unknown } } | undefined)?.page?.inputPath;
    if (typeof inputPath !== "string" || pages.size === 0) return;
    for (const token of state.tokens) {
      for (const child of token.children ?? []) {
        const target = child.type === "link_open" ? child.attrGet("href") : null;
        if (target === null || !isPageFileLink(target)) continue;
        const { page, suffix } = pageOfFileLink(target, inputPath);
        if (page) {
          child.attrSet("href", `${page.url}${suffix}`);
          continue;
        }
        const line = lineOfLink(inputPath, target);
        throw new Error(
          `${projectPath(inputPath)}${line > 0 ? `:${line}` : ""}: ${unknownPageFile(target, inputPath)}`,
        );
      }
    }
  });
}
