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
  const file = fileText(inputPath);
  const at = file.lastIndexOf(body);
  if (at < 0 || at + body.length !== file.length) return 0;
  return file.slice(0, at).split("\n").length - 1;
}

/**
 * `content/pages/faq.md:3`: the file as the writer opens it and its first line for which `found` holds,
 * or the file alone when none does (or it cannot be read: a page rendered from something else).
 */
export function fileLine(inputPath: string, found: (line: string) => boolean): string {
  const line = fileText(inputPath).split("\n").findIndex(found) + 1;
  return `${projectPath(inputPath)}${line > 0 ? `:${line}` : ""}`;
}

/** The text of the file at `inputPath`, or "" when it cannot be read (a page rendered from something else). */
function fileText(inputPath: string): string {
  try {
    return readFileSync(inputPath, "utf8");
  } catch {
    return "";
  }
}
