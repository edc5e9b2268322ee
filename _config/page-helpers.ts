/**
 * Filters and shortcodes the pages use to render data: links by key (`site.paths`), absolute URLs,
 * JSON and field tables from the contract's schemas, numbers written for people, and values from
 * data as Markdown text or code. Each returns Markdown (or plain text), so a page and its Markdown
 * twin show the same thing. Nunjucks escapes every other `{{ }}` value as HTML (autoescape).
 */
import type UserConfig from "@11ty/eleventy/UserConfig";
import nunjucks from "nunjucks";
import openapi from "../_data/openapi.ts";
import { absoluteUrl, twinPath } from "../_data/site.ts";
import rankList from "../_data/ranks.ts";
import { escapeRegExp, inlineCode, markdownText } from "./escape.ts";
import { fileLine } from "./page-source.ts";
import { deepFreeze } from "./global-data.ts";
import { groupDigits } from "../common/text/group-digits.ts";
import { fieldTable, target, type JsonSchema } from "./field-table.ts";
import { executeTool, isToolName } from "../common/tools/execute.ts";
import { TOOL_NAMES } from "../common/constants.ts";
import { minifyStylesheets, pageStylesheet } from "./inline-stylesheet.ts";
import { afterPaintScripts } from "./after-paint-scripts.ts";
import { href } from "./page-links.ts";
import type { CalculateOutput } from "../contract/calculate-output.ts";

/** The contract's component schemas. */
const components = openapi.components.schemas as Record<string, JsonSchema>;

/** A named component of the contract, such as `CalculatorInfo`; unknown names fail the build. */
const componentSchema = (name: string) => target(`#/components/schemas/${name}`, components).schema;

/** A fenced code block; the fence grows past any backtick run inside the code. */
export function codeBlock(code: string, language = ""): string {
  const longest = Math.max(2, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${language}\n${code.replace(/\n$/, "")}\n${fence}`;
}

type KeyFilter = (
  this: { ctx?: { page?: { inputPath?: string } } },
  key: string,
  fragment?: string,
) => string;

/**
 * Each tool call's result by tool and input, frozen: a page and its twin make the same calls, and so does
 * each rebuild of `npm start` (an edit to the data or the tools restarts it).
 */
const called = new Map<string, unknown>();

export function pageHelpers(eleventyConfig: UserConfig): void {
  // The filters below that return Markdown escape the data inside it themselves, and mark it final as
  // Nunjucks' `safe` does; autoescape would turn their quotes and brackets into HTML entities, which
  // Markdown code blocks show literally.
  const markdownFilter = <A extends unknown[]>(name: string, build: (...args: A) => string) =>
    eleventyConfig.addFilter(name, (...args: A) => nunjucks.runtime.markSafe(build(...args)));
  type Environment = { addFilter(name: string, filter: KeyFilter): void };
  eleventyConfig.amendLibrary("njk", (environment: Environment) => {
    // Straight on Nunjucks: Eleventy's wrapper of a filter's error ("Error in Nunjucks Filter") would
    // hide which key is wrong and the fix; Nunjucks names no line for it, so the line that writes the
    // key is found here (`content/pages/api.md:11:`).
    environment.addFilter("href", function (key, fragment) {
      try {
        return href(key, fragment);
      } catch (error) {
        const inputPath = this.ctx?.page?.inputPath ?? "";
        const written = new RegExp(`["']${escapeRegExp(String(key))}["']\\s*\\|\\s*href\\b`);
        throw new Error(`${fileLine(inputPath, (text) => written.test(text))}: ${(error as Error).message}`);
      }
    });
  });
  eleventyConfig.addFilter("absoluteUrl", absoluteUrl);
  eleventyConfig.addFilter("twinPath", twinPath);
  eleventyConfig.addFilter("groupDigits", groupDigits);
  /** A decimal string with a zero fraction written as whole gems: `1000000.00000000` → `1,000,000`. */
  eleventyConfig.addFilter("wholeGems", (value: string) => groupDigits(value.replace(/\.0+$/, "")));
  /** `{{ rank.name | markdownText }}`: a value from data as Markdown text, inert (see escape.ts). */
  markdownFilter("markdownText", (value: unknown) => markdownText(String(value)));
  /** `{{ resource.method | inlineCode }}`: a value from data as a Markdown code span. */
  markdownFilter("inlineCode", (value: unknown) => inlineCode(String(value)));
  markdownFilter("jsonBlock", (value: unknown) => codeBlock(JSON.stringify(value, null, 2), "json"));
  markdownFilter("codeBlock", codeBlock);
  /**
   * `{{ tool.outputSchema | fieldTable }}`: any JSON Schema object with properties; each of its
   * named objects (`$defs`) gets one table of its own.
   */
  markdownFilter("fieldTable", (schema: JsonSchema) => fieldTable(schema, components));
  /**
   * `{{ "calculate-exp-growth" | callTool({ currentGems: 0 }) | jsonBlock }}`: the browser tool's real
   * `CallToolResult`, computed now, so the docs show what a tool returns instead of numbers typed by hand.
   */
  eleventyConfig.addFilter("callTool", (name: string, input: unknown) => {
    if (!isToolName(name))
      throw new Error(`"${name}" is not a browser tool; use one of: ${TOOL_NAMES.join(", ")}`);
    const key = JSON.stringify([name, input]);
    if (!called.has(key)) called.set(key, deepFreeze(executeTool(name, input, rankList)));
    return called.get(key);
  });
  /**
   * `{{ result | growthChart("example-chart", "2026-07-01T12:00:00Z") }}`: the homepage's chart of a
   * calculate-exp-growth result, which markdown-it draws as static SVG (`markdown.ts`), so the page
   * needs no script for it; its dates count from the given start, since a built page has no "today".
   */
  markdownFilter("growthChart", (result: CalculateOutput, id: string, start: string) =>
    codeBlock(JSON.stringify({ id, start, result }), "growth-chart"),
  );
  /** `{{ "ErrorResponse" | schemaLink }}`: a link to a component's table on /docs; unknown names fail. */
  markdownFilter("schemaLink", (name: string) => {
    componentSchema(name);
    return `[${markdownText(name)}](${href("docs", name.toLowerCase())})`;
  });
  /**
   * `<style>{% stylesheet styles %}</style>` and `style-src {% stylesheetHash styles %}`: a page's inlined
   * styles and their CSP hash.
   */
  eleventyConfig.on("eleventy.before", minifyStylesheets);
  eleventyConfig.addShortcode("stylesheet", (styles?: string[]) => pageStylesheet(styles).css);
  eleventyConfig.addShortcode("stylesheetHash", (styles?: string[]) => pageStylesheet(styles).hash);
  /**
   * `<script>{% afterPaintScripts scripts, page.url %}</script>` and `script-src 'self' {%
   * afterPaintScriptsHash scripts, page.url %}`: a page's modules, started after its first paint.
   */
  const startScript = (part: "js" | "hash") => async (scripts: string[], url: string) =>
    (await afterPaintScripts(scripts, url))[part];
  eleventyConfig.addShortcode("afterPaintScripts", startScript("js"));
  eleventyConfig.addShortcode("afterPaintScriptsHash", startScript("hash"));
  /** `{% schemaFields "CalculatorInfo" %}`: a contract component's fields (shortcodes are never autoescaped). */
  eleventyConfig.addShortcode("schemaFields", (name: string) =>
    fieldTable(componentSchema(name), components),
  );
}
