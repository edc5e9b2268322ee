/** What the tests of a writer's mistakes share: a writer's page, where a line is in one, a misspelt data name. */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ROOT } from "./build.ts";

/**
 * A page for content/pages/ with the front matter every page needs (lines 2 to 5), then `extra` lines
 * from line 6, and `body`.
 */
export const writerPage = (name: string, order: number, body: string, extra: string[] = []) => `---
title: ${name}
description: A page named ${name}.
navLabel: ${name}
order: ${order}
${[...extra, "---"].join("\n")}

${body}
`;

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
