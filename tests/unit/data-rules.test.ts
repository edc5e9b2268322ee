/**
 * The rules every `_data` edit must pass, unit-tested on the schemas and the loader (no build):
 * each hostile or careless edit fails with the file, the field and the rule.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { RankList } from "../../contract/rank-list.ts";
import { validateData } from "../../contract/validate-data.ts";
import { CalculatorInfo } from "../../contract/calculator-info.ts";
import ranks from "../../_data/ranks.ts";
import calculator from "../../_data/calculator.ts";

const FILE = new URL("../../_data/ranks.ts", import.meta.url).href;
const CALCULATOR_FILE = new URL("../../_data/calculator.ts", import.meta.url).href;

/** The error for the rank table with `edit` applied to a copy of the shipped one. */
function refusal(
  edit: (table: { name: string; dailyInterestRate: string; ranks: Record<string, unknown>[] }) => void,
): string {
  const table = structuredClone(ranks) as unknown as {
    name: string;
    dailyInterestRate: string;
    ranks: Record<string, unknown>[];
  };
  edit(table);
  try {
    validateData(RankList, table, FILE);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the edit was accepted");
}

test("the shipped rank table passes", () => {
  assert.is(validateData(RankList, ranks, FILE).ranks.length, 7);
});

test("each bad rank edit names the file, the field and the rule", () => {
  const cases: [string, (table: { ranks: Record<string, unknown>[] }) => void, RegExp][] = [
    ["blank name", (t) => (t.ranks[1]!.name = "   "), /ranks\[1\]\.name: must not be blank/],
    ["empty name", (t) => (t.ranks[1]!.name = ""), /ranks\[1\]\.name: must not be empty/],
    [
      "two-line name",
      (t) => (t.ranks[1]!.name = "Ethereal\n## Injected"),
      /ranks\[1\]\.name: must be one line of text/,
    ],
    [
      "tab in a label",
      (t) => (t.ranks[2]!.displayValue = "800M\t+"),
      /ranks\[2\]\.displayValue: must be one line of text/,
    ],
    [
      "long name",
      (t) => (t.ranks[1]!.name = "E".repeat(41)),
      /ranks\[1\]\.name: must be at most 40 characters long/,
    ],
    [
      "long label",
      (t) => (t.ranks[1]!.displayValue = "1".repeat(17)),
      /ranks\[1\]\.displayValue: must be at most 16 characters long/,
    ],
    [
      "huge threshold",
      (t) => (t.ranks[6]!.minGems = "9".repeat(400)),
      /ranks\[6\]\.minGems: must be at most 100000000000000000000 \(CALCULATE_LIMITS\.maxGems\)/,
    ],
    [
      "missing label",
      (t) => delete t.ranks[1]!.displayValue,
      /ranks\[1\]\.displayValue: is required: a string/,
    ],
    [
      "number threshold",
      (t) => (t.ranks[1]!.minGems = 160000000),
      new RegExp(
        String.raw`ranks\[1\]\.minGems: must be a string \(a decimal value goes in quotes, such as ` +
          String.raw`"160000000"\), not the number 160000000`,
      ),
    ],
    ["first threshold", (t) => (t.ranks[0]!.minGems = "5"), /ranks\[0\]\.minGems: must be "0"/],
    [
      "order",
      (t) => (t.ranks[2]!.minGems = "1"),
      /ranks\[2\]\.minGems: must be greater than the previous rank's minGems/,
    ],
    [
      "duplicate",
      (t) => (t.ranks[2]!.name = "Ethereal"),
      /ranks\[2\]\.name: duplicates the rank name "Ethereal"/,
    ],
    [
      "negative threshold",
      (t) => (t.ranks[1]!.minGems = "-160000000"),
      /ranks\[1\]\.minGems: .*whole number.*"-160000000"/,
    ],
    [
      "suffixed threshold",
      (t) => (t.ranks[5]!.minGems = "12B"),
      /ranks\[5\]\.minGems: .*whole number written in digits.*"12B"/,
    ],
    [
      "typo in a key",
      (t) => ((t.ranks[3]!.minGem = t.ranks[3]!.minGems), delete t.ranks[3]!.minGems),
      new RegExp(
        String.raw`(?=[\s\S]*ranks\[3\]: unknown key "minGem"; remove it or correct the ` +
          String.raw`spelling)[\s\S]*ranks\[3\]\.minGems: is required`,
      ),
    ],
    [
      "thresholds out of order",
      (t) => (t.ranks[4]!.minGems = "1000000000"),
      /ranks\[4\]\.minGems: .*strictly increase/,
    ],
    [
      "first rank above zero",
      (t) => (t.ranks[0]!.minGems = "1"),
      /ranks\[0\]\.minGems: .*first rank starts at zero/,
    ],
  ];
  for (const [label, edit, rule] of cases) {
    const message = refusal(edit as never);
    assert.match(message, /^_data\/ranks\.ts has invalid data:/, label);
    assert.match(message, rule, `${label}: ${message}`);
    assert.not.match(message, /Invalid input/, `${label}: ${message}`);
  }
});

test("rank text cannot lie: each trick fails naming the field and its rule", () => {
  const cases: [string, (table: { ranks: Record<string, unknown>[] }) => void, RegExp][] = [
    // A right-to-left override shows "\u202e+M061" as "160M+".
    [
      "bidi label",
      (t) => (t.ranks[1]!.displayValue = "\u202e+M061"),
      new RegExp(
        String.raw`ranks\[1\]\.displayValue: has U\+202E \(a bidi control[^)]*\) at character 1; delete ` +
          String.raw`it.*\[rule: visible characters only\] \(got "\\u\{202E\}\+M061"\)`,
      ),
    ],
    [
      "isolate in a name",
      (t) => (t.ranks[1]!.name = "Eth\u2067ereal"),
      /ranks\[1\]\.name: has U\+2067 \(a bidi control.*\[rule: visible characters only\]/,
    ],
    [
      "only a zero-width space",
      (t) => (t.ranks[1]!.name = "\u200b"),
      /ranks\[1\]\.name: has U\+200B \(a zero-width character\) at character 1.*\[rule: visible characters only\]/,
    ],
    [
      "a zero-width twin",
      (t) => (t.ranks[2]!.name = "Ethereal\u200b"),
      /ranks\[2\]\.name: has U\+200B \(a zero-width character\) at character 9.*\[rule: visible characters only\]/,
    ],
    [
      "a word joiner",
      (t) => (t.ranks[2]!.name = "Lumi\u2060nary"),
      /ranks\[2\]\.name: has U\+2060 \(a zero-width character\).*\[rule: visible characters only\]/,
    ],
    [
      "a soft hyphen",
      (t) => (t.ranks[2]!.name = "Lumi\u00adnary"),
      /ranks\[2\]\.name: has U\+00AD \(an invisible character\).*\[rule: visible characters only\]/,
    ],
    [
      "a variation selector",
      (t) => (t.ranks[2]!.name = "Lumi\ufe0fnary"),
      /ranks\[2\]\.name: has U\+FE0F \(a variation selector\).*\[rule: visible characters only\]/,
    ],
    [
      "a Hangul filler",
      (t) => (t.ranks[2]!.name = "Lumi\u3164nary"),
      /ranks\[2\]\.name: has U\+3164 \(an invisible character\).*\[rule: visible characters only\]/,
    ],
    [
      "a private-use character",
      (t) => (t.ranks[2]!.name = "Lumi\ue000nary"),
      /ranks\[2\]\.name: has U\+E000 \(a private-use character\).*\[rule: visible characters only\]/,
    ],
    [
      "an unassigned code point",
      (t) => (t.ranks[2]!.name = "Lumi\u0378nary"),
      /ranks\[2\]\.name: has U\+0378 \(an unassigned code point\).*\[rule: visible characters only\]/,
    ],
    [
      "a no-break space",
      (t) => (t.ranks[2]!.name = "Lumi\u00a0nary"),
      /ranks\[2\]\.name: has U\+00A0 \(a space other than the plain space U\+0020\).*\[rule: visible characters only\]/,
    ],
    [
      "only a combining accent",
      (t) => (t.ranks[2]!.name = "\u0301\u0301"),
      /ranks\[2\]\.name: must not be blank: write at least one visible character \[rule: not blank\]/,
    ],
    [
      "a trailing space",
      (t) => (t.ranks[2]!.name = "Luminary "),
      /ranks\[2\]\.name: starts or ends with a space; delete it \[rule: visible characters only\]/,
    ],
    [
      "a paragraph separator",
      (t) => (t.ranks[2]!.name = "Lumi\u2029nary"),
      /ranks\[2\]\.name: must be one line of text.*\[rule: one line\]/,
    ],
    [
      "the same name in capitals",
      (t) => (t.ranks[2]!.name = "ETHEREAL"),
      new RegExp(
        String.raw`ranks\[2\]\.name: "ETHEREAL" reads as the rank name "Ethereal" \(ranks\[1\]\.name\) ` +
          String.raw`once letter case, Unicode compatibility forms and look-alike letters are set aside ` +
          String.raw`\(NFKC, case folding, the UTS #39 confusable skeleton\); every rank needs its own ` +
          String.raw`name \[rule: unique names\]`,
      ),
    ],
    [
      "the same name in full-width letters",
      (t) => (t.ranks[2]!.name = "\uff25thereal"),
      /ranks\[2\]\.name: "Ｅthereal" reads as the rank name "Ethereal".*\[rule: unique names\]/,
    ],
    [
      "the same name with a ligature",
      (t) => ((t.ranks[1]!.name = "Effort"), (t.ranks[2]!.name = "E\ufb00ort")),
      /ranks\[2\]\.name: "Eﬀort" reads as the rank name "Effort".*\[rule: unique names\]/,
    ],
    [
      "a sharp s",
      (t) => ((t.ranks[1]!.name = "Straße"), (t.ranks[2]!.name = "STRASSE")),
      /ranks\[2\]\.name: "STRASSE" reads as the rank name "Straße".*\[rule: unique names\]/,
    ],
    [
      "a label above its threshold",
      (t) => (t.ranks[1]!.displayValue = "1B+"),
      new RegExp(
        String.raw`ranks\[1\]\.displayValue: "1B\+" says 1,000,000,000 gems but minGems is "160000000" ` +
          String.raw`\(160,000,000 gems\); write "160M\+" \(or change minGems\) \[rule: label shows its ` +
          String.raw`threshold\]`,
      ),
    ],
    [
      "a label of another scale",
      (t) => (t.ranks[3]!.displayValue = "1.6M+"),
      /ranks\[3\]\.displayValue: "1\.6M\+" says 1,600,000 gems but minGems is "1600000000".*write "1\.6B\+"/,
    ],
    [
      "a label of a fraction of a gem",
      (t) => (t.ranks[1]!.displayValue = "0.5+"),
      /ranks\[1\]\.displayValue: "0\.5\+" says a fraction of a gem.*\[rule: label shows its threshold\]/,
    ],
    [
      "a label that is not a figure",
      (t) => (t.ranks[2]!.displayValue = "<b>lots</b>"),
      new RegExp(
        String.raw`ranks\[2\]\.displayValue: must be a figure, an optional K, M, B or T .* "\+", such as ` +
          String.raw`"160M\+"; for minGems "800000000" write "800M\+" \(or change minGems\) \[rule: label ` +
          String.raw`shows its threshold\]`,
      ),
    ],
    [
      "a label without its plus",
      (t) => (t.ranks[2]!.displayValue = "800M"),
      /ranks\[2\]\.displayValue: must be a figure.*write "800M\+"/,
    ],
    [
      "template syntax in a name",
      (t) => (t.ranks[2]!.name = "{{ 7*7 }}"),
      new RegExp(
        String.raw`ranks\[2\]\.name: must not contain template syntax \("\{\{", "\{%" or "\{#"\): the ` +
          String.raw`rank table is data, shown as written, not a template; write the text itself \[rule: ` +
          String.raw`no template syntax\]`,
      ),
    ],
    [
      "a template tag in a name",
      (t) => (t.ranks[2]!.name = "{% raw %}x"),
      /ranks\[2\]\.name: must not contain template syntax.*\[rule: no template syntax\]/,
    ],
    [
      "a Braille blank after a name",
      (t) => (t.ranks[2]!.name = "Ethereal\u2800"),
      new RegExp(
        String.raw`ranks\[2\]\.name: has U\+2800 \(a blank-looking symbol\) at character 9; delete ` +
          String.raw`it.*\[rule: visible characters only\] \(got "Ethereal\\u\{2800\}"\)`,
      ),
    ],
    [
      "a Braille blank alone",
      (t) => (t.ranks[2]!.name = "\u2800"),
      /ranks\[2\]\.name: has U\+2800 \(a blank-looking symbol\) at character 1.*\[rule: visible characters only\]/,
    ],
    [
      "a null notehead",
      (t) => (t.ranks[2]!.name = "Lumi\u{1D159}nary"),
      /ranks\[2\]\.name: has U\+1D159 \(a blank-looking symbol\).*\[rule: visible characters only\]/,
    ],
    [
      "a Cyrillic capital in a Latin name",
      (t) => (t.ranks[2]!.name = "\u0415thereal"),
      new RegExp(
        String.raw`ranks\[2\]\.name: mixes scripts: "t" \(U\+0074\) is Latin where "Е" \(U\+0415\) is ` +
          String.raw`Cyrillic; write the whole name in one script \[rule: one script\]`,
      ),
    ],
    [
      "a Cyrillic look-alike of a name",
      (t) => (t.ranks[2]!.name = "\u0415thereal"),
      new RegExp(
        String.raw`ranks\[2\]\.name: "Еthereal" reads as the rank name "Ethereal" \(ranks\[1\]\.name\) ` +
          String.raw`once .*look-alike letters.*\[rule: unique names\]`,
      ),
    ],
    [
      "a Greek omicron in a Latin name",
      (t) => (t.ranks[2]!.name = "C\u03bfsmic"),
      /ranks\[2\]\.name: mixes scripts: "ο" \(U\+03BF\) is Greek where "C" \(U\+0043\) is Latin.*\[rule: one script\]/,
    ],
    [
      "a Greek look-alike of a name",
      (t) => (t.ranks[2]!.name = "C\u03bfsmic"),
      /ranks\[6\]\.name: "Cosmic" reads as the rank name "Cοsmic" \(ranks\[2\]\.name\).*\[rule: unique names\]/,
    ],
    [
      "a name all in Cyrillic look-alikes",
      (t) => ((t.ranks[2]!.name = "\u0421\u041e\u0405\u041c\u0406\u0421"), (t.ranks[6]!.name = "COSMIC")),
      /ranks\[6\]\.name: "COSMIC" reads as the rank name "СОЅМІС" \(ranks\[2\]\.name\).*\[rule: unique names\]/,
    ],
    [
      "3,000 ranks",
      (t) =>
        (t.ranks = Array.from({ length: 3000 }, (_, index) => ({
          name: `Rank ${index}`,
          minGems: String(index),
          displayValue: `${index}+`,
        }))),
      /^_data\/ranks\.ts has invalid data:\n\s*- ranks: must list at most 50 ranks: .*\[rule: at most 50 ranks\]/m,
    ],
  ];
  for (const [label, edit, rule] of cases) {
    const message = refusal(edit as never);
    assert.match(message, /^_data\/ranks\.ts has invalid data:/, label);
    assert.match(message, rule, `${label}: ${message}`);
    // The message shows invisible characters by their code points, never the characters themselves.
    assert.not.match(
      message,
      /[\u200b\u202e\u2067\u2060\u00ad\ufe0f\u3164\ue000\u2800\u{1D159}]/u,
      `${label}: ${message}`,
    );
  }
});

test("labels as the rank table writes them: a figure, grouped or not, with a decimal, a scale and a plus", () => {
  const table = structuredClone(ranks);
  const labels = [
    ["0", "0+"],
    ["1003", "1,003+"],
    ["1500", "1.5K+"],
    ["160000000", "160,000,000+"],
    ["1600000000", "1.60B+"],
    ["2000000000000", "2T+"],
    ["100000000000000000000", "100000000T+"],
  ];
  table.ranks = labels.map(([minGems, displayValue], index) => ({
    name: `Rank ${index}`,
    minGems: minGems!,
    displayValue: displayValue!,
  }));
  assert.equal(
    validateData(RankList, table, FILE).ranks.map((rank) => rank.displayValue),
    labels.map(([, label]) => label),
  );
});

test("a changed rate in the calculator facts names _data/calculator.ts, the field and the fixed value", () => {
  const edited = { ...calculator, dailyInterestRate: "0.004" };
  assert.throws(
    () => validateData(CalculatorInfo, edited, CALCULATOR_FILE),
    (error: Error) =>
      /^_data\/calculator\.ts has invalid data:[\s\S]*dailyInterestRate: must be "0\.003"/.test(
        error.message,
      ),
  );
  assert.ok(validateData(CalculatorInfo, calculator, CALCULATOR_FILE));
});

test("a threshold at the tools' maximum passes", () => {
  const table = structuredClone(ranks);
  table.ranks[6]!.minGems = "100000000000000000000";
  table.ranks[6]!.displayValue = "100000000T+";
  assert.ok(validateData(RankList, table, FILE));
});

test("a name that looks like markup is valid data: escaping is the outputs' job", () => {
  const table = structuredClone(ranks);
  table.ranks[1]!.name = '<meta http-equiv="refresh">';
  table.ranks[2]!.name = "[x](javascript:alert(1))";
  // Names with accents and emoji (no variation selector), and names in other scripts (one each), are visible text.
  table.ranks[3]!.name = "Ætherïal ★ 🚀";
  table.ranks[4]!.name = "星の王";
  table.ranks[5]!.name = "Светило";
  assert.ok(validateData(RankList, table, FILE));
});

test.run();
