/**
 * How pages link: by the key of a path in `site.paths`, never by a typed path, so a moved page
 * fails the build instead of leaving a broken link. HTML output gets root-relative links (the
 * HtmlBasePlugin adds the path prefix); Markdown twins and text outputs get absolute URLs.
 */
import { absoluteUrl, paths, type SitePath } from "../data/site.ts";

export { absoluteUrl };

function isSitePath(key: string): key is SitePath {
  return Object.hasOwn(paths, key);
}

/** The site-relative path of a key in `site.paths`, such as `docs/`; unknown keys fail the build. */
function sitePath(key: string): string {
  if (!isSitePath(key)) throw new Error(`"${key}" is not a key of site.paths (build/data/site.ts); use one of: ${Object.keys(paths).join(", ")}`);
  return paths[key];
}

/** `{{ "docs" | href }}` → `/docs/`; `{{ "docs" | href("support") }}` → `/docs/#support`. */
export function href(key: string, fragment?: string): string {
  return `/${sitePath(key)}${fragment ? `#${fragment}` : ""}`;
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
for (const [pageKey, twinKey] of [["home", "overview"], ["auth", "accessPolicy"]] as const) {
  if (twinPath(`/${paths[pageKey]}`) !== paths[twinKey]) {
    throw new Error(`site.paths.${twinKey} ("${paths[twinKey]}") must be the Markdown twin of site.paths.${pageKey} ("${paths[pageKey]}")`);
  }
}
