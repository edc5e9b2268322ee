/**
 * The checks every Markdown page passes, in `npm run build` and in each rebuild of `npm start`:
 *
 * - before it renders, its template uses only what a page may (`page-template.ts`: data, filters,
 *   `{% if %}`, `{% for %}`, `{% set %}`, partials; no function call, so no JavaScript), in its body
 *   and in the strings of its front matter that render (a `permalink`), and in its Markdown twin;
 * - before it renders, no figure or name of the data is typed by hand (`drift.ts`);
 * - after it renders (before the layout wraps it), its HTML holds only the elements, attributes and
 *   URL schemes that Markdown and the site's partials write (`unsafe-html.ts`): what a visitor
 *   receives, however the template assembled it;
 * - its front matter is YAML or JSON: JavaScript front matter would run in the build.
 *
 * Each failure names the file, the line in the file (front matter counted) and the fix. A page
 * that fails to render (a misspelt data name) fails the same way (`template-errors.ts`).
 * See https://www.11ty.dev/docs/config-preprocessors/ and
 * https://www.11ty.dev/docs/languages/custom/#overriding-an-existing-template-language
 */
import { readdirSync } from "node:fs";
import type UserConfig from "@11ty/eleventy/UserConfig";
import { dataValues, typedValues, type DriftData } from "./drift.ts";
import { fileText, linesBefore, outputLines, pageError, projectPath } from "./page-source.ts";
import {
  BUILT_IN_FILTERS,
  templateProblems,
  type TemplateEnvironment,
  type TemplateRules,
} from "./page-template.ts";
import { templateError } from "./template-errors.ts";
import { inputKey, KeptResults } from "./kept-results.ts";

/** A page's source: its problems, or nothing. Throws one error listing them all. */
export function checkPageSource(inputPath: string, body: string, data: DriftData): void {
  const typed = typedValues(body, dataValues(data));
  if (typed.length > 0) throw pageError("Data typed by hand in a Markdown page", inputPath, body, typed);
}

/**
 * One error for every problem in the rendered HTML of the page at `inputPath` whose body (its file
 * after the front matter) is `body`, each at the line of the file that wrote it. The HTML parser
 * (parse5) is loaded only when a page's HTML is checked.
 */
export async function renderedHtmlError(
  inputPath: string,
  body: string,
  html: string,
): Promise<Error | undefined> {
  const { unsafeHtml } = await import("./unsafe-html.ts");
  const problems = unsafeHtml(html);
  if (problems.length === 0) return undefined;
  const file = projectPath(inputPath);
  const text = fileText(inputPath);
  const from = text.endsWith(body) ? text.length - body.length : 0;
  const lineOf = outputLines(text, from);
  const lines = problems.map((problem) => {
    const line = lineOf(problem.needles);
    return `  ${file}${line > 0 ? `:${line}` : ""}: ${problem.message}`;
  });
  return new Error(`Unsafe HTML in a Markdown page (${problems.length}) in ${file}:\n${lines.join("\n")}`);
}

/**
 * The rendered HTML that passed the check, kept for the next build (kept-results.ts) under its
 * hash, with the check's source and parse5's version in the recipe: a page whose HTML did not
 * change is not parsed again. Only passes are kept, so a failing page fails every build alike.
 */
export const HTML_CHECK_RECIPE = { modules: ["_config/unsafe-html.ts"] };
const passedHtml = new KeptResults<true>("html-check", HTML_CHECK_RECIPE);

/** Fails with `renderedHtmlError` on a page whose rendered HTML has what no page may. */
async function checkRenderedHtml(inputPath: string, body: string, html: string): Promise<void> {
  await passedHtml.opened();
  const key = inputKey(html);
  if (passedHtml.get(key)) return;
  const unsafe = await renderedHtmlError(inputPath, body, html);
  if (unsafe) throw unsafe;
  passedHtml.set(key, true);
}

/** Problems found per page source, so the page, its permalink and its twin parse it once. */
const checked = new Map<string, Error | null>();

/** Fails when a page's template `source` (its body, or a front matter string that renders) uses what no page may. */
export type PageTemplateCheck = (inputPath: string, source: string) => void;

/**
 * What a template's verdict depends on besides its source: the rules (filters, shortcodes, the
 * partials a page may include) and how Nunjucks parses (its extensions' tags and its options).
 */
function templateSettings(environment: TemplateEnvironment, rules: TemplateRules): string {
  const partials = (() => {
    try {
      return readdirSync(rules.includes, { recursive: true }).map(String).sort();
    } catch {
      return [];
    }
  })();
  const tags = environment.extensionsList.map((extension) => (extension as { tags?: unknown }).tags);
  const sorted = (names: ReadonlySet<string>) => [...names].sort();
  const { filters, shortcodes, includes } = rules;
  return JSON.stringify({
    rules: { filters: sorted(filters), shortcodes: sorted(shortcodes), includes, partials },
    parser: { tags, opts: environment.opts },
  });
}

export const TEMPLATE_CHECK_RECIPE = { modules: ["_config/page-template.ts"] };

/**
 * The template check, with the sources that passed kept for the next build (kept-results.ts) under
 * their hash: a page whose source did not change is not parsed again. `opened` reads them once per
 * build, before the first page renders (its settings read the Nunjucks environment by then).
 */
function templateChecker(
  environment: () => TemplateEnvironment,
  rules: TemplateRules,
): PageTemplateCheck & { opened: () => Promise<void> } {
  const passed = new KeptResults<true>("template-check", {
    ...TEMPLATE_CHECK_RECIPE,
    settings: () => templateSettings(environment(), rules),
  });
  const check = (inputPath: string, source: string) => {
    const key = `${inputPath}\u0000${source}`;
    let error = checked.get(key);
    if (error === undefined) {
      const keptKey = inputKey(source);
      const kept = passed.get(keptKey) === true;
      const problems = kept ? [] : templateProblems(source, environment(), rules);
      // Only a new pass is kept: one read back is not written again.
      if (!kept && problems.length === 0) passed.set(keptKey, true);
      const offset = linesBefore(inputPath, source);
      const file = projectPath(inputPath);
      const lines = problems.map((problem) => `  ${file}:${problem.line + offset}: ${problem.message}`);
      error =
        problems.length > 0
          ? new Error(
              `Template code a page may not use (${problems.length}) in ${file}:\n${lines.join("\n")}`,
            )
          : null;
      checked.set(key, error);
    }
    if (error) throw error;
  };
  return Object.assign(check, { opened: () => passed.opened() });
}

/** JavaScript front matter (`---js`), refused by name of the file: it would run as code in the build. */
function refuseJavaScript(_code: string, context?: { filePath?: string }): never {
  const file = context?.filePath ? projectPath(context.filePath) : "a page";
  throw new Error(
    `${file}: JavaScript front matter runs code in the build, so no page may use it; write the front ` +
      "matter in YAML (--- … ---)",
  );
}

export interface PageCheckOptions {
  /** The site's own filters and shortcodes (`pageHelpers`). */
  filters: readonly string[];
  shortcodes: readonly string[];
  /** The folder of layouts and partials, the only files a page may include. */
  includes: string;
}

export function pageChecks(eleventyConfig: UserConfig, options: PageCheckOptions): void {
  eleventyConfig.setFrontMatterParsingOptions({
    engines: { javascript: refuseJavaScript, jsLegacy: refuseJavaScript },
  });
  eleventyConfig.addPreprocessor(
    "page-source",
    "md",
    function (
      this: { inputPath: string },
      data: DriftData & { page: { inputPath: string } },
      content: string,
    ) {
      checkPageSource(data.page.inputPath, content, data);
      return undefined;
    },
  );
  // Markdown renders as before (Nunjucks, then markdown-it); its template is checked first, its
  // HTML after, and its errors are rewritten. The environment's filters and shortcodes are read
  // when a page renders (the project's own are added after this runs).
  let environment: TemplateEnvironment & { filters: Record<string, unknown> } = {
    filters: {},
    extensionsList: [],
    opts: {},
  };
  eleventyConfig.amendLibrary("njk", (njk: typeof environment) => {
    environment = njk;
  });
  const filters = new Set([...BUILT_IN_FILTERS, ...options.filters]);
  const checkPageTemplate = templateChecker(() => environment, {
    filters,
    shortcodes: new Set(options.shortcodes),
    includes: options.includes,
  });
  // The Markdown twins render each page's source again: they check it first with the same check,
  // handed to JavaScript templates (`this.checkPageTemplate`) rather than imported, since `npm start`
  // may load a new copy of this module for them that the config never set up.
  eleventyConfig.addJavaScriptFunction("checkPageTemplate", checkPageTemplate);
  eleventyConfig.addExtension("md", {
    // Permalinks in front matter (`/{{ site.paths.notFound }}`) render as Markdown's do, with Nunjucks.
    compileOptions: { permalink: true },
    compile(source: string, inputPath: string) {
      return async function (
        this: { defaultRenderer: (data: unknown) => Promise<string> },
        data: Record<string, unknown>,
      ) {
        await checkPageTemplate.opened();
        checkPageTemplate(inputPath, source);
        let html: string;
        try {
          html = await this.defaultRenderer(data);
        } catch (error) {
          throw templateError(error, inputPath, source, data, Object.keys(environment.filters));
        }
        // The page's body, and the front matter strings rendered the same way (a permalink, which
        // is text to the parser and passes): every output of a page is checked, none skipped.
        await checkRenderedHtml(inputPath, source, html);
        return html;
      };
    },
  });
}
