/**
 * The goal badge's figures and a link's date, as pure functions (assets/page/goal-share.ts,
 * assets/page/calendar-date.ts), against decimal.js and figures worked by hand.
 */
import { Decimal } from "decimal.js";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { exactOf } from "../../common/engine/exact.ts";
import { isCalendarDate, linkMoment } from "../../assets/page/calendar-date.ts";
import { multipleOf, progressText } from "../../assets/page/goal-share.ts";

test("a balance one gem short of a goal above 2^53 is not reached", () => {
  // As doubles both are 1e18: the float comparison said "reached".
  assert.is(Number("1000000000000000000") / Number("1000000000000000001"), 1);
  assert.is(
    progressText(exactOf("1000000000000000000"), exactOf("1000000000000000001")),
    "99.99% of the way",
  );
  assert.is(progressText(exactOf("1000000000000000001"), exactOf("1000000000000000001")), "reached");
  assert.is(progressText(exactOf("0.00000001"), exactOf("100000000000000000000")), "under 0.01% of the way");
  assert.is(progressText(exactOf("1"), exactOf("8")), "12.5% of the way");
  assert.is(progressText(exactOf("2"), exactOf("3")), "66.66% of the way");
});

test("progress agrees with decimal.js, rounded down, on varied amounts", () => {
  const amounts = [
    "1",
    "3",
    "7.5",
    "999999999999999999",
    "1000000000000000001",
    "123456789.12345678",
    "0.5",
    "1600000000",
    "99999999999999999999",
  ];
  for (const current of amounts) {
    for (const goal of amounts) {
      const share = new Decimal(current).div(goal);
      const percent = share.lt("0.0001")
        ? "under 0.01"
        : share.times(100).toDecimalPlaces(2, Decimal.ROUND_DOWN).toString();
      const wanted = share.gte(1) ? "reached" : `${percent}% of the way`;
      assert.is(progressText(exactOf(current), exactOf(goal)), wanted, `${current} of ${goal}`);
    }
  }
});

test("a goal as a multiple of the top rank: exact when it is, rounded half up otherwise", () => {
  assert.equal(multipleOf(exactOf("32000000000"), exactOf("16000000000")), { times: "2", exact: true });
  assert.equal(multipleOf(exactOf("33333333333"), exactOf("16000000000")), { times: "2.08", exact: false });
  assert.equal(multipleOf(exactOf("20"), exactOf("8")), { times: "2.5", exact: true });
  // 2.005 rounds half up; as floats 2.005 * 100 is 200.49999999999997.
  assert.equal(multipleOf(exactOf("2.005"), exactOf("1")), { times: "2.01", exact: false });
  // One gem over 2 × 2^60: the floats called it exactly 2×.
  const top = 2n ** 60n;
  assert.equal(multipleOf(exactOf(2n * top + 1n), exactOf(top)), { times: "2", exact: false });
});

test("a link's date must be a day of the calendar", () => {
  for (const day of ["2030-01-01", "2028-02-29", "2000-02-29", "2030-12-31", "2030-04-30"])
    assert.ok(isCalendarDate(day), day);
  for (const day of [
    "2030-02-30",
    "2030-02-29",
    "1900-02-29",
    "2030-04-31",
    "2030-13-01",
    "2030-00-10",
    "2030-01-00",
    "2030-01-32",
    "2030-1-01",
    "not-a-date",
    "2030-01-01T00:00:00Z",
    "0000-01-01",
    "",
  ]) {
    assert.not.ok(isCalendarDate(day), day);
  }
});

test("a link's moment (at=) must be a real moment: never rolled over to another", () => {
  assert.is(linkMoment("2026-11-29T03:09:56Z"), Date.UTC(2026, 10, 29, 3, 9, 56));
  assert.is(linkMoment("2028-02-29T23:59:59Z"), Date.UTC(2028, 1, 29, 23, 59, 59));
  for (const moment of [
    "2026-02-30T00:00:00Z",
    "2027-02-29T00:00:00Z",
    "2026-01-01T24:00:00Z",
    "2026-01-01T23:60:00Z",
    "2026-01-01T23:59:60Z",
    "0000-01-01T00:00:00Z",
    "2026-01-01T00:00:00",
    "2026-01-01",
    "",
  ])
    assert.is(linkMoment(moment), null, moment);
});

test.run();
