/**
 * The form's reading of amounts as people write them: separators, suffixes, exact conversion to
 * the plain decimal string the tool takes, and refusals in words a form can show.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compactAmount, readAmount, understood } from "../assets/page/amount.ts";

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
  ["1,00,000", /commas that do not group digits in threes/],
  ["-5", /cannot be negative/],
  ["1e6", /not understood/],
  ["abc", /is not a number/],
  ["5X", /is not a number/],
  ["M", /is not a number/],
  ["1.2.3", /is not a number/],
  ["2MM", /is not a number/],
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

test("the form shows what it understood with grouped digits, fraction kept exactly", () => {
  assert.is(understood("2750000"), "2,750,000");
  assert.is(understood("123456789012.34567891"), "123,456,789,012.34567891");
  assert.is(understood("100000000000000000000"), "100,000,000,000,000,000,000");
});

test("results lead with a compact figure, rounded from the exact string", () => {
  assert.is(compactAmount("2765432.10000000", "en-US"), "2.77M");
  assert.is(compactAmount("56028041474.27000000", "en-US"), "56.03B");
  assert.is(compactAmount("3000.00000000", "en-US"), "3K");
  assert.is(compactAmount("0.00000001", "en-US"), "0.00000001");
  assert.is(compactAmount("361234000000000000000000000000000000000000000000.5", "en-US"), "3.61 × 10⁴⁷");
});

test.run();
