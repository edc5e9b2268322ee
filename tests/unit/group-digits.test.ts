/**
 * Grouped digits: whole numbers and BigInts are grouped without Intl, so each is held here to
 * en-US's Intl.NumberFormat, the formatter every other number goes through.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { groupDigits, groupNumber } from "../../common/text/group-digits.ts";

const intl = new Intl.NumberFormat("en-US", { maximumFractionDigits: 20 });

/** Whole numbers of every length up to 10²¹ and past it, both signs, and the edges of `Number`. */
function wholeNumbers(): number[] {
  const values = [0, -0, 1, -1, 999, 1000, -1000, 1e20, 1e21, 1e22, Number.MAX_SAFE_INTEGER];
  for (let digits = 1; digits <= 22; digits += 1) {
    const top = 10 ** digits;
    values.push(top - 1, -(top - 1), Math.floor(top / 3), Math.floor((top * 7) / 9));
  }
  return values.concat(Number.MAX_VALUE, -Number.MAX_VALUE);
}

test("a whole number is grouped as Intl groups it, at every length and sign", () => {
  for (const value of wholeNumbers()) assert.is(groupNumber(value), intl.format(value), String(value));
});

test("a BigInt is grouped as Intl groups it, far past a number's digits", () => {
  for (const text of ["0", "7", "-1000", "123456789", "-98765432109876543210", "1" + "0".repeat(40)])
    assert.is(groupNumber(BigInt(text)), intl.format(BigInt(text)), text);
});

test("a fraction, an infinity and NaN are written as Intl writes them", () => {
  for (const value of [0.5, -1234.5678, 1e-7, 1234567.125, 0.1 + 0.2, Infinity, -Infinity, NaN])
    assert.is(groupNumber(value), intl.format(value), String(value));
});

test("a decimal string keeps its fraction's digits as written", () => {
  assert.is(groupDigits("160000000"), "160,000,000");
  assert.is(groupDigits("1000.50000000"), "1,000.50000000");
  assert.is(groupDigits("-1234567.0"), "-1,234,567.0");
  assert.is(groupDigits(1e20), "100,000,000,000,000,000,000");
});

test.run();
