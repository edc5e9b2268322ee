/**
 * No line of the tracked code is over MAX_LINE_LENGTH characters: code, tests, templates, stylesheets,
 * manifests and workflows. Prettier wraps code at its own width (`.prettierrc.json`) but cannot break
 * a string, a comment, a template's text or a stylesheet, so those are wrapped by hand; this test finds
 * what is left, naming each file and line with the fix. The files and lines exempt, each with its
 * reason, are in EXEMPT, and nowhere else.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ROOT } from "../support/build.ts";

/** The longest line allowed. */
const MAX_LINE_LENGTH = 120;

interface Exemption {
  /** The files exempt, by their path in the repository. */
  files: RegExp;
  /** Only these lines of them, when given; every line otherwise. */
  lines?: RegExp;
  reason: string;
}

const EXEMPT: Exemption[] = [
  { files: /(^|\/)package-lock\.json$/, reason: "written by npm" },
  {
    files: /\.md$/,
    reason:
      "Markdown is prose a writer edits (the pages, README, CONTRIBUTING), where a line is a paragraph, " +
      "a list item or a table row as the reader gets it",
  },
  {
    files: /^content\/llms\.txt\.njk$/,
    reason:
      "each of its lines is a line of llms.txt, prose a writer edits: a paragraph or a list item for agents",
  },
  {
    files: /^package\.json$/,
    lines: /^ {4,}"[^"]+": "[^"]*",?$/,
    reason: "an npm script's command or a pinned checksum: JSON cannot split a string",
  },
];

/** How to shorten a line of `file`, by its kind. */
function fixFor(file: string): string {
  const extension = path.extname(file);
  if (extension === ".njk")
    return (
      "break between attributes or tags, and start the next line with an empty comment opened with a " +
      "dash ({#- #}) so the output keeps its one line; or break inside a {% %} or {{ }} tag"
    );
  if (extension === ".css") return "continue the rule on the next line, indented, after a declaration's ;";
  if (extension === ".json") return "shorten the text: JSON cannot split a string";
  if ([".yml", ".yaml", ""].includes(extension))
    return "split a shell string into arguments on lines ending in \\, or name it in a variable";
  return (
    "split a string into parts joined with + (or name a part as a constant), wrap a comment, or give a " +
    "long expression's parts names; then npm run format"
  );
}

function exempt(file: string, line: string): boolean {
  return EXEMPT.some((rule) => rule.files.test(file) && (!rule.lines || rule.lines.test(line)));
}

test(`no tracked code line is over ${MAX_LINE_LENGTH} characters, the exemptions aside`, () => {
  const files = execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
  assert.ok(files.length > 100, `git ls-files lists the repository's files (got ${files.length})`);
  const over: string[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(ROOT, file), "utf8");
    if (text.includes("\0")) continue; // a binary file has no lines
    text.split("\n").forEach((line, index) => {
      const length = [...line].length;
      if (length > MAX_LINE_LENGTH && !exempt(file, line))
        over.push(`  ${file}:${index + 1} is ${length} characters: ${fixFor(file)}`);
    });
  }
  assert.equal(over, [], `Lines over ${MAX_LINE_LENGTH} characters:\n${over.join("\n")}`);
});

test("the exemptions are narrow: every kind of code file is checked, only package.json's strings are not", () => {
  for (const file of [
    "common/x.ts",
    "_includes/x.njk",
    "assets/styles/x.css",
    ".ci/run",
    "tests/package.json",
  ])
    assert.not.ok(exempt(file, "x".repeat(MAX_LINE_LENGTH + 1)), `${file} is checked`);
  assert.ok(exempt("content/pages/faq.md", "x".repeat(200)), "a writer's Markdown page is prose");
  assert.ok(exempt("package.json", `    "start": "${"x".repeat(200)}",`), "an npm script is one string");
  assert.not.ok(exempt("package.json", `  "description": "${"x".repeat(200)}",`), "a description is not");
});

test.run();
