/**
 * How pages link: by the key of a path in `site.paths`, never by a typed path, so a moved page
 * fails the build instead of leaving a broken link. HTML output gets root-relative links (the
 * HtmlBasePlugin adds the path prefix); Markdown twins and text outputs get absolute URLs.
 */
import { absoluteUrl, paths, type SitePath } from "../../_data/site.ts";

export { absoluteUrl };

function isSitePath(key: string): key is SitePath {
  return Object.hasOwn(paths, key);
}

/** The site-relative path of a key in `site.paths`, such as `docs/`; unknown keys fail the build. */
export function sitePath(key: string): string {
  if (!isSitePath(key)) throw new Error(`"${key}" is not a key of site.paths (_data/site.ts); use one of: ${Object.keys(paths).join(", ")}`);
  return paths[key];
}

/** `{{ "docs" | href }}` → `/docs/`; `{{ "docs" | href("support") }}` → `/docs/#support`. */
export function href(key: string, fragment?: string): string {
  return `/${sitePath(key)}${fragment ? `#${fragment}` : ""}`;
}

/** A page URL's Markdown twin: `/docs/` → `docs.md`, `/` → `index.md` (llmstxt.org: the URL with `.md`). */
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

/**
 * Rewrites root-relative link targets in Markdown (`](/docs/)`, `[ref]: /docs/`, `href="/docs/"`)
 * to absolute URLs, because a Markdown file is read outside the site and gets no path prefix.
 */
export function absoluteMarkdownLinks(markdown: string): string {
  return markdown
    .replace(/\]\((\/(?!\/)[^)\s]*)/g, (_match, path: string) => `](${absoluteUrl(path)}`)
    .replace(/^(\s*\[[^\]]+\]:\s*)(\/(?!\/)\S*)/gm, (_match, label: string, path: string) => `${label}${absoluteUrl(path)}`)
    .replace(/\b(href|src)="(\/(?!\/)[^"]*)"/g, (_match, attribute: string, path: string) => `${attribute}="${absoluteUrl(path)}"`);
}
