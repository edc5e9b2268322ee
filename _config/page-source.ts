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
 * The 1-based line of the file's `text` where rendered output came from: the first line, outside
 * fenced code (an example), that holds one of `needles` in any case, tried in order, first on lines
 * with template tags (which write what the source does not show); 0 when none is found.
 */
export function lineOfOutput(text: string, needles: readonly string[]): number {
  let fence = "";
  const lines = text.split("\n").flatMap((line, index) => {
    const opens = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    const inCode = Boolean(fence || opens);
    if (opens && (!fence || (opens[0] === fence[0] && opens.length >= fence.length)))
      fence = fence ? "" : opens;
    return inCode ? [] : [{ text: line.toLowerCase(), number: index + 1 }];
  });
  const templated = lines.filter((line) => /\{[{%]/.test(line.text));
  for (const needle of needles.map((one) => one.toLowerCase()).filter(Boolean)) {
    const found =
      templated.find((line) => line.text.includes(needle)) ??
      lines.find((line) => line.text.includes(needle));
    if (found) return found.number;
  }
  return 0;
}
