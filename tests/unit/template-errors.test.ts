/**
 * A template error names the file, the line and the closest name: a misspelt key under data, an
 * index past a list's end, a loop item's key and a misspelt filter.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { templateError } from "../../_config/template-errors.ts";

const data = { calculator: { dailyInterestRate: "0.003" }, ranks: { ranks: [{ name: "Member" }] } };

/** The error for `source`, failing at line 2 column 0 as Nunjucks reports it, with `message`. */
function errorFor(source: string, message = "attempted to output null or undefined value") {
  const nunjucks = new Error(`(content/pages/x.md) [Line 2, Column 0]\n  Error: ${message}`);
  return String(
    templateError({ message: "wrapped", originalError: nunjucks }, "content/pages/x.md", source, data),
  );
}

test("a misspelt key, an index past a list's end and a loop item's misspelt key: each names the closest", () => {
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
  for (const [source, message] of cases) assert.match(errorFor(source), message, source);
});

test("a misspelt filter names the first line using it and the closest filter", () => {
  const message = String(
    templateError(
      new Error("filter not found: groupDigit"),
      "content/pages/x.md",
      "A\n{{ 5 | groupDigit }}",
      data,
      ["groupDigits"],
    ),
  );
  assert.match(
    message,
    /content\/pages\/x\.md:2: there is no filter "groupDigit"; did you mean "groupDigits"\?/,
  );
});

test.run();
