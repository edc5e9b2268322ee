/**
 * The form's reading of amounts as people write them: separators, suffixes, exact conversion to
 * the plain decimal string the tool takes, and refusals in words a form can show.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compactAmount, readAmount, readGems } from "../../common/amount.ts";
import ranks from "../../_data/ranks.ts";

/** How the goal field reads `typed`, the rank table at hand. */
const goal = (typed: string) => readGems(typed, ranks.ranks);

const READ: [string, string][] = [
  ["1,000,000", "1000000"],
  ["1 000 000", "1000000"],
  ["1\u202f000\u00a0000", "1000000"],
  ["2.75M", "2750000"],
  ["2.75 m", "2750000"],
  ["160M", "160000000"],
  ["1.6B", "1600000000"],
  ["1.6b", "1600000000"],
  ["12k", "12000"],
  ["12K", "12000"],
  ["3T", "3000000000000"],
  ["0.000001k", "0.001"],
  ["1,234.5678k", "1234567.8"],
  [".5", "0.5"],
  ["007", "7"],
  ["2.", "2"],
  ["0.12345678901234567891T", "123456789012.34567891"],
  ["100000000000000000000", "100000000000000000000"],
  ["  42  ", "42"],
  ["", ""],
];

test("amounts as people write them become exact plain decimal strings", () => {
  for (const [typed, value] of READ) assert.equal(readAmount(typed), { ok: true, value }, typed);
});

const REFUSED: [string, RegExp][] = [
  ["12 34", /space that does not group digits in threes/],
  ["1 0000", /space that does not group digits in threes/],
  ["2,5", /comma as the decimal point/],
  ["2,5555M", /commas that do not group digits in threes/],
  ["gems", /is not a number/],
  ["2.5M gemss", /is not a number/],
  ["1,00,000", /commas that do not group digits in threes/],
  ["-5", /cannot be negative/],
  ["1e6", /not understood/],
  ["abc", /is not a number/],
  ["5X", /is not a number/],
  ["M", /is not a number/],
  ["1.2.3", /is not a number/],
  ["2MM", /^has two suffixes; did you mean 2M\?$/],
  ["2.5 MM", /^has two suffixes; did you mean 2.5 M\?$/],
];

test("anything else is refused with a reason, never read as some other number", () => {
  for (const [typed, reason] of REFUSED) {
    const read = readAmount(typed);
    assert.is(read.ok, false, typed);
    if (!read.ok) {
      assert.match(read.message, reason, typed);
      assert.not.match(read.message, /\bsend\b/i, `${typed}: a form's words, not an API's`);
    }
  }
});

test('a decimal comma before one or two digits and a scale, and a trailing "gems", are read as meant and said', () => {
  assert.equal(readAmount("2,5M"), { ok: true, value: "2500000", how: "the comma as a decimal point" });
  assert.equal(readAmount("1,6B"), { ok: true, value: "1600000000", how: "the comma as a decimal point" });
  assert.equal(readAmount("1,25 b"), { ok: true, value: "1250000000", how: "the comma as a decimal point" });
  assert.equal(readAmount("1.6B gems"), { ok: true, value: "1600000000" });
  assert.equal(readAmount("2,5M gems"), { ok: true, value: "2500000", how: "the comma as a decimal point" });
  assert.equal(readAmount("1,000,000 Gems"), { ok: true, value: "1000000" });
  assert.equal(readAmount("1 gem"), { ok: true, value: "1" });
  // Three digits after the comma group thousands: 2,500M is 2.5 billion, never 2.5 million.
  assert.equal(readAmount("2,500M"), { ok: true, value: "2500000000" });
});

test("a rank's name typed as the goal, in any case, is its threshold; elsewhere it is no number", () => {
  const radiant = ranks.ranks.find((rank) => rank.name === "Radiant")!;
  for (const typed of ["Radiant", "radiant", " RADIANT "])
    assert.equal(goal(typed), { ok: true, value: radiant.minGems, how: "Radiant's minimum" }, typed);
  assert.equal(goal("2.5M"), { ok: true, value: "2500000" });
  assert.is(readGems("radiant").ok, false, "without the ranks (the balance) a name is not an amount");
  assert.is(goal("radiantt").ok, false);
});

test("players' words are read as meant: kk, bn, mil, million, dots grouping thousands, 2x a rank", () => {
  const read: [string, string][] = [
    ["2.5kk", "2500000"],
    ["1.6bn", "1600000000"],
    ["1.6 BN", "1600000000"],
    ["250mil", "250000000"],
    ["250 million", "250000000"],
    ["250 millions", "250000000"],
    ["1.6 billion", "1600000000"],
    ["3 thousand", "3000"],
    ["2 trillion gems", "2000000000000"],
    ["2,5 mil", "2500000"],
  ];
  for (const [typed, value] of read) assert.is((readAmount(typed) as { value: string }).value, value, typed);
  assert.equal(readAmount("250.000.000"), {
    ok: true,
    value: "250000000",
    how: "the dots as thousands separators",
  });
  // One dot may be a decimal point: 250.000 stays 250.
  assert.equal(readAmount("250.000"), { ok: true, value: "250" });
  assert.is(readAmount("2.50.000").ok, false);
  assert.equal(goal("2x Cosmic"), { ok: true, value: "96000000000", how: "2 × Cosmic's minimum" });
  assert.equal(goal("1.5 × radiant"), { ok: true, value: "2400000000", how: "1.5 × Radiant's minimum" });
  assert.equal(goal("radient"), { ok: false, message: "is not a rank; did you mean Radiant?" });
  assert.equal(goal("2x cosmik"), { ok: false, message: "is not a rank; did you mean Cosmic?" });
  const unknown = "is not an amount or a rank; write one such as 2.75M or Cosmic";
  assert.equal(goal("Legend"), { ok: false, message: unknown }, "a word that is no rank");
  assert.is(readGems("2x Cosmic").ok, false, "the balance takes no rank");
});

test("results lead with a compact figure, rounded from the exact string (× 10ⁿ with no-break spaces)", () => {
  assert.is(compactAmount("2765432.10000000", "en-US"), "2.77M");
  assert.is(compactAmount("56028041474.27000000", "en-US"), "56.03B");
  assert.is(compactAmount("3000.00000000", "en-US"), "3K");
  assert.is(compactAmount("0.00000001", "en-US"), "0.00000001");
  assert.is(compactAmount("361234000000000000000000000000000000000000000000.5", "en-US"), "3.61 × 10⁴⁷");
});

test.run();
