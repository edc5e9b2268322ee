/**
 * A page's template errors as a writer needs them: the file, the line in the file (Nunjucks counts
 * lines from the end of the front matter) and, for a name the data does not have, which name it
 * is and the closest one it has. Nunjucks alone says "attempted to output null or undefined
 * value" at a line 7 short of the file's.
 */
import { frontMatterLines, projectPath } from "./page-source.ts";
import { closestName, didYouMean } from "../common/text/closest-name.ts";

/** Nunjucks' position in an error message: `(./content/pages/docs.md) [Line 56, Column 226]`. */
const POSITION = /\[Line (\d+), Column (\d+)\]\s*([\s\S]*)$/;

/** The messages of an error and of the errors it wraps (Eleventy wraps Nunjucks' as `originalError`). */
function messages(error: unknown): string[] {
  const current = error as { message?: unknown; originalError?: unknown; cause?: unknown } | undefined;
  return current ? [String(current.message ?? ""), ...messages(current.originalError ?? current.cause)] : [];
}

/** The first match of `pattern` in an error's chain of messages. */
const findIn = (error: unknown, pattern: RegExp) =>
  messages(error)
    .map((message) => pattern.exec(message))
    .find((match) => match !== null);

/** The fix for a misspelt `name`: the closest of `known`, or else `otherwise` (which lists them). */
function spellingFix(name: string, known: readonly string[], otherwise: string): string {
  const suggestion = closestName(name, known);
  return suggestion ? `${didYouMean(suggestion)} Correct the spelling` : otherwise;
}

/** The `{{ … }}` and `{% … %}` tags of one line of a template. */
const tagsOf = (line: string) => [...line.matchAll(/\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g)];

/**
 * The `{{ … }}` or `{% … %}` tag of `line` that holds Nunjucks' `column` (0-based, often where the
 * tag opens), or the next one, or the last.
 */
function tagAt(line: string, column: number): string | undefined {
  const tags = tagsOf(line);
  const holding = tags.find((tag) => tag.index <= column && tag.index + tag[0].length > column);
  return (holding ?? tags.find((tag) => tag.index >= column) ?? tags.at(-1))?.[0];
}

/**
 * `filter not found: groupDigit`: Nunjucks names no line for it; the first line that uses the filter, and
 * the closest filter there is.
 */
function unknownFilter(error: unknown, source: string, filters: readonly string[]) {
  const name = findIn(error, /filter not found: ([\w$]+)/)?.[1];
  if (!name) return undefined;
  const use = new RegExp(`\\|\\s*${name}\\b`);
  const lines = source.split("\n");
  const index = lines.findIndex((line) => use.test(line));
  const fix = spellingFix(name, filters, `the filters are: ${[...filters].sort().join(", ")}`);
  const tag = index >= 0 ? tagsOf(lines[index]!).find((match) => use.test(match[0]))?.[0] : undefined;
  return { line: index + 1, tag, problem: `there is no filter "${name}"; ${fix}` };
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
    // Other names a page binds itself (`{% set example = … %}`, a macro's arguments, `loop`) are not data.
    const binds = new RegExp(String.raw`\{%-?\s*(?:for|set|macro)\b[^%]*\b${root}\b`);
    if (root === "loop" || binds.test(source)) return undefined;
    const known = Object.keys(data).filter((key) => !key.startsWith("eleventy") && key !== "pkg");
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
  // Not chained to the Nunjucks error: its line counts from the end of the front matter, and
  // Eleventy would print it beside the right one.
  const located = (sourceLine: number, problem: string, tag?: string) =>
    new Error(
      `${projectPath(inputPath)}:${sourceLine + frontMatterLines(inputPath, source)}: ${problem}` +
        `${tag ? `\n  in ${tag}` : ""}`,
    );
  const filter = unknownFilter(error, source, filters);
  if (filter && filter.line > 0) return located(filter.line, filter.problem, filter.tag);
  const position = findIn(error, POSITION);
  if (!position) return error;
  const sourceLine = Number(position[1]);
  const tag = tagAt(source.split("\n")[sourceLine - 1] ?? "", Number(position[2]));
  const expression = tag?.replace(/^\{[{%]-?\s*|\s*-?[}%]\}$/g, "");
  let problem = position[3]!.trim().replace(/^Error: /, "");
  if (/undefined value|undefined or falsey/.test(problem) && expression !== undefined) {
    problem =
      undefinedName(
        expression.replace(/^(if|elif|for\s+[\w\s,]+\s+in|set\s+\w+\s*=)\s+/, ""),
        data,
        source,
      ) ?? `${problem}: ${tag} names a value the page's data does not have`;
  }
  return located(sourceLine, problem, tag);
}
