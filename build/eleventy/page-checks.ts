/**
 * The checks every Markdown page's source passes before it renders, in `npm run build` and in
 * each rebuild of `npm start`: no raw HTML that runs code or sends a visitor elsewhere
 * (`unsafe-html.ts`), and no figure or name of the data typed by hand (`drift.ts`). Each failure
 * names the file, the line in the file (front matter counted) and the fix. A page that fails to
 * render (a misspelt data name) fails the same way (`template-errors.ts`).
 * See https://www.11ty.dev/docs/config-preprocessors/ and
 * https://www.11ty.dev/docs/languages/custom/#overriding-an-existing-template-language
 */
import type UserConfig from "@11ty/eleventy/UserConfig";
import { dataValues, typedValues, type DriftData } from "./drift.ts";
import { pageError } from "./page-source.ts";
import { templateError } from "./template-errors.ts";
import { unsafeHtml } from "./unsafe-html.ts";

/** A page's source: its problems, or nothing. Throws one error listing them all. */
export function checkPageSource(inputPath: string, body: string, data: DriftData): void {
  const unsafe = unsafeHtml(body);
  if (unsafe.length > 0) throw pageError("Unsafe HTML in a Markdown page", inputPath, body, unsafe);
  const typed = typedValues(body, dataValues(data));
  if (typed.length > 0) throw pageError("Data typed by hand in a Markdown page", inputPath, body, typed);
}

export function pageChecks(eleventyConfig: UserConfig): void {
  eleventyConfig.addPreprocessor("page-source", "md", function (this: { inputPath: string }, data: DriftData & { page: { inputPath: string } }, content: string) {
    checkPageSource(data.page.inputPath, content, data);
    return undefined;
  });
  // Markdown renders as before (Nunjucks, then markdown-it); only its errors are rewritten.
  // The filters, read when an error needs them (the project's own are added after this runs).
  let environment: { filters: Record<string, unknown> } = { filters: {} };
  eleventyConfig.amendLibrary("njk", (njk: typeof environment) => {
    environment = njk;
  });
  eleventyConfig.addExtension("md", {
    // Permalinks in front matter (`/{{ site.paths.notFound }}`) render as Markdown's do, with Nunjucks.
    compileOptions: { permalink: true },
    compile(source: string, inputPath: string) {
      return async function (this: { defaultRenderer: (data: unknown) => Promise<string> }, data: Record<string, unknown>) {
        try {
          return await this.defaultRenderer(data);
        } catch (error) {
          throw templateError(error, inputPath, source, data, Object.keys(environment.filters));
        }
      };
    },
  });
}
