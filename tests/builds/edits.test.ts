/**
 * A writer's edits, end to end, in copies of the project. A bad data edit fails the build naming
 * the file, the field and the rule (data-rules.test.ts checks every rule without a build). One
 * build with several good edits shows that a change to the data or to a page's prose reaches every
 * output that shows it (the link previews' card included, whose redrawn row is unit/share-card.test.ts's),
 * and that rank names in other scripts land as written everywhere.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import ranks from "../../_data/ranks.ts";
import { paths } from "../../_data/site.ts";
import { RankList } from "../../contract/rank-list.ts";
import {
  buildEachEdit,
  buildInProcess,
  editFile,
  ROOT_SITE_URL,
  textsUnder,
  withProjectCopy,
  withOutput,
  type BuildResult,
} from "../support/build.ts";
import { decodeEntities, headOf, rendered, tags, textOf } from "../support/pages.ts";
import { writtenFile } from "../support/written-file.ts";

/** What a test reads of a build: its result and every output file (the share card's bytes too). */
async function readOutput(result: BuildResult, output: string) {
  const card = await readFile(path.join(output, paths.shareCard)).catch(() => undefined);
  return { result, files: await textsUnder(output), card };
}

/** Builds a new copy of the project with `edit` (of its TypeScript too) applied, then removes both folders. */
const buildEdited = (edit: (project: string) => Promise<void>) =>
  withProjectCopy((project) =>
    withOutput(project, async (output) => {
      await edit(project);
      return readOutput(await buildInProcess(project, output, ROOT_SITE_URL), output);
    }),
  );

const top = ranks.ranks.at(-1)!;
/** New prose with "Members", a word that holds a rank name without being one. */
const PROSE = "Members of the support team added this sentence.";

/**
 * Three ranks renamed to names the rank schema allows beyond plain Latin words: another script,
 * accents, a hyphen, a space and a digit. Markup or a link cannot be a rank name
 * (data-rules.test.ts); these land as written, each beside the label derived from its threshold.
 */
const RENAMED_RANKS = [
  { was: 'name: "Ethereal"', name: "Светило-2", displayValue: "160M+" },
  { was: 'name: "Luminary"', name: "Ætherïal 3", displayValue: "800M+" },
  { was: 'name: "Radiant"', name: "星の王", displayValue: "1.6B+" },
];

// The builds are queued as the file loads (this process builds one at a time), so they run while other tests wait.
const [unedited] = buildEachEdit(ROOT_SITE_URL, [async () => undefined], readOutput) as [
  ReturnType<typeof readOutput>,
];
const badEdit = buildEdited(async (project) => {
  await editFile(project, "_data/ranks.ts", 'minGems: "12000000000"', 'minGems: "12B"');
  await editFile(project, "_data/ranks.ts", 'name: "Luminary"', 'name: "Lumi {{ 7*7 }}"');
});
const goodEdits = buildEdited(async (project) => {
  await editFile(project, "_data/ranks.ts", `name: "${top.name}"`, `name: "Zenith"`);
  for (const rank of RENAMED_RANKS)
    await editFile(project, "_data/ranks.ts", rank.was, `name: ${JSON.stringify(rank.name)}`);
  await editFile(project, "content/pages/docs.md", "## Support\n\n", `## Support\n\n${PROSE}\n\n`);
});
// Settled here too, so that a failing build is reported by its test rather than as an unhandled rejection first.
for (const build of [unedited, badEdit, goodEdits]) build.catch(() => undefined);

/** A file of the good edits' build, which must have succeeded. */
const edited = (file: string) => writtenFile(goodEdits, file);

test(`a bad data edit fails the build, naming the file, the field and the rule; template syntax in a rank \
name fails as a rule of the rank table`, async () => {
  const { result } = await badEdit;
  assert.not.ok(result.ok, "the build succeeded");
  // Each rule's whole message is data-rules.test.ts's ("suffixed threshold", "template syntax in a name").
  assert.match(result.output, /_data\/ranks\.ts has invalid data/);
  assert.match(result.output, /ranks\[5\]\.minGems: .*whole number written in digits.*"12B"/);
  assert.match(
    result.output,
    /ranks\[2\]\.name: has "\{" \(U\+007B\) at character 6, .*\[rule: letters, digits/,
  );
});

test("a change to the data or to a page's prose reaches every output that shows it", async () => {
  for (const file of [
    "index.html",
    "index.md",
    "docs/index.html",
    "docs.md",
    "llms.txt",
    "llms-full.txt",
    "api/ranks.json",
  ]) {
    const text = await edited(file);
    assert.ok(text.includes("Zenith"), `${file} shows the renamed rank`);
    assert.not.ok(text.includes(top.name), `${file} still shows "${top.name}"`);
  }
  for (const file of ["docs/index.html", "docs.md", "llms-full.txt"])
    assert.ok((await edited(file)).includes(PROSE), `${file} shows the new prose`);
});

test("the link previews' card follows the data: another picture, its text alternative naming the rank", async () => {
  const [before, after] = [await unedited, await goodEdits];
  assert.ok(before.card && after.card && !before.card.equals(after.card), "the card changed");
  const alt = (html: string) =>
    tags(headOf(html), "meta").find((meta) => meta.property === "og:image:alt")?.content ?? "";
  assert.ok(alt(await writtenFile(unedited, "index.html")).includes(`${top.name} ${top.displayValue}`));
  const renamed = alt(await edited("index.html"));
  assert.ok(renamed.includes(`Zenith ${top.displayValue}`), renamed);
  assert.not.ok(renamed.includes(top.name), renamed);
});

test("names in other scripts land as written in every output, beside their labels", async () => {
  // JSON: the exact strings.
  const published = RankList.parse(JSON.parse(await edited(paths.ranks)));
  assert.equal(
    published.ranks
      .slice(1, 1 + RENAMED_RANKS.length)
      .map(({ name, displayValue }) => ({ name, displayValue })),
    RENAMED_RANKS.map(({ name, displayValue }) => ({ name, displayValue })),
  );

  // The docs' rank table: each renamed rank has a row of three cells, its name and its label as written.
  const docs = await edited("docs/index.html");
  const rows = [...docs.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => textOf(cell[1]!)),
  );
  const renamedRows = rows.filter((cells) => RENAMED_RANKS.some((rank) => cells[0] === rank.name));
  assert.equal(
    renamedRows.map((cells) => [cells.length, cells[0], cells[2]]),
    RENAMED_RANKS.map((rank) => [3, rank.name, rank.displayValue]),
  );

  // Markdown: the twin, the agent guides and llms-full.txt read back as the names and labels.
  for (const file of [paths.overview, paths.agentGuide, paths.apiAgentGuide, paths.fullAgentGuide]) {
    const text = decodeEntities(rendered(await edited(file)));
    for (const rank of RENAMED_RANKS) {
      assert.ok(text.includes(rank.name), `${file}: ${rank.name} as text`);
      assert.ok(text.includes(rank.displayValue), `${file}: ${rank.displayValue} as text`);
    }
  }
});

test.run();
