/**
 * The one time field's reading of durations as players write them: units in words or letters,
 * mixed, a week as 7 days, the total in days from the contract's constants (computed here from the
 * figures of the specification, not from the code), and refusals that name the mistake and the fix.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readDuration } from "../../common/duration-text.ts";

const READ: [string, Record<string, string>, string, number][] = [
  ["90 days", { days: "90" }, "90 days", 90],
  ["1y 6mo", { years: "1", months: "6" }, "1 year 6 months", 365 + 6 * 30],
  ["2h 30m", { hours: "2", minutes: "30" }, "2 hours 30 minutes", 150 / 1440],
  ["3 months", { months: "3" }, "3 months", 90],
  ["1 week", { days: "7" }, "1 week", 7],
  ["1.5 weeks 1 day", { days: "11.5" }, "1.5 weeks 1 day", 11.5],
  ["1 Year, 6 MONTHS and 2d", { years: "1", months: "6", days: "2" }, "1 year 6 months 2 days", 547],
  ["45 sec 07 min", { minutes: "7", seconds: "45" }, "7 minutes 45 seconds", 465 / 86400],
  [".50 hrs", { hours: "0.5" }, "0.5 hours", 0.5 / 24],
  ["  ", {}, "", 0],
  // Weeks become days exactly, to the last digit typed (7 × 1.00000000000000000001).
  ["1.00000000000000000001 weeks", { days: "7.00000000000000000007" }, "1.00000000000000000001 weeks", 7],
];

test("durations read into the tool's fields, said back with their total in days", () => {
  for (const [typed, parts, said, days] of READ) {
    const read = readDuration(typed);
    assert.ok(read.ok, typed);
    assert.equal(read.parts, parts, typed);
    assert.is(read.said, said, typed);
    // The total is rounded to 8 decimals, as every figure the tools give.
    assert.ok(Math.abs(read.days - days) <= 5e-9, `${typed}: ${read.days} days`);
  }
  // A number with hundreds of digits, which a link may carry, still has its total.
  const long = readDuration(`1.${"0".repeat(330)}1 years`);
  assert.is(long.ok && long.days, 365);
});

const REFUSED: [string, RegExp][] = [
  ["30", /needs a unit after 30; did you mean 30 days\?/],
  ["1y 6", /needs a unit after 6; did you mean 6 months\?/],
  ["2h 30", /did you mean 30 minutes\?/],
  ["1 week 2", /did you mean 2 days\?/],
  ["30M", /could be months or minutes; write mo or min/],
  ["3 fortnights", /"fortnights", not a unit; use y, mo, w, d, h, m or s/],
  ["days", /without a number; .* such as 3 days/],
  ["1y 2y", /names years twice/],
  ["abc", /is not a time; write it such as 90 days, 1y 6mo or 2h 30m/],
  ["-3 days", /cannot be negative/],
];

test("refusals name the mistake and the fix, within 80 characters", () => {
  for (const [typed, message] of REFUSED) {
    const read = readDuration(typed);
    assert.ok(!read.ok && message.test(read.message), `${typed}: ${JSON.stringify(read)}`);
    assert.ok(read.message.length <= 80, read.message);
  }
});

test.run();
