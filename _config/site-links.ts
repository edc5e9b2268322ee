/**
 * How pages link: by a key, never by a typed path, so a moved page fails the build instead of
 * leaving a broken link. A key names a page (its file name in `content/pages/`, `pages.ts`) or a
 * file of the site (`site.paths`). HTML output gets root-relative links (the HtmlBasePlugin adds
 * the path prefix); Markdown twins and text outputs get absolute URLs.
 */
import { absoluteUrl, paths, type SitePath } from "../_data/site.ts";
import { pageUrlByKey, unknownKey } from "./pages.ts";

export { absoluteUrl };

function isSitePath(key: string): key is SitePath {
  return Object.hasOwn(paths, key);
}

/** The root-relative URL of a key of `site.paths` or of a page, such as `/docs/`; unknown keys fail the build. */
function keyUrl(key: string): string {
  if (isSitePath(key)) return `/${paths[key]}`;
  const page = pageUrlByKey(key);
  if (page === undefined) throw new Error(unknownKey(key, Object.keys(paths)));
  return page;
}

/**
 * `{{ "docs" | href }}` → `/docs/`; `{{ "docs" | href("support") }}` → `/docs/#support`; `{{ "faq" | href
 * }}` → the page `faq.md`'s URL.
 */
export function href(key: string, fragment?: string): string {
  return `${keyUrl(key)}${fragment ? `#${fragment}` : ""}`;
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
