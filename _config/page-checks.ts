/**
 * What a writer hears about a Markdown page, in `npm run build` and each rebuild of `npm start`,
 * with the file, the line in the file (front matter counted) and the fix:
 *
 * - before it renders, no figure or name of the data is typed by hand (`drift.ts`);
 * - a template that fails to render (a misspelt data name or filter), the page's or its Markdown
 *   twin's (`renderLiquid`), says which name, and the closest one there is (`template-errors.ts`).
 *
 * A Markdown page's template is Liquid, which cannot run code; layouts and `.liquid` templates are Liquid too.
 * The page's needs Eleventy's `md` engine overridden: Eleventy 3 has no other hook between a failed
 * render and its report (ARCHITECTURE.md, Upstream gaps). See https://www.11ty.dev/docs/config-preprocessors/ and
 * https://www.11ty.dev/docs/languages/custom/#overriding-an-existing-template-language
 */
import type UserConfig from "@11ty/eleventy/UserConfig";
import type { MarkdownIt } from "markdown-it";
import { Liquid, type Template as LiquidTemplate } from "liquidjs";
import { dataValues, typedValues, type DriftData } from "./drift.ts";
import { fileLine, frontMatterLines, projectPath } from "./page-source.ts";
import { deepFreeze } from "./global-data.ts";
import { escapeHtml } from "./escape.ts";
import { LOOPS, templateError } from "./template-errors.ts";

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

type Data = Record<string, unknown>;
type PageData = DriftData & { page: { inputPath: string } };

// Both Liquids fail on a misspelt name or filter, except in a condition (`{% if twin %}`: `lenientIf`),
// and write dates in English whatever the builder's locale.
const STRICT = { strictVariables: true, strictFilters: true, lenientIf: true, locale: "en-US" } as const;

/**
 * The pages' Liquid. Liquid has no call syntax and, with `ownPropertyOnly`, reads no inherited property
 * (`constructor`), so a page's template can write data but cannot run code; with no `root` it reads no
 * file (`include`, `render`, `layout`). Its filters are Liquid's and `page-helpers.ts`' (not Eleventy's
 * own). A render fails, rather than the build hanging or running out of memory, once its ranges and
 * string filters hold a million items or characters (`(1..1000000000)`), it runs 20 s (loops in loops
 * over data), or it writes a million characters.
 */
export const pageLiquid = new Liquid({
  ...STRICT,
  root: [],
  ownPropertyOnly: true,
  memoryLimit: 1e6,
  renderLimit: 20_000,
});
const MOST_WRITTEN = 1e6;

/**
 * The data a Markdown page's Liquid reads: values only, as JSON has them. Liquid calls a function it reads,
 * so none is left in it, and no Eleventy object (`collections`, whose templates reach the build's internals;
 * `eleventy`, which holds the builder's folders). The global data, frozen, is copied once a process.
 */
const plainData = ({ collections: _, eleventy: __, ...data }: Data): Data =>
  Object.fromEntries(Object.entries(data).map(([key, value]) => [key, plainValue(value)]));
const copies = new WeakMap<object, unknown>();
function plainValue(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return typeof value === "function" ? undefined : value;
  if (!Object.isFrozen(value)) return JSON.parse(JSON.stringify(value));
  if (!copies.has(value)) copies.set(value, deepFreeze(JSON.parse(JSON.stringify(value))));
  return copies.get(value);
}

/** Each Markdown template parsed once a build: a page's renders for the page, its twin and llms-full.txt. */
let parsed = new Map<string, LiquidTemplate[]>();

/** A Markdown template's `source` (a page's, its twin's, a permalink) rendered with the pages' Liquid. */
export async function renderLiquid(source: string, inputPath: string, data: Data): Promise<string> {
  const plain = plainData(data);
  try {
    const template = parsed.get(source) ?? parsed.set(source, pageLiquid.parse(source)).get(source)!;
    const text: string = pageLiquid.renderSync(template, plain);
    if (text.length <= MOST_WRITTEN) return text;
    throw new Error(`${projectPath(inputPath)}: the page writes over ${MOST_WRITTEN} characters; ${LOOPS}`);
  } catch (error) {
    throw templateError(error, inputPath, source, plain, Object.keys(pageLiquid.filters));
  }
}

/** The partials of `_includes/` the layouts have parsed: `npm start` reads them afresh once one is saved. */
const partials = new Map<string, LiquidTemplate[] | Promise<LiquidTemplate[]>>();

/**
 * The layouts' and `.liquid` templates' Liquid (`_includes/`, llms.txt): it reads the partials of
 * `_includes/`, each parsed once. Every `{{ }}` is escaped as HTML unless marked `raw`, and
 * misspelt names and filters fail, as in the pages' Liquid.
 */
const layoutLiquid = (includes: string) =>
  new Liquid({
    ...STRICT,
    root: [includes],
    extname: ".liquid",
    outputEscape: (value: unknown) => escapeHtml(String(value ?? "")),
    cache: {
      read: (file: string) => partials.get(file),
      write: (file: string, parsed: LiquidTemplate[] | Promise<LiquidTemplate[]>) =>
        void partials.set(file, parsed),
      remove: (file: string) => void partials.delete(file),
    },
  });

export function pageChecks(eleventyConfig: UserConfig, includes: string): void {
  // A preprocessor that returns nothing leaves the page's text as it is. Pagination's `alias` would set a
  // key after every check of the data (`alias: eleventyDataSchema` over `[false]` turns the data schema off).
  eleventyConfig.addPreprocessor("page-source", "md", (data: PageData, content: string) => {
    if ("pagination" in data) {
      const at = fileLine(data.page.inputPath, (line) => /^pagination\s*:/.test(line));
      throw new Error(`${at}: a Markdown page is one page; remove pagination`);
    }
    checkPageSource(data.page.inputPath, content, data);
  });
  // Eleventy renders `.liquid` templates with the layouts' Liquid, its filters and shortcodes added.
  eleventyConfig.setLibrary("liquid", layoutLiquid(includes));
  eleventyConfig.on("eleventy.before", () => (parsed = new Map()));
  eleventyConfig.on("eleventy.beforeWatch", (saved: string[]) => {
    if (saved.some((file) => file.endsWith(".liquid"))) partials.clear();
  });
  let markdown: MarkdownIt | undefined;
  eleventyConfig.amendLibrary("md", (library: MarkdownIt) => (markdown = library));
  // A page's permalink in front matter (`/{{ site.paths.notFound }}`) renders with the pages' Liquid too.
  const permalink = (source: unknown, inputPath: string) =>
    typeof source === "string" ? (data: Data) => renderLiquid(source, inputPath, data) : source;
  eleventyConfig.addExtension("md", {
    compileOptions: { permalink },
    compile: (source: string, inputPath: string) => async (data: Data) =>
      markdown!.render(await renderLiquid(source, inputPath, data), data),
  });
}
