/**
 * A writer's edits, end to end, each in its own copy of the project: a bad data edit fails the
 * build naming the file, the field and the rule (data-rules.test.ts checks every rule without a
 * build), and a change to the data or to a page's prose reaches every output that shows it.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import ranks from "../_data/ranks.ts";
import { editFile, readBuilt, ROOT_SITE_URL, runBuild, withProjectCopy, withTempDir, type BuildResult } from "./support/build.ts";

/** Builds a copy of the project with `edit` applied, then reads the output with `read`; both folders are removed after. */
function buildEdited<T>(edit: (project: string) => Promise<void>, read: (result: BuildResult, output: string) => Promise<T>): Promise<T> {
  return withProjectCopy((project) =>
    withTempDir("edited-site", async (output) => {
      await edit(project);
      return read(await runBuild(project, output, ROOT_SITE_URL), output);
    }),
  );
}

const top = ranks.ranks.at(-1)!;
const DRIFT_FILES = ["index.html", "index.md", "docs/index.html", "docs.md", "llms.txt", "llms-full.txt", "api/ranks.json"];
const PROSE_FILES = ["docs/index.html", "docs.md", "llms-full.txt"];

// Both builds start as the file loads, so they run while other test files do.
const badEdit = buildEdited(
  (project) => editFile(project, "_data/ranks.ts", 'minGems: "12000000000"', 'minGems: "12B"'),
  async (result) => result,
);
const drift = buildEdited(
  async (project) => {
    await editFile(project, "_data/ranks.ts", `name: "${top.name}"`, `name: "Zenith"`);
    await editFile(project, "content/pages/docs.md", "## Support\n\n", "## Support\n\nA sentence a writer just added.\n\n");
  },
  async (result, output) => ({ result, texts: new Map(await Promise.all(DRIFT_FILES.map(async (file) => [file, await readBuilt(output, file).catch(() => "")] as const))) }),
);
// Settled here too, so that a failing build is reported by its test rather than as an unhandled rejection first.
badEdit.catch(() => undefined);
drift.catch(() => undefined);

test("a bad data edit fails the build, naming the file, the field and the rule", async () => {
  const result = await badEdit;
  assert.not.ok(result.ok, "the build succeeded");
  for (const pattern of [/_data\/ranks\.ts has invalid data/, /ranks\[5\]\.minGems/, /whole number written in digits/, /"12B"/]) assert.match(result.output, pattern);
});

test("a change to the data or to a page's prose reaches every output that shows it", async () => {
  const { result, texts } = await drift;
  assert.ok(result.ok, result.output);
  for (const file of DRIFT_FILES) {
    const text = texts.get(file)!;
    assert.ok(text.includes("Zenith"), `${file} shows the renamed rank`);
    assert.not.ok(text.includes(top.name), `${file} still shows "${top.name}"`);
  }
  for (const file of PROSE_FILES) assert.ok(texts.get(file)!.includes("A sentence a writer just added."), `${file} shows the new prose`);
});

test.run();
