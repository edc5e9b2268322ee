/**
 * Links in the pages' Markdown, written where markdown-it writes them (no transform rewrites the
 * HTML afterwards):
 *
 * - a link to a page's file (`[API docs](docs.md#support)`) becomes that page's URL, read from
 *   Eleventy's map of input paths to URLs (`eleventy.contentMap`, before any page renders); a file
 *   that names nothing fails the build with the file, the line, the valid files and the fix;
 * - a root-relative link (`/docs/`) gets the path the site is served under (`site.pathPrefix`).
 *
 * Templates link by key of `site.paths` (`href`).
 * See https://www.11ty.dev/docs/events/#eleventy-contentmap
 */
import path from "node:path";
import type { MarkdownIt } from "markdown-it";
import site, { paths, type SitePath } from "../_data/site.ts";
import { closestName, didYouMean } from "../common/text/closest-name.ts";
import { fileLine } from "./page-source.ts";

const PAGES_FOLDER = "./content/pages/";

/** Each template's URL by its input path (`./content/pages/docs.md` → `/docs/`), set each build. */
let urls = new Map<string, string>();

/**
 * Records every template's URL, and checks that each page `site.paths` names (a folder: `docs/`, and
 * `` for the homepage), where the contract, the JSON and llms.txt link, is served there.
 */
export function rememberUrls(
  inputPathToUrl: Record<string, readonly (string | false)[]>,
  sitePaths: Readonly<Record<string, string>>,
): void {
  urls = new Map(
    Object.entries(inputPathToUrl).flatMap(([inputPath, [url]]) => (url ? [[inputPath, url] as const] : [])),
  );
  const served = new Set(urls.values());
  for (const [key, sitePath] of Object.entries(sitePaths)) {
    if ((sitePath === "" || sitePath.endsWith("/")) && !served.has(`/${sitePath}`))
      throw new Error(
        `site.paths.${key} (_data/site.ts) is /${sitePath}, where the contract, the JSON and llms.txt ` +
          `link, but no page is served there; give the page its URL back (remove its slug or ` +
          `permalink), or change site.paths.${key} to its new one`,
      );
  }
}

/**
 * `{{ "docs" | href }}` → `/docs/`; `{{ "docs" | href: "support" }}` → `/docs/#support`: never a typed
 * path, so a moved file fails the build instead of leaving a broken link. Root-relative: markdown-it
 * adds the path prefix in a page; twins and text outputs use absolute URLs.
 */
export function href(key: string, fragment?: string): string {
  if (!Object.hasOwn(paths, key)) {
    const suggestion = closestName(key, Object.keys(paths));
    throw new Error(
      `"${key}" is not a key of site.paths (_data/site.ts); ` +
        `${suggestion ? `${didYouMean(suggestion)} Write {{ "${suggestion}" | href }}` : "use one of them"}. ` +
        `Keys: ${Object.keys(paths).join(", ")}. Link a page by its file instead: [API docs](docs.md)`,
    );
  }
  return `/${paths[key as SitePath]}${fragment ? `#${fragment}` : ""}`;
}

/** A link destination that names a page's file: relative, no scheme, ending in `.md` before any `#` or `?`. */
export function isPageFileLink(target: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:|^\/|^#/i.test(target) && /\.md(?:[#?]|$)/.test(target);
}

/** The URL of the page a file link in the page at `fromInputPath` names (`docs.md#support` → `/docs/#support`). */
export function fileLinkUrl(target: string, fromInputPath: string): string {
  const [, file = "", suffix = ""] = /^([^#?]*)(.*)$/.exec(target) ?? [];
  const missing = path.posix.join(path.posix.dirname(fromInputPath), decodeURI(file));
  const url = urls.get(`./${missing}`);
  if (url !== undefined) return `${url}${suffix}`;
  // The page files a page in `content/pages/` may link to, relative to that folder.
  const files = [...urls.keys()]
    .filter((inputPath) => inputPath.startsWith(PAGES_FOLDER) && inputPath.endsWith(".md"))
    .map((inputPath) => inputPath.slice(PAGES_FOLDER.length))
    .sort();
  const suggestion = closestName(path.posix.basename(file), files);
  const where = fileLine(fromInputPath, (text) =>
    [`(${target}`, `: ${target}`].some((link) => text.includes(link)),
  );
  throw new Error(
    `${where}: the link "${target}" names no page: ` +
      `there is no ${missing}. ${suggestion ? `Did you mean "${suggestion}"? ` : ""}` +
      `Link a page by its file in content/pages/, one of: ${files.join(", ")}`,
  );
}

/** markdown-it: page files as URLs, and the site's path before root-relative links and images. */
export function pageLinks(md: MarkdownIt): void {
  md.core.ruler.push("page_links", (state) => {
    const inputPath = (state.env as { page?: { inputPath?: unknown } } | undefined)?.page?.inputPath;
    for (const child of state.tokens.flatMap((token) => token.children ?? [])) {
      const name = child.type === "link_open" ? "href" : child.type === "image" ? "src" : undefined;
      let url = name ? child.attrGet(name) : null;
      if (!name || url === null) continue;
      if (isPageFileLink(url) && typeof inputPath === "string") url = fileLinkUrl(url, inputPath);
      if (/^\/(?!\/)/.test(url)) child.attrSet(name, `${site.pathPrefix}${url.slice(1)}`);
    }
  });
}
