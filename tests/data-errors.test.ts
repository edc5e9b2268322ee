/**
 * A technical writer's bad edit to a data module fails the build, and the message names the file,
 * the field and the rule it breaks.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { editFile, projectCopy, ROOT_SITE_URL, runBuild, tempDir } from "./support/build.ts";

async function buildWithEdit(file: string, search: string, replacement: string) {
  const project = await projectCopy();
  await editFile(project, file, search, replacement);
  return runBuild(project, await tempDir("broken"), ROOT_SITE_URL);
}

const edits = [
  {
    name: "a negative threshold",
    edit: ['{ name: "Ethereal", minGems: "160000000"', '{ name: "Ethereal", minGems: "-160000000"'],
    expect: [/_data\/ranks\.ts/, /ranks\[1\]\.minGems/, /whole number/, /"-160000000"/],
  },
  {
    name: "\"12B\" as minGems",
    edit: ['minGems: "12000000000"', 'minGems: "12B"'],
    expect: [/_data\/ranks\.ts/, /ranks\[5\]\.minGems/, /whole number written in digits/, /"12B"/],
  },
  {
    name: "a duplicated rank name",
    edit: ['{ name: "Luminary"', '{ name: "Ethereal"'],
    expect: [/_data\/ranks\.ts/, /ranks\[2\]\.name/, /duplicates the rank name "Ethereal"/],
  },
  {
    name: "a typo in a key",
    edit: ['{ name: "Radiant", minGems:', '{ name: "Radiant", minGem:'],
    expect: [/_data\/ranks\.ts/, /ranks\[3\]/, /unknown key "minGem"/, /ranks\[3\]\.minGems/],
  },
  {
    name: "thresholds out of order",
    edit: ['minGems: "4000000000"', 'minGems: "1000000000"'],
    expect: [/_data\/ranks\.ts/, /ranks\[4\]\.minGems/, /strictly increase/],
  },
  {
    name: "a first rank above zero",
    edit: ['minGems: "0", displayValue: "0M+"', 'minGems: "1", displayValue: "0M+"'],
    expect: [/_data\/ranks\.ts/, /ranks\[0\]\.minGems/, /first rank starts at zero/],
  },
  {
    name: "a changed rate in the calculator facts",
    edit: ["dailyInterestRate: DAILY_INTEREST_RATE,", 'dailyInterestRate: "0.004",'],
    file: "_data/calculator.ts",
    expect: [/_data\/calculator\.ts/, /dailyInterestRate/, /must be "0\.003"/],
  },
] as const;

const results = new Map<string, Promise<{ ok: boolean; output: string }>>();

test.before(() => {
  // Builds run two at a time: the machine has two cores.
  let queue = Promise.resolve() as Promise<unknown>;
  const lanes = [queue, queue];
  edits.forEach((edit, index) => {
    const lane = index % lanes.length;
    const [search, replacement] = edit.edit;
    const file = "file" in edit ? edit.file : "_data/ranks.ts";
    const result = (lanes[lane] as Promise<unknown>).then(() => buildWithEdit(file, search, replacement));
    lanes[lane] = result.catch(() => undefined);
    results.set(edit.name, result);
  });
  queue = Promise.all(lanes);
  return queue.then(() => undefined);
});

for (const edit of edits) {
  test(`${edit.name} fails the build with the file, field and rule`, async () => {
    const result = await results.get(edit.name)!;
    assert.not.ok(result.ok, "the build succeeded");
    for (const pattern of edit.expect) assert.match(result.output, pattern);
  });
}

test("an unusable SITE_URL fails the build and says what to set", async () => {
  const project = await projectCopy();
  const result = await runBuild(project, await tempDir("broken"), "example.github.io/exp-bank");
  assert.not.ok(result.ok);
  assert.match(result.output, /SITE_URL: "example\.github\.io\/exp-bank" is not an absolute URL/);
});

test.run();
