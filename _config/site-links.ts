/**
 * How templates link to the site's pages and files: by their key in `site.paths`, never by a typed
 * path, so a moved file fails the build instead of leaving a broken link (pages link to each other
 * by file, `page-links.ts`). Links are root-relative (markdown-it adds the path prefix in a page,
 * `page-links.ts`); Markdown twins and text outputs get absolute URLs.
 */
import { absoluteUrl, paths, type SitePath } from "../_data/site.ts";
import { closestName, didYouMean } from "../common/text/closest-name.ts";

export { absoluteUrl };

function isSitePath(key: string): key is SitePath {
  return Object.hasOwn(paths, key);
}

/** `{{ "docs" | href }}` → `/docs/`; `{{ "docs" | href("support") }}` → `/docs/#support`; unknown keys fail. */
export function href(key: string, fragment?: string): string {
  if (!isSitePath(key)) {
    const suggestion = closestName(key, Object.keys(paths));
    throw new Error(
      `"${key}" is not a key of site.paths (_data/site.ts); ` +
        `${suggestion ? `${didYouMean(suggestion)} Write {{ "${suggestion}" | href }}` : "use one of them"}. ` +
        `Keys: ${Object.keys(paths).join(", ")}. Link a page by its file instead: [API docs](docs.md)`,
    );
  }
  return `/${paths[key]}${fragment ? `#${fragment}` : ""}`;
}

/**
 * A page URL's Markdown twin: the path without its trailing slash, plus `.md` (`/docs/` →
 * `docs.md`; the homepage, whose path is empty, → `index.md`). llmstxt.org appends `.md` to the
 * URL, which for a folder URL (`/docs/.md`) names no file; this is its reading for folder URLs.
 */
export function twinPath(pageUrl: string): string {
  const trimmed = pageUrl.replace(/^\/+|\/+$/g, "");
  return `${trimmed || "index"}.md`;
}

// The two twins the specification names must be where the specification says.
for (const [pageKey, twinKey] of [
  ["home", "overview"],
  ["auth", "accessPolicy"],
] as const) {
  if (twinPath(`/${paths[pageKey]}`) !== paths[twinKey]) {
    throw new Error(
      `site.paths.${twinKey} ("${paths[twinKey]}") must be the Markdown twin of site.paths.${pageKey} ` +
        `("${paths[pageKey]}")`,
    );
  }
}
