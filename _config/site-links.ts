/**
 * How templates link to the site's pages and files: by their key in `site.paths`, never by a typed
 * path, so a moved file fails the build instead of leaving a broken link (pages link to each other
 * by file, `page-links.ts`). Links are root-relative (markdown-it adds the path prefix in a page,
 * `page-links.ts`); Markdown twins and text outputs get absolute URLs.
 */
import { absoluteUrl, paths, twinPath, type SitePath } from "../_data/site.ts";
import { closestName, didYouMean } from "../common/text/closest-name.ts";

export { absoluteUrl, twinPath };

/** `{{ "docs" | href }}` → `/docs/`; `{{ "docs" | href("support") }}` → `/docs/#support`; unknown keys fail. */
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
