/**
 * What a writer hears about a Markdown page, in `npm run build` and each rebuild of `npm start`,
 * with the file, the line in the file (front matter counted) and the fix:
 *
 * - before it renders, no figure or name of the data is typed by hand (`drift.ts`);
 * - a template that fails to render (a misspelt data name or filter), the page's or its Markdown
 *   twin's (`renderNunjucks`), says which name, and the closest one there is (`template-errors.ts`).
 *
 * The page's needs Eleventy's `md` engine overridden: Eleventy 3 has no other hook between a failed
 * render and its report (ARCHITECTURE.md, Upstream gaps). See https://www.11ty.dev/docs/config-preprocessors/ and
 * https://www.11ty.dev/docs/languages/custom/#overriding-an-existing-template-language
 */
import type UserConfig from "@11ty/eleventy/UserConfig";
import { dataValues, typedValues, type DriftData } from "./drift.ts";
import { frontMatterLines, projectPath } from "./page-source.ts";
import { templateError } from "./template-errors.ts";

/**
 * A page's source: its problems, or nothing. Throws one error listing them all, each as
 * `file:line: message` with the line in the file (front matter counted).
 */
export function checkPageSource(inputPath: string, body: string, data: DriftData): void {
  const typed = typedValues(body, dataValues(data));
  if (typed.length === 0) return;
  const file = projectPath(inputPath);
  const offset = frontMatterLines(inputPath, body);
  const lines = typed.map((problem) => `  ${file}:${problem.line + offset}: ${problem.message}`);
  throw new Error(`Data typed by hand in a Markdown page (${typed.length}) in ${file}:\n${lines.join("\n")}`);
}

type Done = (error: Error | null, text?: string) => void;
type Environment = {
  filters: Record<string, unknown>;
  renderString(source: string, data: object, options: { path: string }, done: Done): void;
};

/** The Nunjucks environment Eleventy renders this build's pages with (`amendLibrary` hands it over). */
let environment: Environment | undefined;

/** `source`, a page's or its twin's, rendered with the pages' Nunjucks; a failure as `templateError` says it. */
export function renderNunjucks(
  source: string,
  inputPath: string,
  data: Record<string, unknown>,
): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!environment) throw new Error(`${inputPath}: rendered before Eleventy's Nunjucks existed`);
    const filters = Object.keys(environment.filters);
    environment.renderString(source, data, { path: inputPath }, (error, text) =>
      error ? reject(templateError(error, inputPath, source, data, filters)) : resolve(text ?? ""),
    );
  });
}

export function pageChecks(eleventyConfig: UserConfig): void {
  eleventyConfig.addPreprocessor(
    "page-source",
    "md",
    (data: DriftData & { page: { inputPath: string } }, content: string) => {
      checkPageSource(data.page.inputPath, content, data);
      return undefined;
    },
  );
  eleventyConfig.amendLibrary("njk", (built: Environment) => (environment = built));
  eleventyConfig.addExtension("md", {
    // Permalinks in front matter (`/{{ site.paths.notFound }}`) render as Markdown's do, with Nunjucks.
    compileOptions: { permalink: true },
    compile(source: string, inputPath: string) {
      return async function (
        this: { defaultRenderer: (data: unknown) => Promise<string> },
        data: Record<string, unknown>,
      ) {
        try {
          return await this.defaultRenderer(data);
        } catch (error) {
          throw templateError(error, inputPath, source, data, Object.keys(environment?.filters ?? {}));
        }
      };
    },
  });
}
