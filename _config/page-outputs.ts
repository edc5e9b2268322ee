/**
 * Where outputs may land, checked before any page renders or is written:
 *
 * - every output's file stays inside the output folder: a permalink with `..`, an absolute path or
 *   `permalinkBypassOutputDir` would write elsewhere on the builder's disk (Eleventy's data schema,
 *   run for every page: https://www.11ty.dev/docs/data-validate/);
 * - a page of `content/pages/` is published as an HTML page (`/faq/` or `/faq.html`), never as a
 *   script, stylesheet or data file.
 *
 * Failures name the file (and the line of its `permalink`) and the fix.
 */
import path from "node:path";
import { PAGES_FOLDER } from "./pages.ts";
import { fileText, lineAt, projectPath } from "./page-source.ts";

/** `content/pages/faq.md:3` where the page's `permalink:` is, or the file alone. */
function permalinkAt(inputPath: string): string {
  let line = 0;
  try {
    const text = fileText(inputPath);
    const at = text.search(/^permalink\s*:/m);
    if (at >= 0) line = lineAt(text, at);
  } catch {}
  return `${projectPath(inputPath)}${line > 0 ? `:${line}` : ""}`;
}

type OutputData = {
  page: { inputPath: string; outputPath: string | false };
  permalinkBypassOutputDir?: unknown;
};

/** An `eleventyDataSchema` that fails when a page's file would land outside `outputFolder`. */
export function insideOutput(outputFolder: string): (data: OutputData) => void {
  const folder = path.resolve(outputFolder) + path.sep;
  return ({ page, permalinkBypassOutputDir }) => {
    if (page.outputPath === false) return;
    const written = path.resolve(page.outputPath);
    if (!permalinkBypassOutputDir && written.startsWith(folder)) return;
    throw new Error(
      `${permalinkAt(page.inputPath)}: its output ${written} is outside the output folder ` +
        `${folder}; write a permalink inside the site, such as /faq/, without "..", an absolute path ` +
        "or permalinkBypassOutputDir",
    );
  };
}

/** Fails when a page of `content/pages/` is published as anything but an HTML page (`eleventy.contentMap`). */
export function checkPageUrls(inputPathToUrl: Record<string, readonly (string | false)[]>): void {
  const problems = Object.entries(inputPathToUrl)
    .filter(([inputPath]) => inputPath.startsWith(PAGES_FOLDER))
    // `permalink: false` (the URL false) writes no file.
    .flatMap(([inputPath, urls]) =>
      urls.filter((url) => url !== false && !/(?:\/|\.html)$/.test(url)).map((url) => ({ inputPath, url })),
    )
    .map(
      ({ inputPath, url }) =>
        `  ${permalinkAt(inputPath)}: the permalink ${url} is not an HTML page: a page is published as ` +
        "a folder (/faq/) or an .html file, never as a script, stylesheet or data file; end it in / or remove it",
    );
  if (problems.length > 0)
    throw new Error(
      `Pages published as something else than HTML (${problems.length}):\n${problems.join("\n")}`,
    );
}
