/**
 * Eleventy wiring only: directories, template formats, data formats and plugins. Anything longer
 * than a few lines lives in a small named module under `_config/`.
 */
import path from "node:path";
import { HtmlBasePlugin, InputPathToUrlTransformPlugin, RenderPlugin } from "@11ty/eleventy";
import type UserConfig from "@11ty/eleventy/UserConfig";
import site from "./_data/site.ts";
import type { AfterBuildEvent } from "./_config/link-check.ts";
import type { BuildEvent } from "./_config/output-folder.ts";

export const config = {
  dir: { input: "content", includes: "../_includes", data: "../_data", output: "_site" },
  markdownTemplateEngine: "njk",
  htmlTemplateEngine: "njk",
  // HtmlBasePlugin prefixes root-relative links in HTML output; other outputs build absolute URLs.
  pathPrefix: site.pathPrefix,
};

export default async function (eleventyConfig: UserConfig) {
  // The build's modules are imported here, not at the top: an edit under `_config/`, `contract/` or
  // `common/` makes `npm start` run this function again (a config reset), and these imports then load
  // the edited modules (`scripts/reload-modules.js` gives each changed module a new URL).
  const { bundleCalculator } = await import("./_config/bundle.ts");
  const { dataModuleParser } = await import("./_config/global-data.ts");
  const { pageMarkdown } = await import("./_config/markdown.ts");
  const { keptComputed, pageHelpers } = await import("./_config/page-helpers.ts");
  const { linkCheck } = await import("./_config/link-check.ts");
  const { freshOutputFolder } = await import("./_config/output-folder.ts");
  const { pageChecks } = await import("./_config/page-checks.ts");
  const { buildErrorsOnThePage } = await import("./_config/build-errors.ts");
  const { rememberPages } = await import("./_config/pages.ts");
  const { writersDevServer } = await import("./_config/dev-server.ts");
  const { writeShareCard } = await import("./_config/share-card.ts");
  const { loadTemplatesOnce } = await import("./_config/template-modules.ts");
  const { checkPagesFolder, checkPageUrls } = await import("./_config/page-outputs.ts");
  const { keepResults, sortedKeys, writeWhen } = await import("./_config/kept-results.ts");
  const { keptHighlights } = await import("./_config/highlight.ts");
  const { keepHtmlTransforms } = await import("./_config/html-transforms.ts");
  const { keepCompiledTemplates, keptTemplates } = await import("./_config/nunjucks-compile.ts");
  const { keptMarkdown } = await import("./_config/markdown-cache.ts");

  const outputFolder = freshOutputFolder();
  const checkLinks = linkCheck(site.url);
  // TypeScript data files (`_data/*.ts`: the writer's `ranks` and `calculator`, and the globals derived
  // from them and the contract: `site`, `endpoints`, `openapi`, `tools`, `shareCard`) and templates (`*.11ty.ts`),
  // loaded with Node's own type stripping. See https://www.11ty.dev/docs/data-custom/ and
  // https://www.11ty.dev/docs/languages/typescript/
  // Global data is frozen, so every page shares one copy (`_config/global-data.ts`).
  eleventyConfig.addDataExtension("ts", {
    read: false,
    parser: dataModuleParser(path.join(config.dir.input, config.dir.data)),
  });
  eleventyConfig.addExtension("11ty.ts", { key: "11ty.js" });
  eleventyConfig.addTemplateFormats("11ty.ts");
  // Templates load through Node's compile cache, without Eleventy's per-build query (template-modules.ts).
  loadTemplatesOnce();

  eleventyConfig.addPlugin(HtmlBasePlugin);
  // Pages link to each other by file (`[API docs](docs.md)`) or by key (`{{ "docs" | href }}`); both
  // need every page's URL before any renders (`_config/pages.ts`), and the pages `site.paths`
  // names must be where it says.
  eleventyConfig.addPlugin(InputPathToUrlTransformPlugin);
  // Every page is published as an HTML page, never as a script, stylesheet or JSON (page-outputs.ts).
  let contentMap: Record<string, string[]> = {};
  // Each page's rendered Markdown is kept for the next build under the map of pages to URLs.
  const markdown = keptMarkdown(() => JSON.stringify({ contentMap, paths: site.paths }));
  eleventyConfig.on(
    "eleventy.contentMap",
    async ({ inputPathToUrl }: { inputPathToUrl: Record<string, string[]> }) => {
      checkPageUrls(inputPathToUrl);
      rememberPages(inputPathToUrl, site.paths);
      // In one order, whatever order Eleventy found the pages in: the kept results' settings hold it.
      contentMap = sortedKeys(inputPathToUrl);
      await markdown.kept.opened();
    },
  );
  // Each page's HTML with its links rewritten by the two plugins above is kept for the next build.
  keepHtmlTransforms(eleventyConfig, () => contentMap);
  // Every absolute URL names the port `npm start` was given (`_data/site.ts`), so a server that
  // moved to the next free port would publish links to the wrong one: a busy port stops instead.
  eleventyConfig.setServerOptions({ portReassignmentRetryCount: 0 });
  // `npm start` rebuilds once a saved file has stopped changing for 30 ms (Eleventy waits 150 ms):
  // long enough that the watcher never reads a half-written file, short enough not to be seen.
  eleventyConfig.setChokidarConfig({ awaitWriteFinish: { stabilityThreshold: 30, pollInterval: 10 } });

  // The homepage's script (engine, WebMCP tools, calculator form): bundled by esbuild before each
  // build into the output folder; `npm start` rebuilds it when a module it imports changes.
  // Kept: Eleventy has no bundler of its own for TypeScript modules that import npm packages.
  // Each build first takes the output folder for itself and empties it (_config/output-folder.ts);
  // Eleventy runs the listeners of one event at once, so the steps are chained in one listener.
  // A build writes the bundle and the link previews' card (_config/share-card.ts) while the pages
  // render, and waits for them before the links are checked; a failed build's are waited for before
  // the next build empties the folder, so none lands in it late. `npm start` writes them first, so
  // the folder it serves lacks them only for a moment while it rebuilds.
  let bundleAndCard: Promise<unknown> | undefined;
  eleventyConfig.on("eleventy.before", async (event: BuildEvent) => {
    // content/pages/ holds Markdown pages only, so every page passes the same checks (page-outputs.ts).
    checkPagesFolder();
    await bundleAndCard?.catch(() => undefined);
    // What the steps of a build keep for the next: each opens its results when it first runs
    // (the compiled templates and highlighted code blocks before the pages render) and the build
    // writes them when it ends.
    await keepResults(writeWhen(event));
    await Promise.all([
      keptHighlights.opened(),
      keptTemplates.opened(),
      keptComputed.opened(),
      outputFolder.before(event),
    ]);
    const output = event.directories.output;
    bundleAndCard = Promise.all([bundleCalculator(output), writeShareCard(output)]);
    if (event.runMode !== "build") await bundleAndCard;
    // Else awaited in eleventy.after; a build that fails before then reports its own error instead.
    else bundleAndCard.catch(() => undefined);
  });
  // `npm start` watches every folder of modules: `_data/`, `_includes/` and `content/` Eleventy watches
  // itself; an edit under `assets/` re-runs the bundle; one under `_config/`, `contract/` or `common/`
  // (which this config imports) reloads the config, so its filters and checks are the edited ones.
  eleventyConfig.addWatchTarget("assets/");
  for (const folder of ["_config/", "contract/", "common/"])
    eleventyConfig.addWatchTarget(folder, { resetConfig: true });

  // Pages: Eleventy's own markdown-it (14.x renders a page in half the time of 15.x's transpiled
  // build, to the same bytes) with heading anchors and build-time highlighting; Nunjucks fails the
  // build on an undefined name (a misspelt data key must not render as nothing) and escapes every
  // value as HTML unless a filter built it as Markdown (`_config/page-helpers.ts`), so data
  // from a writer is inert in every page and twin.
  eleventyConfig.amendLibrary("md", pageMarkdown);
  eleventyConfig.amendLibrary("md", markdown.amend);
  eleventyConfig.setNunjucksEnvironmentOptions({ throwOnUndefined: true, autoescape: true });
  // Each template's compiled source is kept for the next build (_config/nunjucks-compile.ts).
  keepCompiledTemplates();
  const helpers = pageHelpers(eleventyConfig);
  // Each page's template may use only the site's data, filters, shortcodes and partials, and no
  // JavaScript (Nunjucks is not a sandbox: the template is checked before it runs); no value of the
  // data is typed by hand; and what it renders holds only the HTML Markdown and the site's partials
  // write. Failures name the file, the line and the fix (_config/page-checks.ts).
  pageChecks(eleventyConfig, { ...helpers, includes: path.join(config.dir.input, config.dir.includes) });
  // `npm start` shows a failed rebuild on the open page as well as in the terminal.
  buildErrorsOnThePage(eleventyConfig, site.pathPrefix);
  // `npm start` listens on loopback, refuses other origins' sockets and bad paths, rebuilds on a deletion.
  writersDevServer(eleventyConfig, [config.dir.input, "_includes", "_data"]);
  // Markdown twins render each page's source again with the same data (`_config/twins.ts`).
  eleventyConfig.addPlugin(RenderPlugin);

  // The icon is published as a file; the stylesheet is inlined in each page's head (page-helpers).
  eleventyConfig.addPassthroughCopy({ "assets/styles/favicon.svg": site.paths.icon });

  // Every link of the written pages, twins and text outputs is checked from the build's own output
  // list; a broken one fails the build, naming its source file and line (_config/link-check.ts).
  eleventyConfig.on("eleventy.after", async (event: AfterBuildEvent) => {
    try {
      await bundleAndCard;
      await checkLinks(event);
    } finally {
      await keepResults(writeWhen(event));
      await outputFolder.after(event);
    }
  });
}
