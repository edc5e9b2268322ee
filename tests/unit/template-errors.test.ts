/**
 * A template error names the file, the line and the closest name: a misspelt key under data, an
 * index past a list's end, a loop item's key and a misspelt filter.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { pageLiquid, renderLiquid } from "../../_config/page-checks.ts";

const data = {
  calculator: { dailyInterestRate: "0.003" },
  ranks: { ranks: [{ name: "Member" }] },
  eleventy: { env: { root: "/home/writer/site" } },
};

/** The error a page of `source` fails with, as the build reports it. */
async function errorFor(source: string): Promise<string> {
  const rendered = await renderLiquid(source, "content/pages/x.md", data).catch((error: Error) => error);
  if (typeof rendered === "string") throw new Error(`${source} rendered as ${rendered}`);
  return String(rendered);
}

test("a misspelt key, an index past a list's end and a loop item's misspelt key: each names the closest", async () => {
  const cases: [string, RegExp][] = [
    [
      "Intro.\n{{ calculator.dailyInterestRat }}",
      new RegExp(
        String.raw`^Error: content/pages/x\.md:2: calculator has no "dailyInterestRat"; ` +
          String.raw`did you mean "dailyInterestRate"\? Correct the spelling\n` +
          String.raw` {2}in \{\{ calculator\.dailyInterestRat \}\}$`,
      ),
    ],
    // An index past the end says how many entries the list has.
    ["Intro.\n{{ ranks.ranks[3].name }}", /ranks\.ranks has no \[3\]; it has 1 entries, \[0\] to \[0\]/],
    ["{% for rank in ranks.ranks %}\n{{ rank.nme }}{% endfor %}", /rank has no "nme"; did you mean "name"\?/],
  ];
  for (const [source, message] of cases) assert.match(await errorFor(source), message, source);
});

test("a misspelt filter names its line and the closest filter", async () => {
  pageLiquid.registerFilter("groupDigits", String);
  assert.match(
    await errorFor("A\n{{ 5 | groupDigit }}"),
    /content\/pages\/x\.md:2: there is no filter "groupDigit"; did you mean "groupDigits"\?/,
  );
});

test(`a page reads no builder's folder, a render that would exhaust the build fails, and a Nunjucks call \
says how Liquid writes it`, async () => {
  const cases: [string, RegExp][] = [
    ["A\n{{ eleventy.env.root }}", /x\.md:2: "eleventy" is not a name in the page's data/],
    ["A\n{% for i in (1..1000000000) %}{% endfor %}", /x\.md:2: a loop repeats too often; loop over data/],
    // 1,001 quick loops of plain text: the length written fails it, far within the 20 s render limit.
    [
      `A\n{% for i in (1..1001) %}${"x".repeat(1000)}{% endfor %}`,
      /x\.md: the page writes over 1000000 char/,
    ],
    ['A\n{{ href("docs") }}', /x\.md:2: Liquid has no calls: write \{\{ "docs" \| href \}\}, a filter's/],
    ['A\n{{ "docs" | href("x") }}', /x\.md:2: Liquid has no calls/],
  ];
  for (const [source, message] of cases) assert.match(await errorFor(source), message, source);
});

test.run();
