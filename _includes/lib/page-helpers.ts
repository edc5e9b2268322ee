/**
 * Filters and shortcodes the pages use to render data: links by `site.paths` key, absolute URLs,
 * JSON and field tables from the contract's schemas, and numbers written for people.
 * Each returns Markdown (or plain text), so a page and its Markdown twin show the same thing.
 */
import type UserConfig from "@11ty/eleventy/UserConfig";
import openapi from "../../_data/openapi.ts";
import { fieldTable, type JsonSchema } from "./field-table.ts";
import { absoluteUrl, href, twinPath } from "./site-links.ts";
import { callTool } from "./tool-calls.ts";
import { resultChartSvg } from "../../assets/page/chart.ts";
import type { CalculateOutput } from "../../assets/contract/calculate-output.ts";

const components = openapi.components.schemas as Record<string, JsonSchema>;

/** A named component of the contract, such as `CalculatorInfo`; unknown names fail the build. */
export function componentSchema(name: string): JsonSchema {
  const schema = components[name];
  if (!schema) throw new Error(`"${name}" is not a schema of the contract; use one of: ${Object.keys(components).join(", ")}`);
  return schema;
}

/** A fenced code block; the fence grows past any backtick run inside the code. */
export function codeBlock(code: string, language = ""): string {
  const longest = Math.max(2, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${language}\n${code.replace(/\n$/, "")}\n${fence}`;
}

/** Whole digits grouped for reading: `160000000` → `160,000,000`; decimals keep their digits. */
export function groupDigits(value: string | number): string {
  const [whole = "", fraction] = String(value).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** A decimal string with a zero fraction written as whole gems: `1000000.00000000` → `1,000,000`. */
export function wholeGems(value: string): string {
  return groupDigits(value.replace(/\.0+$/, ""));
}

export function pageHelpers(eleventyConfig: UserConfig): void {
  eleventyConfig.addFilter("href", href);
  eleventyConfig.addFilter("absoluteUrl", absoluteUrl);
  eleventyConfig.addFilter("twinPath", twinPath);
  eleventyConfig.addFilter("groupDigits", groupDigits);
  eleventyConfig.addFilter("wholeGems", wholeGems);
  eleventyConfig.addFilter("jsonBlock", (value: unknown) => codeBlock(JSON.stringify(value, null, 2), "json"));
  eleventyConfig.addFilter("codeBlock", codeBlock);
  /**
   * `{{ tool.inputSchema | fieldTable }}`: any JSON Schema object with properties. With a scope
   * (`fieldTable(tool.name)`), an object used in several places gets one table of its own.
   */
  eleventyConfig.addFilter("fieldTable", (schema: JsonSchema, scope?: string) => fieldTable(schema, { root: schema, components }, scope));
  /** `{{ "calculate-exp-growth" | callTool({ currentGems: 0 }) | jsonBlock }}`: a real result, computed now. */
  eleventyConfig.addFilter("callTool", callTool);
  /**
   * `{{ result | growthChart("example-chart") }}`: the homepage's chart of a calculate-exp-growth
   * result, drawn now as static SVG, so the page needs no script for it.
   */
  eleventyConfig.addFilter("growthChart", (result: CalculateOutput, id: string) => `<figure class="chart-static">${resultChartSvg(result, { id, width: 640, height: 280, locale: "en-US" })}</figure>`);
  /** `{{ "ErrorResponse" | schemaLink }}`: a link to a component's table on /docs; unknown names fail. */
  eleventyConfig.addFilter("schemaLink", (name: string) => {
    componentSchema(name);
    return `[${name}](${href("docs", name.toLowerCase())})`;
  });
  /** `{% schemaFields "CalculatorInfo" %}`: a contract component's fields. */
  eleventyConfig.addShortcode("schemaFields", (name: string) => fieldTable(componentSchema(name), { components }));
}
