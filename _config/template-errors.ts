/**
 * A page's template errors as a writer needs them: the file, the line in the file (Liquid counts
 * lines from the end of the front matter) and, for a name the data does not have, which name it
 * is and the closest one it has. Liquid alone says "undefined variable: calculatr, line:2, col:4",
 * a line 7 short of the file's.
 */
import { fileLine, frontMatterLines, projectPath } from "./page-source.ts";
import { closestName, didYouMean } from "../common/text/closest-name.ts";

/** The fix for a page whose template runs too long or writes too much. */
export const LOOPS = "a loop repeats too often; loop over data, not a long range such as (1..1000000)";

/** What Liquid's errors carry (liquidjs `LiquidError`): the tag or name that failed, and the error it wraps. */
type LiquidError = Error & {
  token?: { getPosition(): [number, number]; getText(): string };
  originalError?: Error;
};

/** The fix for a misspelt `name`: the closest of `known`, or else `otherwise` (which lists them). */
function spellingFix(name: string, known: readonly string[], otherwise: string): string {
  const suggestion = closestName(name, known);
  return suggestion ? `${didYouMean(suggestion)} Correct the spelling` : otherwise;
}

/** The `{{ … }}` and `{% … %}` tags of one line of a template. */
const tagsOf = (line: string) => [...line.matchAll(/\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g)];

/**
 * The `{{ … }}` or `{% … %}` tag of `line` that holds Liquid's `column` (1-based, where the tag or
 * the name opens), or the next one, or the last.
 */
function tagAt(line: string, column: number): string | undefined {
  const tags = tagsOf(line);
  const holding = tags.find((tag) => tag.index < column && tag.index + tag[0].length >= column);
  return (holding ?? tags.find((tag) => tag.index >= column) ?? tags.at(-1))?.[0];
}

/**
 * Why `expression` (such as `calculator.dailyInterestRat`) is undefined in `data`, with the fix; undefined
 * when it is not a data lookup.
 */
function undefinedName(
  expression: string,
  data: Record<string, unknown>,
  source: string,
): string | undefined {
  const path = /^\s*([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*|\s*\[\s*\d+\s*\])*)/
    .exec(expression)?.[1]
    ?.replace(/\s+/g, "");
  if (!path) return undefined;
  const keys = path.split(/\.|(?=\[)/);
  const [root = ""] = keys;
  let value: unknown = data[root];
  // A loop's name (`{% for rank in ranks.ranks %}`): the loop's first item shows which keys each item has.
  const loop = new RegExp(String.raw`\{%-?\s*for\s+${root}\s+in\s+([\w.[\]]+)`).exec(source)?.[1];
  if (loop) {
    const items = loop
      .split(/\.|\[(\d+)\]/)
      .filter(Boolean)
      .reduce<any>((value, key) => value?.[key], data);
    if (!Array.isArray(items) || items.length === 0) return undefined;
    value = items[0];
  } else if (!Object.hasOwn(data, root)) {
    // Other names a page binds itself (`{% assign example = … %}`, `forloop`) are not data.
    const binds = new RegExp(String.raw`\{%-?\s*(?:for|assign|capture)\b[^%]*\b${root}\b`);
    if (root === "forloop" || binds.test(source)) return undefined;
    const known = Object.keys(data).filter((key) => !key.startsWith("eleventy"));
    const fix = spellingFix(root, known, `use one of: ${known.sort().join(", ")}`);
    return `"${root}" is not a name in the page's data; ${fix}`;
  }
  let at = root;
  for (const key of keys.slice(1)) {
    const name = key.startsWith("[") ? Number(key.slice(1, -1)) : key;
    const shown = typeof name === "number" ? key : `"${name}"`;
    if (value === null || typeof value !== "object") return `${at} is not an object, so it has no ${shown}`;
    if (!Object.hasOwn(value, name)) {
      const known = Object.keys(value);
      const fix = Array.isArray(value)
        ? `it has ${value.length} entries, [0] to [${value.length - 1}]`
        : spellingFix(key, known, `its keys are: ${known.join(", ")}`);
      return `${at} has no ${shown}; ${fix}`;
    }
    value = (value as Record<string | number, unknown>)[name];
    at += typeof name === "number" ? key : `.${name}`;
  }
  return undefined;
}

/**
 * What is wrong, in the writer's words: a misspelt filter or name with the closest there is, a file a page
 * cannot include, or Liquid's own message.
 */
function problemOf(
  error: LiquidError,
  data: Record<string, unknown>,
  source: string,
  filters: readonly string[],
) {
  const message = error.message.replace(/, line:\d+, col:\d+$/, "");
  const filter = /^undefined filter: ([\w$]+)/.exec(message)?.[1];
  if (filter) {
    const fix = spellingFix(filter, filters, `the filters are: ${[...filters].sort().join(", ")}`);
    return `there is no filter "${filter}"; ${fix}`;
  }
  if (/limit exceeded/.test(message)) return LOOPS;
  if (/^invalid range syntax|^expected ":" after filter name/.test(message))
    return `Liquid has no calls: write {{ "docs" | href }}, a filter's argument after a colon (| href: "x")`;
  if (/Failed to lookup/.test(message))
    return "a page includes no file; write the text in the page, or data in _data/";
  if (error.name !== "UndefinedVariableError") return message;
  const name = error.token!.getText();
  return undefinedName(name, data, source) ?? `${name} names no value in the page's data`;
}

/**
 * `error` from rendering the template `source` of the page at `inputPath` with `data`, as an
 * error naming the file, its line and the fix; the error itself when it carries no template
 * position.
 */
export function templateError(
  error: unknown,
  inputPath: string,
  source: string,
  data: Record<string, unknown>,
  filters: readonly string[] = [],
): unknown {
  const failed = error as LiquidError;
  if (!failed.token) return error;
  // Not chained to Liquid's error: its line counts from the end of the front matter, and Eleventy would
  // print it beside the right one.
  const [line, column] = failed.token.getPosition();
  const text = source.split("\n")[line - 1] ?? "";
  const offset = frontMatterLines(inputPath, source);
  // A permalink is one line of the front matter, not of the text after it.
  const at =
    offset === 0 && !source.includes("\n")
      ? fileLine(inputPath, (fileText) => fileText.includes(source))
      : `${projectPath(inputPath)}:${line + offset}`;
  const tag = tagAt(text, column);
  return new Error(`${at}: ${problemOf(failed, data, source, filters)}${tag ? `\n  in ${tag}` : ""}`);
}
