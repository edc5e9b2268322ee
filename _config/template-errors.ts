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

/** The Nunjucks error in an error's chain (Eleventy wraps it as `originalError`), with its position. */
function nunjucksPosition(error: unknown): { line: number; column: number; message: string } | undefined {
  for (
    let current = error as { message?: string; originalError?: unknown; cause?: unknown } | undefined;
    current;
    current = (current.originalError ?? current.cause) as typeof current
  ) {
    const match = POSITION.exec(current.message ?? "");
    if (match)
      return {
        line: Number(match[1]),
        column: Number(match[2]),
        message: match[3]!.trim().replace(/^Error: /, ""),
      };
  }
  return undefined;
}

/** The `{{ … }}` and `{% … %}` tags of one line of a template. */
const tagsOf = (line: string) => [...line.matchAll(/\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g)];

/**
 * The `{{ … }}` or `{% … %}` tag of `line` at Nunjucks' `column` (the 0-based index where the tag
 * opens), or the one that holds it, or the next one.
 */
function tagAt(line: string, column: number): string | undefined {
  const tags = tagsOf(line);
  const opening = tags.find((tag) => tag.index === column);
  const holding = tags.find((tag) => tag.index <= column && tag.index + tag[0].length > column);
  return (opening ?? holding ?? tags.find((tag) => tag.index >= column) ?? tags.at(-1))?.[0];
}

/**
 * `filter not found: groupDigit`: Nunjucks names no line for it; the first line that uses the filter, and
 * the closest filter there is.
 */
function unknownFilter(message: string, source: string, filters: readonly string[]) {
  const name = /filter not found: ([\w$]+)/.exec(message)?.[1];
  if (!name) return undefined;
  const use = new RegExp(`\\|\\s*${name}\\b`);
  const lines = source.split("\n");
  const index = lines.findIndex((line) => use.test(line));
  const suggestion = closestName(name, filters);
  const fix = suggestion
    ? `${didYouMean(suggestion)} Correct the spelling`
    : `the filters are: ${[...filters].sort().join(", ")}`;
  const tag = index >= 0 ? tagsOf(lines[index]!).find((match) => use.test(match[0]))?.[0] : undefined;
  return { line: index + 1, tag, problem: `there is no filter "${name}"; ${fix}` };
}

/**
 * Names a page binds itself (`{% for rank in … %}`, `{% set example = … %}`, macro arguments),
 * not data; a loop's name maps to the data path it runs over (`rank` → `ranks.ranks`).
 */
function boundNames(source: string): Map<string, string | undefined> {
  const names = new Map<string, string | undefined>([["loop", undefined]]);
  for (const match of source.matchAll(/\{%-?\s*for\s+([\w\s,]+?)\s+in\s+([\w.[\]]+)/g)) {
    const parts = match[1]!.split(",").map((name) => name.trim());
    parts.forEach((name) => names.set(name, parts.length === 1 ? match[2] : undefined));
  }
  for (const match of source.matchAll(/\{%-?\s*set\s+([\w\s,]+?)\s*=/g))
    for (const name of match[1]!.split(",")) names.set(name.trim(), undefined);
  for (const match of source.matchAll(/\{%-?\s*macro\s+\w+\(([^)]*)\)/g))
    for (const name of match[1]!.split(",")) names.set(name.replace(/=.*$/, "").trim(), undefined);
  return names;
}

/**
 * Why `expression` (such as `calculator.dailyInterestRat`) is undefined in `data`, with the fix; undefined
 * when it is not a data lookup.
 */
function undefinedName(
  expression: string,
  data: Record<string, unknown>,
  bound: Map<string, string | undefined>,
): string | undefined {
  const path = /^\s*([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*|\s*\[\s*\d+\s*\])*)/
    .exec(expression)?.[1]
    ?.replace(/\s+/g, "");
  if (!path) return undefined;
  const keys = path.split(/\.|(?=\[)/);
  const [root = ""] = keys;
  let value: unknown = data[root];
  if (bound.has(root)) {
    // A loop's name: its first item shows which keys each item has.
    const over = bound
      .get(root)
      ?.split(/\.|\[(\d+)\]/)
      .filter(Boolean);
    const items = over?.reduce<any>((value, key) => value?.[key], data);
    if (!Array.isArray(items) || items.length === 0) return undefined;
    value = items[0];
  } else if (!Object.hasOwn(data, root)) {
    const known = Object.keys(data).filter((key) => !key.startsWith("eleventy") && key !== "pkg");
    const suggestion = closestName(root, known);
    const fix = suggestion
      ? `${didYouMean(suggestion)} Correct the spelling`
      : `use one of: ${known.sort().join(", ")}`;
    return `"${root}" is not a name in the page's data; ${fix}`;
  }
  let at = root;
  for (const key of keys.slice(1)) {
    const name = key.startsWith("[") ? Number(key.slice(1, -1)) : key;
    const holder = value as Record<string | number, unknown> | null | undefined;
    if (holder === null || typeof holder !== "object" || !Object.hasOwn(holder, name)) {
      if (holder === null || typeof holder !== "object")
        return `${at} is not an object, so it has no "${name}"`;
      const known = Array.isArray(holder) ? [] : Object.keys(holder);
      const suggestion = typeof name === "string" ? closestName(name, known) : undefined;
      const fix = Array.isArray(holder)
        ? `it has ${holder.length} entries, [0] to [${holder.length - 1}]`
        : suggestion
          ? `${didYouMean(suggestion)} Correct the spelling`
          : `its keys are: ${known.join(", ")}`;
      return `${at} has no ${typeof name === "number" ? `[${name}]` : `"${name}"`}; ${fix}`;
    }
    value = holder[name];
    at += typeof name === "number" ? `[${name}]` : `.${name}`;
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
  const file = projectPath(inputPath);
  const thrown = error as { message?: string; originalError?: Error } | undefined;
  const filterIn = (message = "") => unknownFilter(String(message), source, filters);
  const filter = filterIn(thrown?.message) ?? filterIn(thrown?.originalError?.message);
  if (filter && filter.line > 0)
    return new Error(
      `${file}:${filter.line + frontMatterLines(inputPath, source)}: ` +
        `${filter.problem}${filter.tag ? `\n  in ${filter.tag}` : ""}`,
    );
  const position = nunjucksPosition(error);
  if (!position) return error;
  const line = position.line + frontMatterLines(inputPath, source);
  const tag = tagAt(source.split("\n")[position.line - 1] ?? "", position.column);
  const expression = tag?.replace(/^\{[{%]-?\s*|\s*-?[}%]\}$/g, "");
  let problem = position.message;
  if (/undefined value|undefined or falsey/.test(problem) && expression !== undefined) {
    problem =
      undefinedName(
        expression.replace(/^(if|elif|for\s+[\w\s,]+\s+in|set\s+\w+\s*=)\s+/, ""),
        data,
        boundNames(source),
      ) ?? `${problem}: ${tag} names a value the page's data does not have`;
  }
  // Not chained to the Nunjucks error: its line counts from the end of the front matter, and
  // Eleventy would print it beside the right one.
  return new Error(`${file}:${line}: ${problem}${tag ? `\n  in ${tag}` : ""}`);
}
