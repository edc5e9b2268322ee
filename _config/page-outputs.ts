/**
 * What `content/pages/` may publish: Markdown pages, as HTML. Every file there is a Markdown page
 * (`.md`), besides the folder's own data (`pages.11tydata.ts`), so every page passes the same
 * checks (`page-checks.ts`): a `.njk`, `.html`, `.liquid` or `.11ty.js` file would render with no
 * check at all, and a data file of its own (`x.11tydata.js`) would run as code. And every page is
 * published as an HTML page (`/faq/` or `/faq.html`), never as a script, stylesheet or JSON file
 * the site's own pages could load (`<script src>` from the site passes its security policy).
 * Failures name the file (and the line of its `permalink`) and the fix.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { PAGES_FOLDER } from "./pages.ts";
import { fileText, lineAt, projectPath } from "./page-source.ts";

/** The folder's own data file, the only file in it that is not a page. */
const FOLDER_DATA = "pages.11tydata.ts";

/** Every file under `content/pages/` that is not a Markdown page or the folder's data, as the writer names it. */
export function foreignPageFiles(folder = PAGES_FOLDER): string[] {
  const entries = readdirSync(folder, { recursive: true, withFileTypes: true });
  return (
    entries
      // Hidden files and editors' backups (`.docs.md.swp`, `docs.md~`), which Eleventy does not read either.
      .filter((entry) => entry.isFile() && !entry.name.startsWith(".") && !entry.name.endsWith("~"))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter(
        (file) =>
          !path
            .relative(folder, file)
            .split(path.sep)
            .some((part) => part.startsWith(".")),
      )
      .filter((file) => !file.endsWith(".md") && path.relative(folder, file) !== FOLDER_DATA)
      .map(projectPath)
      .sort()
  );
}

/** Fails when `content/pages/` holds anything but Markdown pages and the folder's data; run before each build. */
export function checkPagesFolder(folder = PAGES_FOLDER): void {
  const foreign = foreignPageFiles(folder);
  if (foreign.length === 0) return;
  const lines = foreign.map(
    (file) =>
      `  ${file}: only Markdown pages (.md) live in content/pages/, so that every page passes the ` +
      "same checks; write it as a .md page (layouts and partials go in _includes/)",
  );
  throw new Error(`Files that are not pages in content/pages/ (${foreign.length}):\n${lines.join("\n")}`);
}

/** The 1-based line of a page's `permalink:` in its front matter, or 0. */
function permalinkLine(inputPath: string): number {
  const text = fileText(inputPath);
  const at = text.search(/^permalink\s*:/m);
  return at < 0 ? 0 : lineAt(text, at);
}

/**
 * Fails when a page of `content/pages/` is published as anything but an HTML page: from Eleventy's
 * map of input paths to URLs (`eleventy.contentMap`, before any page renders).
 */
export function checkPageUrls(inputPathToUrl: Record<string, readonly (string | false)[]>): void {
  const problems = Object.entries(inputPathToUrl)
    .filter(([inputPath]) => inputPath.startsWith(PAGES_FOLDER))
    // `permalink: false` (the URL false) writes no file.
    .flatMap(([inputPath, urls]) =>
      urls.filter((url) => url !== false && !/(?:\/|\.html)$/.test(url)).map((url) => ({ inputPath, url })),
    )
    .map(({ inputPath, url }) => {
      const line = permalinkLine(inputPath);
      return (
        `  ${projectPath(inputPath)}${line > 0 ? `:${line}` : ""}: the permalink ${url} is not an HTML ` +
        "page: a page is published as a folder (/faq/) or an .html file, never as a script, stylesheet " +
        "or data file; end it in / or remove it"
      );
    });
  if (problems.length > 0)
    throw new Error(
      `Pages published as something else than HTML (${problems.length}):\n${problems.join("\n")}`,
    );
}
