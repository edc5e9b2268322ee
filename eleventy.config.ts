/**
 * Eleventy wiring only: directories, template formats, data formats and plugins. Anything longer
 * than a few lines lives in a small named module under `build/eleventy/`.
 */
import path from "node:path";
import { HtmlBasePlugin, InputPathToUrlTransformPlugin, RenderPlugin } from "@11ty/eleventy";
import type UserConfig from "@11ty/eleventy/UserConfig";
import site from "./_data/site.ts";
import { bundleCalculator } from "./_config/bundle.ts";
import { dataModuleParser, derivedGlobal } from "./_config/global-data.ts";
import { pageMarkdown } from "./_config/markdown.ts";
import { pageHelpers } from "./_config/page-helpers.ts";
import { linkCheck, type AfterBuildEvent } from "./_config/link-check.ts";
import { freshOutputFolder, type BuildEvent } from "./_config/output-folder.ts";
import { pageChecks } from "./_config/page-checks.ts";
import { buildErrorsOnThePage } from "./_config/build-errors.ts";
import { writersDevServer } from "./_config/dev-server.ts";
import { rememberPages } from "./_config/pages.ts";
import { writeShareCard } from "./_config/share-card.ts";
import { loadTemplatesOnce } from "./_config/template-modules.ts";
import { checkPagesFolder, checkPageUrls } from "./_config/page-outputs.ts";

export const config = {
  dir: { input: "content", includes: "../_includes", data: "../_data", output: "_site" },
  markdownTemplateEngine: "njk",
  htmlTemplateEngine: "njk",
  // HtmlBasePlugin prefixes root-relative links in HTML output; other outputs build absolute URLs.
  pathPrefix: site.pathPrefix,
};

export default function (eleventyConfig: UserConfig) {
  const outputFolder = freshOutputFolder();
  const checkLinks = linkCheck(site.url);
  // TypeScript data files (`_data/*.ts`, what a writer edits) and templates (`*.11ty.ts`), loaded with
  // Node's own type stripping. See https://www.11ty.dev/docs/data-custom/ and https://www.11ty.dev/docs/languages/typescript/
  // Global data is frozen, so every page shares one copy (`build/eleventy/global-data.ts`).
  eleventyConfig.addDataExtension("ts", { read: false, parser: dataModuleParser(path.join(config.dir.input, config.dir.data)) });
  // The globals derived from the writer's data and the contract (`build/data/`), one module each.
  for (const name of ["site", "endpoints", "openapi", "tools", "shareCard"]) eleventyConfig.addGlobalData(name, derivedGlobal(new URL(`build/data/${name}.ts`, import.meta.url).href));
  eleventyConfig.addExtension("11ty.ts", { key: "11ty.js" });
  eleventyConfig.addTemplateFormats("11ty.ts");
  // Templates load through Node's compile cache, without Eleventy's per-build query (template-modules.ts).
  loadTemplatesOnce();

  eleventyConfig.addPlugin(HtmlBasePlugin);
  // Pages link to each other by file (`[API docs](docs.md)`) or by key (`{{ "docs" | href }}`); both
  // need every page's URL before any renders (`build/eleventy/pages.ts`), and the pages `site.paths`
  // names must be where it says.
  eleventyConfig.addPlugin(InputPathToUrlTransformPlugin);
  // Every page is published as an HTML page, never as a script, stylesheet or JSON (page-outputs.ts).
  eleventyConfig.on("eleventy.contentMap", ({ inputPathToUrl }: { inputPathToUrl: Record<string, string[]> }) => {
    checkPageUrls(inputPathToUrl);
    rememberPages(inputPathToUrl, site.paths);
  });
  // Every absolute URL names the port `npm start` was given (`build/data/site.ts`), so a server that
  // moved to the next free port would publish links to the wrong one: a busy port stops instead.
  eleventyConfig.setServerOptions({ portReassignmentRetryCount: 0 });
  // `npm start` rebuilds once a saved file has stopped changing for 30 ms (Eleventy waits 150 ms):
  // long enough that the watcher never reads a half-written file, short enough not to be seen.
  eleventyConfig.setChokidarConfig({ awaitWriteFinish: { stabilityThreshold: 30, pollInterval: 10 } });

  // The homepage's script (engine, WebMCP tools, calculator form): bundled by esbuild before each
  // build into the output folder; `npm start` rebuilds it when anything under `assets/` changes.
  // Kept: Eleventy has no bundler of its own for TypeScript modules that import npm packages.
  // Each build first takes the output folder for itself and empties it (build/eleventy/output-folder.ts);
  // Eleventy runs the listeners of one event at once, so the steps are chained in one listener.
  // The link previews' card is drawn meanwhile (build/eleventy/share-card.ts).
  eleventyConfig.on("eleventy.before", async (event: BuildEvent) => {
    // content/pages/ holds Markdown pages only, so every page passes the same checks (page-outputs.ts).
    checkPagesFolder();
    await outputFolder.before(event);
    await Promise.all([bundleCalculator(event.directories.output), writeShareCard(event.directories.output)]);
  });
  eleventyConfig.addWatchTarget("assets/");

  // Pages: Eleventy's own markdown-it (14.x renders a page in half the time of 15.x's transpiled
  // build, to the same bytes) with heading anchors and build-time highlighting; Nunjucks fails the
  // build on an undefined name (a misspelt data key must not render as nothing) and escapes every
  // value as HTML unless a filter built it as Markdown (`build/eleventy/page-helpers.ts`), so data
  // from a writer is inert in every page and twin.
  eleventyConfig.amendLibrary("md", pageMarkdown);
  eleventyConfig.setNunjucksEnvironmentOptions({ throwOnUndefined: true, autoescape: true });
  const helpers = pageHelpers(eleventyConfig);
  // Each page's template may use only the site's data, filters, shortcodes and partials, and no
  // JavaScript (Nunjucks is not a sandbox: the template is checked before it runs); no value of the
  // data is typed by hand; and what it renders holds only the HTML Markdown and the site's partials
  // write. Failures name the file, the line and the fix (build/eleventy/page-checks.ts).
  pageChecks(eleventyConfig, { ...helpers, includes: path.join(config.dir.input, config.dir.includes) });
  // `npm start` shows a failed rebuild on the open page as well as in the terminal.
  buildErrorsOnThePage(eleventyConfig, site.pathPrefix);
  // `npm start` listens on loopback, refuses other origins' sockets and bad paths, rebuilds on a deletion.
  writersDevServer(eleventyConfig, [config.dir.input, "_includes", "_data"]);
  // Markdown twins render each page's source again with the same data (`build/eleventy/twins.ts`).
  eleventyConfig.addPlugin(RenderPlugin);

  // The icon is published as a file; the stylesheet is inlined in each page's head (page-helpers).
  eleventyConfig.addPassthroughCopy({ "assets/styles/favicon.svg": site.paths.icon });

  // Every link of the written pages, twins and text outputs is checked from the build's own output
  // list; a broken one fails the build, naming its source file and line (build/eleventy/link-check.ts).
  eleventyConfig.on("eleventy.after", async (event: AfterBuildEvent) => {
    try {
      await checkLinks(event);
    } finally {
      await outputFolder.after(event);
    }
  });
}
