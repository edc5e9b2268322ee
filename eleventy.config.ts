/**
 * Eleventy wiring only: directories, template formats, data formats and plugins. Anything longer
 * than a few lines lives in a small named module under `_config/`.
 */
import path from "node:path";
import type UserConfig from "@11ty/eleventy/UserConfig";
import type { OutputFile } from "esbuild";
import site from "./_data/site.ts";
import { bundleCalculator, writeBundles } from "./_config/bundle.ts";
import { dataModuleParser } from "./_config/global-data.ts";
import { pageMarkdown } from "./_config/markdown.ts";
import { pageHelpers } from "./_config/page-helpers.ts";
import { pageChecks } from "./_config/page-checks.ts";
import { rememberUrls } from "./_config/page-links.ts";
import { checkOutputUrls, insideOutput, keepsDataSchema } from "./_config/page-outputs.ts";
import { emptyOutputFolder } from "./_config/output-folder.ts";
import { writeShareCard } from "./_config/share-card.ts";

// The dates the build writes (the docs' chart) read the same whatever the builder's time zone.
process.env.TZ = "UTC";

export const config = {
  dir: { input: "content", includes: "../_includes", data: "../_data", output: "_site" },
  // A Markdown page's Liquid runs in the `md` engine's override (`_config/page-checks.ts`), not Eleventy's.
  markdownTemplateEngine: false,
  htmlTemplateEngine: "liquid",
  // What `npm start` serves under. Nothing rewrites a page after it renders: layouts write
  // `site.pathPrefix` and markdown-it adds it to a page's links (`_config/page-links.ts`).
  pathPrefix: site.pathPrefix,
  // No `pkg` in the data: a page's template reads no file, package.json neither. Each template renders with
  // its file's engine: Eleventy reads an engine override from a key no data can hold, so neither front matter,
  // computed data (`templateEngineOverride: ""` ships a Markdown page's text as raw HTML) nor a pagination alias
  // sets one. See https://www.11ty.dev/docs/languages/#overriding-the-template-language
  keys: { package: false, engineOverride: Symbol("no engine override") },
};

export default async function (eleventyConfig: UserConfig) {
  const serving = process.argv.includes("--serve");
  // TypeScript data files and templates: Node strips their types (https://www.11ty.dev/docs/languages/typescript/).
  // Global data is frozen, so every page shares one copy (`_config/global-data.ts`).
  eleventyConfig.addDataExtension("ts", {
    read: false,
    parser: dataModuleParser(path.join(config.dir.input, config.dir.data)),
  });
  eleventyConfig.addExtension("11ty.ts", { key: "11ty.js" });
  eleventyConfig.addTemplateFormats("11ty.ts");
  // Front matter is data, never code: `---js` (and `---jsLegacy`) would run in the build, past every check.
  const noCode = (_code: string, { filePath }: { filePath: string }) => {
    throw new Error(`${filePath}:1: front matter is YAML, not JavaScript; open it with --- instead of ---js`);
  };
  eleventyConfig.setFrontMatterParsingOptions({
    engines: { javascript: noCode, jsLegacy: { parse: noCode } },
  });

  // Every template's URL is one the site publishes (`_config/page-outputs.ts`). Pages link to each
  // other by file (`[API docs](docs.md)`), which needs every page's URL before any renders
  // (`_config/page-links.ts`).
  eleventyConfig.on(
    "eleventy.contentMap",
    ({ inputPathToUrl }: { inputPathToUrl: Record<string, string[]> }) => {
      checkOutputUrls(inputPathToUrl);
      rememberUrls(inputPathToUrl, site.paths);
    },
  );
  // The output folder as this build has it (`--output` included), read once the config is settled.
  eleventyConfig.addGlobalData("eleventyDataSchema", () =>
    insideOutput((eleventyConfig.directories as { output: string }).output),
  );
  eleventyConfig.addPreprocessor("data-schema", "*", keepsDataSchema);

  // Each build starts from an empty output folder (Eleventy only adds files, so a deleted page would
  // stay), one that is the site's own (`_config/output-folder.ts`), and writes the homepage's script
  // and the link previews' card while the pages render. `npm start` bundles before the pages, keeps
  // the bundles in memory, and bundles again unless every saved file is one no bundle reads.
  // Listeners of an event run one after another, so a listener that fails a build leaves no other one
  // still at work (this folder's emptying) when the next build starts.
  eleventyConfig.setEventEmitterMode("sequential");
  let besideThePages: Promise<unknown> = Promise.resolve();
  let kept: OutputFile[] | undefined;
  eleventyConfig.on("eleventy.beforeWatch", (saved: string[]) => {
    if (!saved.every((file) => /\.(?:md|liquid|css)$/.test(file))) kept = undefined;
  });
  eleventyConfig.on("eleventy.before", async ({ directories }: { directories: { output: string } }) => {
    await besideThePages.catch(() => undefined); // a failed build's script and card may still be writing
    // Eleventy remembers which folders exist from one `--serve` build to the next: the output stays one.
    const output = await emptyOutputFolder(directories.output);
    const bundles = serving ? (kept ??= await bundleCalculator(true)) : bundleCalculator();
    besideThePages = Promise.all([writeBundles(output, bundles), writeShareCard(output)]);
    besideThePages.catch(() => undefined);
  });
  eleventyConfig.on("eleventy.after", () => besideThePages);
  // `npm start` rebuilds on an edit the homepage's bundle reads (assets/, common/); an edit to a TypeScript
  // module the build imports restarts it (tsx watch), so Eleventy need not trace imports after each build.
  eleventyConfig.addWatchTarget("assets/");
  eleventyConfig.addWatchTarget("common/");
  eleventyConfig.setWatchJavaScriptDependencies(false);

  // Markdown: markdown-it without raw HTML, with heading anchors and build-time highlighting; no HTML
  // transform runs after it, so the bytes it writes ship. Filters write Markdown (`_config/page-helpers.ts`).
  eleventyConfig.amendLibrary("md", pageMarkdown);
  pageHelpers(eleventyConfig);
  // The pages' Liquid and the layouts'; a writer's mistake fails with the file, line and fix (page-checks.ts).
  pageChecks(eleventyConfig, path.join(config.dir.input, config.dir.includes));
  // The dev server's modules load only for `npm start`.
  if (serving) (await import("./_config/dev-server.ts")).writersDevServer(eleventyConfig, site.pathPrefix);

  // The icon is published as a file; the stylesheet is inlined in each page's head (page-helpers).
  eleventyConfig.addPassthroughCopy({ "assets/styles/favicon.svg": site.paths.icon });
}
