/** Grouped digits: decimal strings as written, numbers and BigInts in full. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { groupDigits } from "../../common/text/group-digits.ts";

test("a number or BigInt is written in full, grouped in threes", () => {
  assert.is(groupDigits(0), "0");
  assert.is(groupDigits(-1000), "-1,000");
  assert.is(groupDigits(86400), "86,400");
  assert.is(groupDigits(1e20), "100,000,000,000,000,000,000");
  assert.is(groupDigits(1e22), "10,000,000,000,000,000,000,000");
  assert.is(groupDigits(-1234.5678), "-1,234.5678");
  assert.is(groupDigits(1e-7), "0.0000001");
  assert.is(groupDigits(-98765432109876543210n), "-98,765,432,109,876,543,210");
});

// The form shows what it understood (common/amount.ts's plain decimal strings) this way.
test("a decimal string keeps its fraction's digits as written", () => {
  assert.is(groupDigits("160000000"), "160,000,000");
  assert.is(groupDigits("2750000"), "2,750,000");
  assert.is(groupDigits("123456789012.34567891"), "123,456,789,012.34567891");
  assert.is(groupDigits("100000000000000000000"), "100,000,000,000,000,000,000");
  assert.is(groupDigits("1000.50000000"), "1,000.50000000");
  assert.is(groupDigits("-1234567.0"), "-1,234,567.0");
});

test.run();
