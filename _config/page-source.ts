/**
 * Where a page's source lines are: Eleventy hands templates and preprocessors a page's text
 * without its front matter, so a line there is not the line a writer sees in the file. These
 * helpers turn a line of that text into the file's own line, for every message that points at one.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

/** `./content/pages/docs.md` → `content/pages/docs.md`: a path as the writer opens it, from the project folder. */
export function projectPath(inputPath: string): string {
  return path.relative(process.cwd(), path.resolve(inputPath)).split(path.sep).join("/");
}

/**
 * The lines before `body` in the file at `inputPath` (its front matter and the blank lines after
 * it): add them to a line of `body` to get the file's line. 0 when the file does not end with
 * `body` (a page rendered from something other than its file).
 */
export function frontMatterLines(inputPath: string, body: string): number {
  let file: string;
  try {
    file = readFileSync(inputPath, "utf8");
  } catch {
    return 0;
  }
  const at = file.lastIndexOf(body);
  if (at < 0 || at + body.length !== file.length) return 0;
  return file.slice(0, at).split("\n").length - 1;
}

/** The 1-based line of character `index` in `text`. */
export function lineAt(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf("\n"); at >= 0 && at < index; at = text.indexOf("\n", at + 1)) line += 1;
  return line;
}

/** The 1-based line of the first line of `text` for which `found` holds, or 0. */
export function lineWhere(text: string, found: (line: string) => boolean): number {
  return text.split("\n").findIndex(found) + 1;
}

/** A problem at a line of a page: `content/pages/auth.md:14: <problem>`. */
export interface SourceProblem {
  /** 1-based line in the text that was checked (the page without its front matter). */
  line: number;
  message: string;
}

/**
 * One error for every problem in a page, each as `file:line: message`, with the line in the file
 * (front matter counted); a title line says what kind of problem they are.
 */
export function pageError(
  title: string,
  inputPath: string,
  body: string,
  problems: readonly SourceProblem[],
): Error {
  const file = projectPath(inputPath);
  const offset = frontMatterLines(inputPath, body);
  const lines = problems.map((problem) => `  ${file}:${problem.line + offset}: ${problem.message}`);
  return new Error(`${title} (${problems.length}) in ${file}:\n${lines.join("\n")}`);
}

/** The text of the file at `inputPath`, or "" when it cannot be read (a page rendered from something else). */
export function fileText(inputPath: string): string {
  try {
    return readFileSync(inputPath, "utf8");
  } catch {
    return "";
  }
}

/**
 * The lines before `text` in the file at `inputPath`, where the file holds it: a page's body (after
 * its front matter) or a string of its front matter (a `permalink`), found by its longest start
 * that the file holds as written (YAML may escape the rest). 0 when the file holds none of it.
 */
export function linesBefore(inputPath: string, text: string): number {
  const file = fileText(inputPath);
  if (file.endsWith(text)) return frontMatterLines(inputPath, text);
  for (let length = text.length; length >= 4; length = Math.floor(length / 2)) {
    const at = file.indexOf(text.slice(0, length));
    if (at >= 0) return lineAt(file, at) - 1;
  }
  return 0;
}

/** The 1-based lines of `text` inside fenced code blocks (```` ``` ```` or `~~~`), fences included. */
function fencedLines(text: string): Set<number> {
  const fenced = new Set<number>();
  let open: string | undefined;
  text.split("\n").forEach((line, index) => {
    const fence = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (open || fence) fenced.add(index + 1);
    if (fence && (!open || (fence[0] === open[0] && fence.length >= open.length)))
      open = open ? undefined : fence;
  });
  return fenced;
}

/** Whether character `index` of `text` is in a code span on its line (after an odd number of backticks). */
function inCodeSpan(text: string, index: number): boolean {
  const lineStart = text.lastIndexOf("\n", index - 1) + 1;
  return (text.slice(lineStart, index).match(/`/g)?.length ?? 0) % 2 === 1;
}

/** Text that may find where rendered output came from: as written, or a word in any case. */
export interface OutputNeedle {
  text: string;
  exact: boolean;
}

/**
 * A finder of the 1-based lines of the file's `text` (from `from`, past the front matter) where
 * rendered output came from, for one page's problems in order: the first needle found wins. An
 * exact needle is found as written, outside code (an example), each occurrence once, so a second
 * identical tag finds the second line; a word in any case, first on lines with template tags
 * (which write what the source does not show), then on any line. 0 when none is found.
 */
export function outputLines(text: string, from: number): (needles: readonly OutputNeedle[]) => number {
  const fenced = fencedLines(text);
  const first = lineAt(text, from);
  const lines = text
    .split("\n")
    .map((line, index) => ({ line: line.toLowerCase(), number: index + 1 }))
    .filter(({ number }) => number >= first);
  const templated = lines.filter(({ line }) => /\{[{%]/.test(line));
  const used = new Map<string, number>();
  const exactLine = (needle: string): number => {
    for (
      let at = text.indexOf(needle, used.get(needle) ?? from);
      at >= 0;
      at = text.indexOf(needle, at + 1)
    ) {
      const line = lineAt(text, at);
      if (fenced.has(line) || inCodeSpan(text, at)) continue;
      used.set(needle, at + 1);
      return line;
    }
    return 0;
  };
  return (needles) => {
    for (const needle of needles) {
      if (needle.text.length === 0) continue;
      const word = needle.text.toLowerCase();
      const line = needle.exact
        ? exactLine(needle.text)
        : ((
            templated.find(({ line }) => line.includes(word)) ?? lines.find(({ line }) => line.includes(word))
          )?.number ?? 0);
      if (line > 0) return line;
    }
    return 0;
  };
}
