/**
 * A writer's edits, end to end, in copies of the project. A bad data edit fails the build naming
 * the file, the field and the rule (data-rules.test.ts checks every rule without a build). One
 * build with several good edits shows that a change to the data or to a page's prose reaches every
 * output that shows it, and that hostile but valid rank names land as inert text everywhere.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import ranks from "../../_data/ranks.ts";
import { paths } from "../../_data/site.ts";
import { RankList } from "../../contract/rank-list.ts";
import {
  buildInProcess,
  editFile,
  ROOT_SITE_URL,
  withProjectCopy,
  withOutput,
  type BuildResult,
} from "../support/build.ts";
import { decodeEntities, rendered, textOf } from "../support/pages.ts";
import { writtenFile } from "../support/written-file.ts";

/** Builds a copy of the project with `edit` applied and reads every output file, then removes both folders. */
function buildEdited(
  edit: (project: string) => Promise<void>,
): Promise<{ result: BuildResult; files: Map<string, string> }> {
  return withProjectCopy((project) =>
    withOutput(project, async (output) => {
      await edit(project);
      const result = await buildInProcess(project, output, ROOT_SITE_URL);
      const entries = await readdir(output, { recursive: true, withFileTypes: true }).catch(() => []);
      const names = entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(output, path.join(entry.parentPath, entry.name)));
      return {
        result,
        files: new Map(
          await Promise.all(
            names.map(async (name) => [name, await readFile(path.join(output, name), "utf8")] as const),
          ),
        ),
      };
    }),
  );
}

const top = ranks.ranks.at(-1)!;
/** New prose with "Members", a word that holds a rank name without being one. */
const PROSE = "Members of the support team added this sentence.";

/**
 * Three ranks renamed to hostile values that pass the rank schema (one line of visible text, not
 * blank, no template syntax, 40 characters at most); a label must show its threshold, so labels
 * stay figures.
 */
const HOSTILE_RANKS = [
  {
    was: '{ name: "Ethereal", minGems: "160000000", displayValue: "160M+" }',
    name: "<img src=x onerror=alert(1)>|[x](//e.co)",
    displayValue: "160M+",
  },
  {
    was: '{ name: "Luminary", minGems: "800000000", displayValue: "800M+" }',
    name: "`x` &amp; ## y https://evil.example",
    displayValue: "800,000,000+",
  },
  {
    was: '{ name: "Radiant", minGems: "1600000000", displayValue: "1.6B+" }',
    name: "[x](javascript:alert(1)) [a]: /b",
    displayValue: "1.6B+",
  },
];

// Both builds are queued as the file loads (this process builds one at a time), so they run while other tests wait.
const badEdit = buildEdited((project) =>
  editFile(project, "_data/ranks.ts", 'minGems: "12000000000"', 'minGems: "12B"'),
);
const goodEdits = buildEdited(async (project) => {
  await editFile(project, "_data/ranks.ts", `name: "${top.name}"`, `name: "Zenith"`);
  for (const rank of HOSTILE_RANKS) {
    const minGems = /minGems: "(\d+)"/.exec(rank.was)![1];
    await editFile(
      project,
      "_data/ranks.ts",
      rank.was,
      `{ name: ${JSON.stringify(rank.name)}, minGems: "${minGems}", displayValue: ` +
        `${JSON.stringify(rank.displayValue)} }`,
    );
  }
  await editFile(project, "content/pages/docs.md", "## Support\n\n", `## Support\n\n${PROSE}\n\n`);
});
// Settled here too, so that a failing build is reported by its test rather than as an unhandled rejection first.
badEdit.catch(() => undefined);
goodEdits.catch(() => undefined);

/** A file of the good edits' build, which must have succeeded. */
const edited = (file: string) => writtenFile(goodEdits, file);

test("a bad data edit fails the build, naming the file, the field and the rule", async () => {
  const { result } = await badEdit;
  assert.not.ok(result.ok, "the build succeeded");
  for (const pattern of [
    /_data\/ranks\.ts has invalid data/,
    /ranks\[5\]\.minGems/,
    /whole number written in digits/,
    /"12B"/,
  ])
    assert.match(result.output, pattern);
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

test("hostile rank names land as inert text in every output", async () => {
  // JSON: the exact strings.
  const published = RankList.parse(JSON.parse(await edited(paths.ranks)));
  assert.equal(
    published.ranks
      .slice(1, 1 + HOSTILE_RANKS.length)
      .map(({ name, displayValue }) => ({ name, displayValue })),
    HOSTILE_RANKS.map(({ name, displayValue }) => ({ name, displayValue })),
  );

  // The docs' rank table: no injected element, and each row keeps its three cells with the text as written.
  const home = await edited("docs/index.html");
  assert.not.match(home, /<img\b|<b>\|/i);
  const rows = [...home.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => cell[1]!),
  );
  const hostileRows = rows.filter(
    (cells) => cells.length > 0 && HOSTILE_RANKS.some((rank) => textOf(cells[0]!) === rank.name),
  );
  assert.is(hostileRows.length, HOSTILE_RANKS.length, "every hostile rank has a row");
  for (const cells of hostileRows) {
    assert.is(cells.length, 3, `three cells: ${cells.join(" | ")}`);
    for (const cell of cells) assert.not.match(cell, /<(?!\/?code\b)[a-z]/i, `no element in ${cell}`);
  }
  assert.equal(
    hostileRows.map((cells) => textOf(cells[2]!)),
    HOSTILE_RANKS.map((rank) => rank.displayValue),
  );

  // /docs shows the ranks resource as highlighted JSON: escaped, no element.
  const docs = await edited("docs/index.html");
  assert.not.match(docs, /<img\b/i);
  assert.ok(docs.includes("&lt;img src=x onerror=alert(1)&gt;|[x](//e.co)"), "the name is in /docs as text");

  // Markdown: the twin, the agent guides and llms-full.txt read back as the names, with no link, heading or element.
  for (const file of [paths.overview, paths.agentGuide, paths.apiAgentGuide, paths.fullAgentGuide]) {
    const markdown = await edited(file);
    const html = rendered(markdown);
    assert.not.match(
      html,
      /<img\b|href="\/\/e\.co"|href="https:\/\/evil\.example"|href="\/b"|href="javascript|<h[1-6][^>]*>\s*y\b/i,
      file,
    );
    for (const rank of HOSTILE_RANKS) {
      assert.ok(decodeEntities(html).includes(rank.name), `${file}: ${rank.name} as text`);
      assert.ok(decodeEntities(html).includes(rank.displayValue), `${file}: ${rank.displayValue} as text`);
    }
  }
  // XML: the sitemap lists pages only, and stays well-formed text.
  const sitemap = await edited(paths.sitemap);
  assert.not.match(sitemap, /<img\b|evil/);
});

test.run();
