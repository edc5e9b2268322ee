/**
 * The checks each Markdown page's source passes in every build (`_config/page-checks.ts`),
 * unit-tested on texts written here: a figure or name of the data typed by hand is refused,
 * ordinary words are not, each problem names its line in the file (front matter counted) and the
 * fix. builds/writer-errors.test.ts makes the same mistakes in real builds; builds/pages.test.ts
 * tries what a page may not be, and builds/inert-pages.test.ts what it may not hand a visitor. The
 * site's own pages pass them in every build (`npm test` builds the site before the site tests).
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import calculator from "../../_data/calculator.ts";
import endpoints from "../../_data/endpoints.ts";
import openapi from "../../_data/openapi.ts";
import ranks from "../../_data/ranks.ts";
import site from "../../_data/site.ts";
import { checkPageSource } from "../../_config/page-checks.ts";
import { dataValues, typedValues } from "../../_config/drift.ts";
import { frontMatterLines } from "../../_config/page-source.ts";
import { checkOutputUrls } from "../../_config/page-outputs.ts";
import { withTempDir } from "../support/build.ts";

const DATA = { ranks, calculator, endpoints, site, openapi };
const VALUES = dataValues(DATA);

/** The problems with the typed values in `markdown`, each as its line and its message. */
const typed = (markdown: string) =>
  typedValues(markdown, VALUES).map((problem) => [problem.line, problem.message]);
/** The drift check's message for `what`, typed by hand where `template` should stand. */
const byHand = (what: string, template: string) =>
  `types ${what} by hand; write ${template} so the page follows the data`;

test("the drift check knows prose from data: ordinary words that contain a rank name pass", () => {
  const prose = [
    "Members of the support team answer within a day.",
    "The membership is free; a Memberships page may follow.",
    "Ethereality and cosmically divine radiance are words, not ranks.",
    "A balance of 1,160,000,000 or 160,000,000.5 gems is another number; so is 10.003 or 0.0031.",
    "Version 11.0.0 of something else, and 2160M+ of another thing.",
    '{{ ranks.ranks[1].name | markdownText }} is rendered, so {{ "ExpRank" | schemaLink }} is too.',
  ].join("\n\n");
  assert.equal(typed(prose), []);
});

test("a hand-typed rank name, threshold, label, rate or name of the contract fails naming the line and the fix", () => {
  const markdown = [
    "# A page", // 1
    "", // 2
    "A balance of 160,000,000 gems is Ethereal.", // 3
    "", // 4
    "Member, Ethereal's holders and (Cosmic) are names; so is 1.6B+ and 48B.", // 5
    "The rate is 0.003, or 0.3% a day; call calculate-exp-growth; read openapi.json or ExpRank.", // 6
    "```json", // 7
    '{ "minGems": "800000000" }', // 8
    "```", // 9
  ].join("\n");
  assert.equal(typed(markdown), [
    [3, byHand("the Ethereal threshold 160,000,000", "{{ ranks.ranks[1].minGems | groupDigits }}")],
    [3, byHand('the rank name "Ethereal"', "{{ ranks.ranks[1].name | markdownText }}")],
    [5, byHand('the rank name "Member"', "{{ ranks.ranks[0].name | markdownText }}")],
    [5, byHand('the rank name "Ethereal"', "{{ ranks.ranks[1].name | markdownText }}")],
    [5, byHand('the rank name "Cosmic"', "{{ ranks.ranks[6].name | markdownText }}")],
    [5, byHand('the rank label "1.6B+"', "{{ ranks.ranks[3].displayValue | markdownText }}")],
    [5, byHand('the Cosmic threshold "48B"', "{{ ranks.ranks[6].displayValue | markdownText }}")],
    [6, byHand("the daily rate", "{{ calculator.dailyInterestRate }}")],
    [6, byHand("the daily percent", "{{ calculator.dailyInterestPercent }}%")],
    [6, byHand('the tool name "calculate-exp-growth"', "{{ tools[0].name }}")],
    [6, byHand('the contract\'s path "openapi.json"', "{{ site.paths.openapi }}")],
    [6, byHand('the schema name "ExpRank"', '{{ "ExpRank" | schemaLink }}')],
    [8, byHand("the Luminary threshold 800000000", "{{ ranks.ranks[2].minGems | groupDigits }}")],
  ]);
});

test("the drift check follows the data it is given, not a list of its own", () => {
  const renamed = {
    ...DATA,
    ranks: {
      ...ranks,
      ranks: ranks.ranks.map((rank, index) => (index === 1 ? { ...rank, name: "Zenith" } : rank)),
    },
  };
  const problems = typedValues("Zenith and Ethereal.", dataValues(renamed)).map((problem) => problem.message);
  assert.equal(problems, [byHand('the rank name "Zenith"', "{{ ranks.ranks[1].name | markdownText }}")]);
});

test("a line in a page's text is the line in its file: front matter counted", async () => {
  await withTempDir("page", async (dir) => {
    const file = path.join(dir, "page.md");
    const body = "# Title\n\nText.\n\nEthereal holders ask first.\n";
    await writeFile(file, `---\ntitle: A page\ndescription: x\norder: 9\n---\n${body}`);
    assert.is(frontMatterLines(file, body), 5);
    assert.throws(
      () => checkPageSource(file, body, DATA),
      new RegExp(
        String.raw`^Data typed by hand in a Markdown page \(1\) in .*page\.md:\n {2}.*page\.md:10: ` +
          String.raw`types the rank name "Ethereal" by hand`,
      ),
    );
  });
});

test("a template's URL is a kind the site publishes; another fails naming the file and the permalink's line", () => {
  checkOutputUrls({
    "./content/pages/docs.md": ["/docs/"],
    "./content/pages/a.md": ["/a.html"],
    "./content/pages/b.md": [false],
    "./content/openapi.json.11ty.ts": ["/openapi.json"],
  });
  assert.throws(
    () => checkOutputUrls({ "./content/pages/docs.md": ["/docs.js"] }),
    /content\/pages\/docs\.md: the permalink \/docs\.js is not a kind the site publishes/,
  );
});

test.run();
