/**
 * Where outputs may land, checked before any page renders or is written:
 *
 * every output's file stays inside the output folder: a permalink with `..`, an absolute path or
 * `permalinkBypassOutputDir` would write elsewhere on the builder's disk (Eleventy's data schema,
 * run for every template: https://www.11ty.dev/docs/data-validate/; `content/pages/` has its own,
 * which allows only page URLs).
 *
 * Failures name the file (and the line of its `permalink`) and the fix.
 */
import path from "node:path";
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
