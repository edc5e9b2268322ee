/**
 * The rules every `_data` edit must pass, unit-tested on the schemas and the loader (no build):
 * each hostile or careless edit fails with the file, the field and the rule.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { RankList } from "../build/schemas/rank-list.ts";
import { validateData } from "../build/schemas/validate-data.ts";
import { CalculatorInfo } from "../build/schemas/calculator-info.ts";
import ranks from "../_data/ranks.ts";
import calculator from "../_data/calculator.ts";

const FILE = new URL("../_data/ranks.ts", import.meta.url).href;
const CALCULATOR_FILE = new URL("../_data/calculator.ts", import.meta.url).href;

/** The error for the rank table with `edit` applied to a copy of the shipped one. */
function refusal(edit: (table: { name: string; dailyInterestRate: string; ranks: Record<string, unknown>[] }) => void): string {
  const table = structuredClone(ranks) as unknown as { name: string; dailyInterestRate: string; ranks: Record<string, unknown>[] };
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
    ["two-line name", (t) => (t.ranks[1]!.name = "Ethereal\n## Injected"), /ranks\[1\]\.name: must be one line of text/],
    ["tab in a label", (t) => (t.ranks[2]!.displayValue = "800M\t+"), /ranks\[2\]\.displayValue: must be one line of text/],
    ["long name", (t) => (t.ranks[1]!.name = "E".repeat(41)), /ranks\[1\]\.name: must be at most 40 characters long/],
    ["long label", (t) => (t.ranks[1]!.displayValue = "1".repeat(17)), /ranks\[1\]\.displayValue: must be at most 16 characters long/],
    ["huge threshold", (t) => (t.ranks[6]!.minGems = "9".repeat(400)), /ranks\[6\]\.minGems: must be at most 100000000000000000000 \(CALCULATE_LIMITS\.maxGems\)/],
    ["missing label", (t) => delete t.ranks[1]!.displayValue, /ranks\[1\]\.displayValue: is required: a string/],
    ["number threshold", (t) => (t.ranks[1]!.minGems = 160000000), /ranks\[1\]\.minGems: must be a string \(a decimal value goes in quotes, such as "160000000"\), not the number 160000000/],
    ["first threshold", (t) => (t.ranks[0]!.minGems = "5"), /ranks\[0\]\.minGems: must be "0"/],
    ["order", (t) => (t.ranks[2]!.minGems = "1"), /ranks\[2\]\.minGems: must be greater than the previous rank's minGems/],
    ["duplicate", (t) => (t.ranks[2]!.name = "Ethereal"), /ranks\[2\]\.name: duplicates the rank name "Ethereal"/],
    ["negative threshold", (t) => (t.ranks[1]!.minGems = "-160000000"), /ranks\[1\]\.minGems: .*whole number.*"-160000000"/],
    ["suffixed threshold", (t) => (t.ranks[5]!.minGems = "12B"), /ranks\[5\]\.minGems: .*whole number written in digits.*"12B"/],
    ["typo in a key", (t) => ((t.ranks[3]!.minGem = t.ranks[3]!.minGems), delete t.ranks[3]!.minGems), /(?=[\s\S]*ranks\[3\]: unknown key "minGem"; remove it or correct the spelling)[\s\S]*ranks\[3\]\.minGems: is required/],
    ["thresholds out of order", (t) => (t.ranks[4]!.minGems = "1000000000"), /ranks\[4\]\.minGems: .*strictly increase/],
    ["first rank above zero", (t) => (t.ranks[0]!.minGems = "1"), /ranks\[0\]\.minGems: .*first rank starts at zero/],
  ];
  for (const [label, edit, rule] of cases) {
    const message = refusal(edit as never);
    assert.match(message, /^_data\/ranks\.ts has invalid data:/, label);
    assert.match(message, rule, `${label}: ${message}`);
    assert.not.match(message, /Invalid input/, `${label}: ${message}`);
  }
});

test("a changed rate in the calculator facts names _data/calculator.ts, the field and the fixed value", () => {
  const edited = { ...calculator, dailyInterestRate: "0.004" };
  assert.throws(() => validateData(CalculatorInfo, edited, CALCULATOR_FILE), (error: Error) => /^_data\/calculator\.ts has invalid data:[\s\S]*dailyInterestRate: must be "0\.003"/.test(error.message));
  assert.ok(validateData(CalculatorInfo, calculator, CALCULATOR_FILE));
});

test("a threshold at the tools' maximum passes", () => {
  const table = structuredClone(ranks);
  table.ranks[6]!.minGems = "100000000000000000000";
  assert.ok(validateData(RankList, table, FILE));
});

test("a name that looks like markup is valid data: escaping is the outputs' job", () => {
  const table = structuredClone(ranks);
  table.ranks[1]!.name = '<meta http-equiv="refresh">';
  assert.ok(validateData(RankList, table, FILE));
});

test.run();
