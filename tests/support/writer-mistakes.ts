/** What the tests of a writer's mistakes share: where a line is in a page, and the misspelt data name they plant. */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ROOT } from "./build.ts";

/** The 1-based line of the first line of `file` (in the repository) that contains `text`. */
export async function lineOf(file: string, text: string): Promise<number> {
  const lines = (await readFile(path.join(ROOT, file), "utf8")).split("\n");
  const index = lines.findIndex((line) => line.includes(text));
  if (index < 0) throw new Error(`${file} has no line with ${JSON.stringify(text)}; update the test`);
  return index + 1;
}

/** A data name /docs/ quotes, and the same name misspelt, as a writer might type it. */
export const DATA_NAME = "{{ calculator.dailyInterestRate }}";
export const MISSPELT = "{{ calculatr.dailyInterestRate }}";

/** What a build says of {@link MISSPELT} planted in content/pages/docs.md at `line`, before its fix. */
export const misspeltMessage = (line: number) =>
  `content/pages/docs.md:${line}: "calculatr" is not a name in the page's data; did you mean "calculator"?`;
