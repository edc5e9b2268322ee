/**
 * Eleventy wiring only: directories, template formats, data formats and plugins. Anything longer
 * than a few lines lives in a small named module under `_includes/lib/`.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { HtmlBasePlugin } from "@11ty/eleventy";
import type UserConfig from "@11ty/eleventy/UserConfig";
import site from "./_data/site.ts";

export const config = {
  dir: { input: "content", includes: "../_includes", data: "../_data", output: "_site" },
  markdownTemplateEngine: "njk",
  htmlTemplateEngine: "njk",
  // HtmlBasePlugin prefixes root-relative links in HTML output; other outputs build absolute URLs.
  pathPrefix: site.pathPrefix,
};

export default function (eleventyConfig: UserConfig) {
  // TypeScript data files (`_data/*.ts`) and templates (`*.11ty.ts`), run under tsx.
  // See https://www.11ty.dev/docs/data-custom/ and https://www.11ty.dev/docs/languages/typescript/
  eleventyConfig.addDataExtension("ts", {
    read: false,
    parser: async (file: string) => (await import(pathToFileURL(path.resolve(file)).href)).default,
  });
  eleventyConfig.addExtension("11ty.ts", { key: "11ty.js" });
  eleventyConfig.addTemplateFormats("11ty.ts");

  eleventyConfig.addPlugin(HtmlBasePlugin);
}
