/**
 * The rules every `_data` edit must pass, unit-tested on the schemas and the loader (no build):
 * each hostile or careless edit fails with the file, the field and the rule.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { RankTable, rankLabel } from "../../contract/rank-list.ts";
import { validateData } from "../../contract/validate-data.ts";
import { CalculatorInfo } from "../../contract/calculator-info.ts";
import ranks from "../../_data/ranks.ts";
import calculator from "../../_data/calculator.ts";

const FILE = new URL("../../_data/ranks.ts", import.meta.url).href;
const CALCULATOR_FILE = new URL("../../_data/calculator.ts", import.meta.url).href;

type Table = { name: string; dailyInterestRate: string; ranks: Record<string, unknown>[] };

/** The rank table as `_data/ranks.ts` writes it: each rank a name and a threshold, no label. */
const written = (): Table => ({
  name: ranks.name,
  dailyInterestRate: ranks.dailyInterestRate,
  ranks: ranks.ranks.map(({ name, minGems }) => ({ name, minGems })),
});

/** The error for the rank table with `edit` applied to a copy of the shipped one. */
function refusal(edit: (table: Table) => void): string {
  const table = written();
  edit(table);
  try {
    validateData(RankTable, table, FILE);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the edit was accepted");
}

/** An edit that gives rank `index` the name `name`. */
const named = (index: number, name: string) => (table: Table) => {
  table.ranks[index]!.name = name;
};

/** An edit that gives rank `index` the threshold `minGems`. */
const threshold = (index: number, minGems: unknown) => (table: Table) => {
  table.ranks[index]!.minGems = minGems;
};

type Case = [string, (table: Table) => void, RegExp];

/** Each case's edit is refused naming the file and its rule, in words (no zod "Invalid input"). */
function assertRefused(cases: Case[]): void {
  for (const [label, edit, rule] of cases) {
    const message = refusal(edit);
    assert.match(message, /^_data\/ranks\.ts has invalid data:/, label);
    assert.match(message, rule, `${label}: ${message}`);
    assert.not.match(message, /Invalid input/, `${label}: ${message}`);
    // The message shows invisible characters by their code points, never the characters themselves.
    assert.not.match(
      message,
      /[\u200b\u2067\u2060\u00ad\ufe0f\u3164\ue000\u2800\u{1D159}\u2605\u0301]/u,
      `${label}: ${message}`,
    );
  }
}

/** How a name that is not letters, digits, spaces and hyphens fails, for the character at `at`. */
const notALetter = (character: string, at: number) =>
  new RegExp(
    String.raw`has ${character} at character ${at}, which is not a letter \(of Latin, .*\), a digit 0-9, a ` +
      String.raw`space or a hyphen; write the name in letters and digits \[rule: letters, digits, spaces and ` +
      String.raw`hyphens\]`,
  );

test("the shipped rank table passes, each label derived from its threshold as /api/ranks.json has it", () => {
  assert.equal(
    validateData(RankTable, written(), FILE).ranks.map((rank) => rank.displayValue),
    ["0M+", "160M+", "800M+", "1.6B+", "4B+", "12B+", "48B+"],
  );
});

test("each bad rank edit names the file, the field and the rule", () => {
  assertRefused([
    [
      "blank name",
      named(1, "   "),
      new RegExp(
        String.raw`ranks\[1\]\.name: has a space or hyphen at its start or end, or two in a row; write ` +
          String.raw`words joined by single spaces or hyphens \[rule: letters, digits, spaces and hyphens\]`,
      ),
    ],
    ["empty name", named(1, ""), /ranks\[1\]\.name: must not be empty/],
    ["two-line name", named(1, "Ethereal\n## Injected"), notALetter("U\\+000A", 9)],
    ["long name", named(1, "E".repeat(41)), /ranks\[1\]\.name: must be at most 40 characters long/],
    [
      "huge threshold",
      threshold(6, "9".repeat(400)),
      /ranks\[6\]\.minGems: must be at most 100000000000000000000 \(CALCULATE_LIMITS\.maxGems\)/,
    ],
    [
      "a label typed by hand",
      (t) => (t.ranks[1]!.displayValue = "160M+"),
      /ranks\[1\]: unknown key "displayValue"; remove it or correct the spelling/,
    ],
    [
      "number threshold",
      threshold(1, 160000000),
      new RegExp(
        String.raw`ranks\[1\]\.minGems: must be a string \(a decimal value goes in quotes, such as ` +
          String.raw`"160000000"\), not the number 160000000`,
      ),
    ],
    ["first threshold", threshold(0, "5"), /ranks\[0\]\.minGems: must be "0"/],
    ["order", threshold(2, "1"), /ranks\[2\]\.minGems: must be greater than the previous rank's minGems/],
    ["duplicate", named(2, "Ethereal"), /ranks\[2\]\.name: duplicates the rank name "Ethereal"/],
    ["negative threshold", threshold(1, "-160000000"), /ranks\[1\]\.minGems: .*whole number.*"-160000000"/],
    [
      "suffixed threshold",
      threshold(5, "12B"),
      /ranks\[5\]\.minGems: .*whole number written in digits.*"12B"/,
    ],
    [
      "typo in a key",
      (t) => {
        t.ranks[3]!.minGem = t.ranks[3]!.minGems;
        delete t.ranks[3]!.minGems;
      },
      new RegExp(
        String.raw`(?=[\s\S]*ranks\[3\]: unknown key "minGem"; remove it or correct the ` +
          String.raw`spelling)[\s\S]*ranks\[3\]\.minGems: is required`,
      ),
    ],
    ["thresholds out of order", threshold(4, "1000000000"), /ranks\[4\]\.minGems: .*strictly increase/],
    ["first rank above zero", threshold(0, "1"), /ranks\[0\]\.minGems: .*first rank starts at zero/],
  ]);
});

test("a rank name cannot lie: each trick fails naming the field and its rule", () => {
  assertRefused([
    ["isolate in a name", named(1, "Eth\u2067ereal"), notALetter("U\\+2067", 4)],
    ["only a zero-width space", named(1, "\u200b"), notALetter("U\\+200B", 1)],
    ["a zero-width twin", named(2, "Ethereal\u200b"), notALetter("U\\+200B", 9)],
    ["a word joiner", named(2, "Lumi\u2060nary"), notALetter("U\\+2060", 5)],
    ["a soft hyphen", named(2, "Lumi\u00adnary"), notALetter("U\\+00AD", 5)],
    ["a variation selector", named(2, "Lumi\ufe0fnary"), notALetter("U\\+FE0F", 5)],
    ["a Hangul filler", named(2, "\ud55c\u3164\uad6d"), notALetter("U\\+3164", 2)],
    ["a private-use character", named(2, "Lumi\ue000nary"), notALetter("U\\+E000", 5)],
    ["an unassigned code point", named(2, "Lumi\u0378nary"), notALetter("U\\+0378", 5)],
    ["a no-break space", named(2, "Lumi\u00a0nary"), notALetter("U\\+00A0", 5)],
    ["only a combining accent", named(2, "\u0301\u0301"), notALetter("U\\+0301", 1)],
    [
      "a trailing space",
      named(2, "Luminary "),
      /ranks\[2\]\.name: has a space or hyphen at its start or end.*\[rule: letters, digits, spaces and hyphens\]/,
    ],
    [
      "two hyphens in a row",
      named(2, "Lumi--nary"),
      /ranks\[2\]\.name: has a space or hyphen at its start or end, or two in a row/,
    ],
    ["a paragraph separator", named(2, "Lumi\u2029nary"), notALetter("U\\+2029", 5)],
    [
      "the same name in capitals",
      named(2, "ETHEREAL"),
      new RegExp(
        String.raw`ranks\[2\]\.name: duplicates the rank name "Ethereal" \(ranks\[1\]\.name\), ignoring ` +
          String.raw`case; every rank needs its own name \[rule: unique names\]`,
      ),
    ],
    [
      "the same name in full-width letters",
      named(2, "\uff25thereal"),
      /ranks\[2\]\.name: duplicates the rank name "Ethereal".*\[rule: unique names\]/,
    ],
    [
      "the same name with a ligature",
      (t) => {
        t.ranks[1]!.name = "Effort";
        t.ranks[2]!.name = "E\ufb00ort";
      },
      /ranks\[2\]\.name: duplicates the rank name "Effort".*\[rule: unique names\]/,
    ],
    [
      "a sharp s",
      (t) => {
        t.ranks[1]!.name = "Straße";
        t.ranks[2]!.name = "STRASSE";
      },
      /ranks\[2\]\.name: duplicates the rank name "Straße".*\[rule: unique names\]/,
    ],
    ["template syntax in a name", named(2, "{{ 7*7 }}"), notALetter('"\\{" \\(U\\+007B\\)', 1)],
    ["a template tag in a name", named(2, "{% raw %}x"), notALetter('"\\{" \\(U\\+007B\\)', 1)],
    ["markup in a name", named(1, '<meta http-equiv="refresh">'), notALetter('"<" \\(U\\+003C\\)', 1)],
    ["a link in a name", named(2, "x [x](javascript:alert(1))"), notALetter('"\\[" \\(U\\+005B\\)', 3)],
    ["a symbol in a name", named(3, "Radiant \u2605"), notALetter("U\\+2605", 9)],
    ["a Braille blank after a name", named(2, "Ethereal\u2800"), notALetter("U\\+2800", 9)],
    ["a Braille blank alone", named(2, "\u2800"), notALetter("U\\+2800", 1)],
    ["a null notehead", named(2, "Lumi\u{1D159}nary"), notALetter("U\\+1D159", 5)],
    [
      "a Cyrillic capital in a Latin name",
      named(2, "\u0415thereal"),
      new RegExp(
        String.raw`ranks\[2\]\.name: mixes scripts: "t" \(U\+0074\) at character 2 is Latin where "Е" ` +
          String.raw`\(U\+0415\) at character 1 is Cyrillic; write the whole name in one script \[rule: one script\]`,
      ),
    ],
    [
      "a Greek omicron in a Latin name",
      named(2, "C\u03bfsmic"),
      new RegExp(
        String.raw`ranks\[2\]\.name: mixes scripts: "ο" \(U\+03BF\) at character 2 is Greek where "C" ` +
          String.raw`\(U\+0043\) at character 1 is Latin.*\[rule: one script\]`,
      ),
    ],
    [
      "3,000 ranks",
      (t) =>
        (t.ranks = Array.from({ length: 3000 }, (_, index) => ({
          name: `Rank ${index}`,
          minGems: String(index),
        }))),
      /^_data\/ranks\.ts has invalid data:\n\s*- ranks: must list at most 50 ranks: .*\[rule: at most 50 ranks\]/m,
    ],
  ]);
});

test("a label is a threshold's figure in the largest scale it reaches, then a plus", () => {
  const labels = [
    ["0", "0M+"],
    ["7", "7+"],
    ["999", "999+"],
    ["1003", "1.003K+"],
    ["1500", "1.5K+"],
    ["160000000", "160M+"],
    ["1600000000", "1.6B+"],
    ["1000000000000", "1T+"],
    ["2500000000000", "2.5T+"],
    ["100000000000000000000", "100000000T+"],
  ];
  assert.equal(
    labels.map(([minGems]) => rankLabel(minGems!)),
    labels.map(([, label]) => label),
  );
});

test("a changed rate in the calculator facts names _data/calculator.ts, the field and the fixed value", () => {
  const edited = { ...calculator, dailyInterestRate: "0.004" };
  assert.throws(
    () => validateData(CalculatorInfo, edited, CALCULATOR_FILE),
    /^_data\/calculator\.ts has invalid data:[\s\S]*dailyInterestRate: must be "0\.003"/,
  );
  assert.ok(validateData(CalculatorInfo, calculator, CALCULATOR_FILE));
});

test("a threshold at the tools' maximum passes, labelled", () => {
  const table = written();
  table.ranks[6]!.minGems = "100000000000000000000";
  assert.is(validateData(RankTable, table, FILE).ranks[6]!.displayValue, "100000000T+");
});

test("names in any one of the scripts pass, with accents, digits, spaces and hyphens", () => {
  const table = written();
  // Seven names, one for each rank: Latin with accents, Cyrillic, Greek, Japanese (kanji and kana),
  // Devanagari and Arabic with their vowel signs, and Latin with a hyphen, a space and a digit.
  const names = ["Ætherïal", "Светило", "Λαμπρός", "星の王", "नमस्ते", "نُور", "Semi-Divine 2"];
  names.forEach((name, index) => (table.ranks[index]!.name = name));
  assert.equal(
    validateData(RankTable, table, FILE).ranks.map((rank) => rank.name),
    names,
  );
});

test.run();
