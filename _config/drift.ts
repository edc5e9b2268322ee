/**
 * The docs cannot drift from the data: a page's Markdown source renders every figure and name the
 * data holds (`{{ ranks.ranks[1].name | markdownText }}`) and never types one by hand, since a
 * typed copy stays behind when the data changes.
 *
 * A value counts as typed where it stands as data, outside template tags: a name as a whole word
 * ("Member", not the "Member" in "Members"), a figure as a whole number ("160,000,000", not the
 * "160,000,000" in "1,160,000,000" or "160,000,000.5"), a label or a path as written. Case counts:
 * a rank name is a proper noun. Code blocks are checked too, since a typed example drifts as well.
 */
import { API_VERSION, ERROR_CODES, OPENAPI_VERSION, PRODUCT_NAME, TOOL_NAMES } from "../common/constants.ts";
import { groupDigits } from "../common/text/group-digits.ts";
import { escapeRegExp } from "./escape.ts";

/** One value the data knows, what it is, and the template that renders it. */
export interface DataValue {
  value: string;
  /** `the rank name "Ethereal"`. */
  what: string;
  /** `{{ ranks.ranks[1].name | markdownText }}`. */
  render: string;
}

/** The parts of the global data the check reads (the page's own data holds them). */
export interface DriftData {
  ranks: { ranks: readonly { name: string; minGems: string; displayValue: string }[] };
  calculator: { dailyInterestRate: string; dailyInterestPercent: string };
  endpoints: { resources: readonly { path: string; operationId: string }[] };
  site: { paths: Record<string, string> };
  openapi: { components: { schemas: Record<string, unknown> } };
}

/** Every value the data knows, as a writer might type it, with the template that renders it instead. */
export function dataValues(data: DriftData): DataValue[] {
  const values: DataValue[] = [];
  const add = (value: string, what: string, render: string) => values.push({ value, what, render });
  const sitePath = (path: string, what: string) => {
    const key = Object.entries(data.site.paths).find(([, value]) => value === path)?.[0];
    add(path, what, key ? `{{ site.paths.${key} }}` : `{{ site.paths.<key> }}`);
  };
  const { dailyInterestRate, dailyInterestPercent } = data.calculator;
  add(PRODUCT_NAME, "the product name", "{{ site.name }}");
  add(dailyInterestRate, "the daily rate", "{{ calculator.dailyInterestRate }}");
  add(`${dailyInterestPercent}%`, "the daily percent", "{{ calculator.dailyInterestPercent }}%");
  data.ranks.ranks.forEach(({ name, displayValue, minGems }, index) => {
    const at = `ranks.ranks[${index}]`;
    add(name, `the rank name "${name}"`, `{{ ${at}.name | markdownText }}`);
    add(displayValue, `the rank label "${displayValue}"`, `{{ ${at}.displayValue | markdownText }}`);
    // The label's figure without its "+" ("160M") is the same threshold, typed.
    const figure = displayValue.replace(/\+$/, "");
    if (figure !== displayValue && /\d/.test(figure))
      add(figure, `the ${name} threshold "${figure}"`, `{{ ${at}.displayValue | markdownText }}`);
    // "0" and other short figures are ordinary numbers in prose; a threshold of four digits or more is the data's.
    if (minGems.length > 3)
      for (const written of new Set([minGems, groupDigits(minGems)]))
        add(written, `the ${name} threshold ${written}`, `{{ ${at}.minGems | groupDigits }}`);
  });
  data.endpoints.resources.forEach(({ operationId, path }, index) => {
    add(operationId, `the operation id "${operationId}"`, `{{ endpoints.resources[${index}].operationId }}`);
    sitePath(path, `the path "${path}"`);
  });
  const contract = data.site.paths.openapi ?? "openapi.json";
  sitePath(contract, `the contract's path "${contract}"`);
  for (const code of ERROR_CODES)
    add(code, `the error code "${code}"`, "{{ error.code }} in a loop over endpoints.errorCodes");
  TOOL_NAMES.forEach((name, index) => add(name, `the tool name "${name}"`, `{{ tools[${index}].name }}`));
  add(API_VERSION, `the contract version ${API_VERSION}`, "{{ openapi.info.version }}");
  add(OPENAPI_VERSION, `the OpenAPI version ${OPENAPI_VERSION}`, "{{ openapi.openapi }}");
  for (const name of Object.keys(data.openapi.components.schemas))
    add(name, `the schema name "${name}"`, `{{ "${name}" | schemaLink }}`);
  return values;
}

/** A letter, digit or underscore: a value beside one is part of a longer word or number. */
const WORD = String.raw`[\p{L}\p{N}_]`;

/**
 * `value` where it stands on its own: not part of a longer word or number, so a figure has no digit
 * and separator before or after it ("1,160,000,000" and "10.003" are other numbers).
 */
function standingAlone(value: string): RegExp {
  const digitBefore = /^\d/.test(value) ? String.raw`|\d[.,]` : "";
  const digitAfter = /\d$/.test(value) ? String.raw`|[.,]\d` : "";
  const before = new RegExp(`^${WORD}`, "u").test(value) ? `(?<!${WORD}${digitBefore})` : "";
  const after = new RegExp(`${WORD}$`, "u").test(value) ? `(?!${WORD}${digitAfter})` : "";
  return new RegExp(`${before}${escapeRegExp(value)}${after}`, "gu");
}

/**
 * Every data value typed in `markdown` (a page's source without its front matter), with its line
 * and the template to write instead. Where values overlap ("160M+" and "160M"), the longer one is
 * reported.
 */
export function typedValues(
  markdown: string,
  values: readonly DataValue[],
): { line: number; message: string }[] {
  // Every template tag (`{{ }}`, `{% %}`, `{# #}`; one left open runs to the end, so this is one pass)
  // blanked out, line breaks kept: what is left is what the writer typed, each line where it was.
  const text = markdown.replace(/\{\{[\s\S]*?(?:\}\}|$)|\{%[\s\S]*?(?:%\}|$)|\{#[\s\S]*?(?:#\}|$)/g, (tag) =>
    tag.replace(/[^\n]/g, " "),
  );
  const found: { index: number; end: number; value: DataValue }[] = [];
  for (const value of [...values].sort((a, b) => b.value.length - a.value.length)) {
    // Most values are in no page: only one the text holds gets its pattern built.
    if (!value.value || !text.includes(value.value)) continue;
    for (const { index } of text.matchAll(standingAlone(value.value))) {
      const end = index + value.value.length;
      if (found.some((earlier) => index < earlier.end && end > earlier.index)) continue;
      found.push({ index, end, value });
    }
  }
  return found
    .sort((a, b) => a.index - b.index)
    .map(({ index, value }) => ({
      line: text.slice(0, index).split("\n").length,
      message: `types ${value.what} by hand; write ${value.render} so the page follows the data`,
    }));
}
