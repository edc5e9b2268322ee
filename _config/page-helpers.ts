/**
 * Filters and shortcodes the pages use to render data: links by key (`site.paths`), absolute URLs,
 * JSON and field tables from the contract's schemas, numbers written for people, and values from
 * data as Markdown text or code. Each returns Markdown (or plain text), so a page and its Markdown
 * twin show the same thing. A layout's Liquid escapes values as HTML unless marked `raw`.
 */
import type UserConfig from "@11ty/eleventy/UserConfig";
import type { FilterImplOptions } from "liquidjs";
import openapi from "../_data/openapi.ts";
import { absoluteUrl, twinPath } from "../_data/site.ts";
import { inlineCode, markdownText } from "./escape.ts";
import { groupDigits } from "../common/text/group-digits.ts";
import { fieldTable, target, type JsonSchema } from "./field-table.ts";
import { minifyStylesheets, pageStylesheet } from "./inline-stylesheet.ts";
import { afterPaintScripts } from "./after-paint-scripts.ts";
import { href } from "./page-links.ts";
import { pageLiquid } from "./page-checks.ts";
import type { CalculateOutput } from "../contract/calculate-output.ts";

/** The contract's component schemas. */
const components = openapi.components.schemas as Record<string, JsonSchema>;

/** A fenced code block; the fence grows past any backtick run inside the code. */
export function codeBlock(code: string, language = ""): string {
  const longest = Math.max(2, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${language}\n${code.replace(/\n$/, "")}\n${fence}`;
}

export function pageHelpers(eleventyConfig: UserConfig): void {
  // Each filter is the layouts' and the pages' (two Liquids); Eleventy's own (`url`, `log`) are not the pages'.
  const filter = (name: string, implementation: (...args: never[]) => unknown) => {
    eleventyConfig.addFilter(name, implementation);
    pageLiquid.registerFilter(name, implementation as FilterImplOptions);
  };
  filter("href", href);
  filter("absoluteUrl", absoluteUrl);
  filter("twinPath", twinPath);
  filter("groupDigits", groupDigits);
  /** A decimal string with a zero fraction written as whole gems: `1000000.00000000` → `1,000,000`. */
  filter("wholeGems", (value: string) => groupDigits(value.replace(/\.0+$/, "")));
  /** `{{ rank.name | markdownText }}`: a value from data as Markdown text, inert (see escape.ts). */
  filter("markdownText", (value: unknown) => markdownText(String(value)));
  /** `{{ resource.method | inlineCode }}`: a value from data as a Markdown code span. */
  filter("inlineCode", (value: unknown) => inlineCode(String(value)));
  filter("jsonBlock", (value: unknown) => codeBlock(JSON.stringify(value, null, 2), "json"));
  filter("codeBlock", codeBlock);
  /**
   * `{{ tool.outputSchema | fieldTable }}`: any JSON Schema object with properties; each of its
   * named objects (`$defs`) gets one table of its own.
   */
  filter("fieldTable", (schema: JsonSchema) => fieldTable(schema, components));
  /**
   * `{{ result | growthChart: "example-chart", "2026-07-01T12:00:00Z" }}`: the homepage's chart of a
   * calculate-exp-growth result, which markdown-it draws as static SVG (`markdown.ts`), so the page
   * needs no script for it; its dates count from the given start, since a built page has no "today".
   */
  filter("growthChart", (result: CalculateOutput, id: string, start: string) =>
    codeBlock(JSON.stringify({ id, start, result }), "growth-chart"),
  );
  /** `{{ "ErrorResponse" | schemaLink }}`: a link to a component's table on /docs; unknown names fail. */
  filter("schemaLink", (name: string) => {
    target(`#/components/schemas/${name}`, components);
    return `[${markdownText(name)}](${href("docs", name.toLowerCase())})`;
  });
  /**
   * `<style>{% stylesheet styles %}</style>` and `style-src {% stylesheetHash styles %}`: a page's inlined
   * styles and their CSP hash (`styles` is false for a page with none of its own: `partials/head.liquid`).
   */
  eleventyConfig.on("eleventy.before", minifyStylesheets);
  eleventyConfig.addShortcode("stylesheet", (styles: string[] | false) => pageStylesheet(styles).css);
  eleventyConfig.addShortcode("stylesheetHash", (styles: string[] | false) => pageStylesheet(styles).hash);
  /**
   * `<script>{% afterPaintScripts scripts, page.url %}</script>` and `script-src 'self' {%
   * afterPaintScriptsHash scripts, page.url %}`: a page's modules, started after its first paint.
   */
  const startScript = (part: "js" | "hash") => async (scripts: string[], url: string) =>
    (await afterPaintScripts(scripts, url))[part];
  eleventyConfig.addShortcode("afterPaintScripts", startScript("js"));
  eleventyConfig.addShortcode("afterPaintScriptsHash", startScript("hash"));
}
