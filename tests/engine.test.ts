/**
 * The growth engine, against values a reader can check by hand, against an independent exact
 * computation (decimal.js at 200 digits, its own pow and ln, a different library from the
 * engine's), and against properties checked with fast-check.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { Decimal as Big } from "decimal.js";
import { DAILY_INTEREST_RATE, TIME_NORMALIZATION as t } from "../assets/contract/constants.ts";
import { CalculateOutput } from "../assets/contract/calculate-output.ts";
import { CALCULATE_LIMITS, DURATION_MAXIMA, type CalculateInput } from "../assets/contract/calculate-input.ts";
import { calculateGrowth } from "../assets/engine/calculate.ts";
import { toDecimal, toFixed8 } from "../assets/engine/decimal.ts";
import { scaledToFixed8 } from "../assets/engine/fixed-point.ts";
import { DURATION_UNITS, SECONDS_PER_UNIT, durationDays, durationParts } from "../assets/engine/duration.ts";
import { daysToReach, futureGems, growthFactor, profitPerDay, profitPerHour } from "../assets/engine/growth.ts";
import { rankFor } from "../assets/engine/ranks.ts";
import rankList from "../_data/ranks.ts";

const RANKS = rankList.ranks;

/** The reference: 200 significant digits, decimal.js's own power and logarithm. */
const Exact = Big.clone({ precision: 200, rounding: Big.ROUND_HALF_UP });
const exactFactor = new Exact(DAILY_INTEREST_RATE).plus(1);
const exactRounded = (value: Big) => value.toFixed(8, Exact.ROUND_HALF_UP);

const exactDays = (input: Partial<Record<(typeof DURATION_UNITS)[number], number | string>>) =>
  new Exact(input.years ?? 0).times(t.yearDays)
    .plus(new Exact(input.months ?? 0).times(t.monthDays))
    .plus(input.days ?? 0)
    .plus(new Exact(input.hours ?? 0).div(t.hoursPerDay))
    .plus(new Exact(input.minutes ?? 0).div(t.minutesPerDay))
    .plus(new Exact(input.seconds ?? 0).div(t.secondsPerDay));
const exactFuture = (current: number | string, days: Big) => new Exact(current).times(exactFactor.pow(days));
const exactDaysToReach = (current: number | string, target: Big | string) => {
  const ratio = new Exact(target).div(current);
  return ratio.lte(1) ? new Exact(0) : ratio.ln().div(exactFactor.ln());
};

/**
 * The engine's 8-decimal string agrees with the exact value: equal to it rounded half-up below
 * 1e28, within a relative 1e-20 above (the two tolerances).
 */
function assertAgrees(actual: string, exact: Big, what: string): void {
  if (exact.abs().lt("1e28")) {
    assert.is(actual, exactRounded(exact), `${what}: ${actual} vs exact ${exact.toSignificantDigits(40).toFixed()}`);
  } else {
    const error = new Exact(actual).minus(exact).abs().div(exact);
    assert.ok(error.lte("1e-20"), `${what}: relative error ${error.toExponential(3)} above 1e-20`);
  }
}

// ---- Values checkable by hand ------------------------------------------------------------

test("1,000,000 gems grow to 1,094,026.87487131 in 30 days", () => {
  const result = calculateGrowth({ currentGems: 1000000, days: 30 }, RANKS);
  assert.is(result.futureGems, "1094026.87487131");
  assert.is(result.profit, "94026.87487131");
  assert.is(result.profitPercent, "9.40268749");
  assert.is(result.durationDays, "30.00000000");
});

test("one day multiplies by 1.003 and two days by 1.003² = 1.006009", () => {
  assert.is(toFixed8(futureGems(1000, 1)), "1003.00000000");
  assert.is(toFixed8(futureGems(1000, 2)), "1006.00900000");
  assert.is(toFixed8(futureGems(1000, 3)), "1009.02702700");
  assert.is(toFixed8(futureGems(1000, 0)), "1000.00000000");
});

test("profit per day is 0.3 % of the balance", () => {
  assert.is(toFixed8(profitPerDay(1000000)), "3000.00000000");
  assert.is(toFixed8(profitPerDay("12.5")), "0.03750000");
});

test("24 hours of hourly compounding equal one day", () => {
  const hourly = toDecimal(1).plus(profitPerHour(1).div(1));
  assert.is(toFixed8(hourly.pow(24).times(1000)), "1003.00000000");
  assert.is(toFixed8(profitPerHour(1000000)), exactRounded(new Exact(1000000).times(exactFactor.pow(new Exact(1).div(24)).minus(1))));
});

test("a day is 24 hours, 1,440 minutes or 86,400 seconds, a year 365 days and a month 30 days", () => {
  const day = calculateGrowth({ currentGems: 5000, days: 1 }, RANKS).futureGems;
  assert.is(calculateGrowth({ currentGems: 5000, hours: t.hoursPerDay }, RANKS).futureGems, day);
  assert.is(calculateGrowth({ currentGems: 5000, minutes: t.minutesPerDay }, RANKS).futureGems, day);
  assert.is(calculateGrowth({ currentGems: 5000, seconds: t.secondsPerDay }, RANKS).futureGems, day);
  assert.is(toFixed8(durationDays({ years: 1, months: 2, days: 3 })), "428.00000000");
  assert.is(toFixed8(durationDays({ hours: 12, minutes: 30, seconds: 36 })), "0.52125000");
});

test("days to reach: 1,006.009 is two days from 1,000; a target at or below the balance is 0 days", () => {
  assert.is(toFixed8(daysToReach(1000, "1006.009")), "2.00000000");
  assert.is(toFixed8(daysToReach(1000, 1000)), "0.00000000");
  assert.is(toFixed8(daysToReach(1000, 10)), "0.00000000");
});

test("a duration is broken into 365-day years, 30-day months and whole seconds, with words", () => {
  assert.equal(durationParts("428.5"), { years: 1, months: 2, days: 3, hours: 12, minutes: 0, seconds: 0, totalSeconds: 428.5 * 86400, text: "1 year, 2 months, 3 days, 12 hours" });
  assert.equal(durationParts(0), { years: 0, months: 0, days: 0, hours: 0, minutes: 0, seconds: 0, totalSeconds: 0, text: "0 seconds" });
  // 1.5 seconds is rounded up: growing for the whole duration reaches the target.
  assert.equal(durationParts(new Big(1.5).div(86400).toFixed(30)).seconds, 2);
});

test("outputs have 8 decimals, rounded half-up: a tie at the 9th decimal rounds away from zero", () => {
  assert.is(toFixed8(toDecimal("0.000000005")), "0.00000001");
  assert.is(toFixed8(toDecimal("0.0000000049999999999")), "0.00000000");
  assert.is(toFixed8(toDecimal("12.5")), "12.50000000");
  assert.is(scaledToFixed8(5n, 9), "0.00000001");
  assert.is(scaledToFixed8(49999999999n, 19), "0.00000000");
  assert.is(scaledToFixed8(125n, 1), "12.50000000");
  assert.is(scaledToFixed8(123456789012345678901234567890n, 20), "1234567890.12345679");
  fc.assert(
    fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), fc.integer({ min: 0, max: 30 }), (digits, places) => {
      const exact = new Exact(digits.toString()).div(new Exact(10).pow(places));
      assert.is(scaledToFixed8(digits, places), exactRounded(exact));
    }),
  );
});

test("ranks follow the thresholds of _data/ranks.ts", () => {
  const [member, ethereal] = rankList.ranks;
  assert.equal(rankFor(RANKS, 0), member);
  assert.equal(rankFor(RANKS, "159999999.99999999"), member);
  assert.equal(rankFor(RANKS, ethereal!.minGems), ethereal);
});

test("the result has the next rank with gems and days still needed, the goal and the additional amount", () => {
  const result = calculateGrowth({ currentGems: 1000, goalGems: "1006.009", additionalGems: 3, days: 1 }, RANKS);
  assert.is(result.nextRank?.name, rankList.ranks[1]!.name);
  assert.is(result.nextRank?.gemsNeeded, toFixed8(toDecimal(rankList.ranks[1]!.minGems).minus(1000)));
  assert.equal(result.goal, { targetGems: "1006.00900000", reached: false, daysToReach: "2.00000000", duration: durationParts(2) });
  assert.is(result.additional?.targetGems, "1003.00000000");
  assert.is(result.additional?.daysToReach, "1.00000000");
  assert.is(result.additional?.duration.text, "1 day");
  assert.is(calculateGrowth({ currentGems: 1000, goalGems: "1006.009", days: 2 }, RANKS).goal?.reached, true);
  assert.is(calculateGrowth({ currentGems: 1000 }, RANKS).goal, null);
  assert.is(calculateGrowth({ currentGems: 1000 }, RANKS).additional, null);
  assert.is(calculateGrowth({ currentGems: RANKS[RANKS.length - 1]!.minGems }, RANKS).nextRank, null);
});

test("the largest balance for the longest duration is exact to a relative 1e-20", () => {
  const input = { currentGems: CALCULATE_LIMITS.maxGems, years: CALCULATE_LIMITS.maxDurationDays / t.yearDays };
  const result = calculateGrowth(input, RANKS);
  assertAgrees(result.futureGems, exactFuture(input.currentGems, exactDays(input)), "futureGems");
  assert.ok(CalculateOutput.safeParse(result).success);
});

// ---- Against the exact computation, for generated inputs -----------------------------------

/** Gem amounts as numbers and as decimal strings with up to 30 significant digits, from 1e-8 to 1e20. */
const gemsArb = fc.oneof(
  fc.integer({ min: 1, max: 2_000_000_000 }),
  fc.double({ min: 1e-6, max: 1e20, noNaN: true, noDefaultInfinity: true }),
  fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** 20n - 1n }), fc.stringMatching(/^[0-9]{1,10}$/))
    .map(([whole, fraction]) => `${whole}.${fraction}`)
    .filter((text) => new Big(text).gt(0)),
);

const timeArb = (unit: (typeof DURATION_UNITS)[number]) =>
  fc.oneof(
    fc.integer({ min: 0, max: Math.floor(DURATION_MAXIMA[unit] / 4) }),
    fc.stringMatching(/^[0-9]{1,3}\.[0-9]{1,6}$/).map((text) => text.replace(/^0+(?=[0-9])/, "")),
  );

/** Inputs within the schema's bounds: each time part at most a quarter of its maximum keeps the total under 100 years. */
const inputArb: fc.Arbitrary<CalculateInput> = fc.record(
  {
    currentGems: gemsArb,
    goalGems: gemsArb,
    additionalGems: gemsArb,
    years: timeArb("years"),
    months: timeArb("months"),
    days: timeArb("days"),
    hours: timeArb("hours"),
    minutes: timeArb("minutes"),
    seconds: timeArb("seconds"),
  },
  { requiredKeys: ["currentGems"] },
);

test("every decimal output agrees with the exact computation", () => {
  fc.assert(
    fc.property(inputArb, (input) => {
      const result = calculateGrowth(input, RANKS);
      const days = exactDays(input);
      const future = exactFuture(input.currentGems, days);
      assertAgrees(result.durationDays, days, "durationDays");
      assertAgrees(result.futureGems, future, "futureGems");
      assertAgrees(result.profit, future.minus(input.currentGems), "profit");
      assertAgrees(result.profitPercent, future.div(input.currentGems).minus(1).times(100), "profitPercent");
      if (input.goalGems !== undefined) assertAgrees(result.goal!.daysToReach, exactDaysToReach(input.currentGems, String(input.goalGems)), "goal.daysToReach");
      if (input.additionalGems !== undefined) {
        const target = new Exact(input.currentGems).plus(input.additionalGems);
        assertAgrees(result.additional!.targetGems, target, "additional.targetGems");
        assertAgrees(result.additional!.daysToReach, exactDaysToReach(input.currentGems, target), "additional.daysToReach");
      }
      if (result.nextRank) assertAgrees(result.nextRank.daysToReach, exactDaysToReach(input.currentGems, result.nextRank.minGems), "nextRank.daysToReach");
    }),
    { numRuns: 300 },
  );
});

test("every result matches the output schema", () => {
  fc.assert(
    fc.property(inputArb, (input) => {
      const parsed = CalculateOutput.safeParse(calculateGrowth(input, RANKS));
      assert.ok(parsed.success, parsed.error?.message);
    }),
    { numRuns: 300 },
  );
});

// ---- Properties -----------------------------------------------------------------------------

const daysArb = fc.stringMatching(/^[0-9]{1,4}(\.[0-9]{1,8})?$/).map((text) => new Big(text).toFixed());

test("growth is monotonic in time", () => {
  fc.assert(
    fc.property(gemsArb, daysArb, daysArb, (gems, a, b) => {
      const [shorter, longer] = new Big(a).lte(b) ? [a, b] : [b, a];
      assert.ok(futureGems(gems, shorter).lte(futureGems(gems, longer)));
      if (new Big(longer).minus(shorter).gte("0.001")) assert.ok(futureGems(gems, shorter).lt(futureGems(gems, longer)));
    }),
  );
});

test("growing for a + b days is growing for a days, then b days", () => {
  fc.assert(
    fc.property(daysArb, daysArb, (a, b) => {
      const joined = growthFactor(new Big(a).plus(b).toFixed());
      const split = growthFactor(a).times(growthFactor(b));
      assert.ok(joined.minus(split).abs().div(joined).lt("1e-40"));
    }),
  );
});

test("growing for daysToReach(T) lands on T, and for its whole-second duration reaches at least T", () => {
  fc.assert(
    fc.property(gemsArb, gemsArb, (current, target) => {
      const days = daysToReach(current, target);
      const reached = futureGems(current, days);
      const goal = toDecimal(target).gt(current) ? toDecimal(target) : toDecimal(current);
      assert.ok(reached.minus(goal).abs().div(goal).lt("1e-40"), `${reached} vs ${goal}`);
      const parts = durationParts(days);
      const partsDays = durationDays(parts);
      assert.ok(futureGems(current, partsDays).gte(reached.times("0.9999999999999999999999999999999999999999")));
      assert.ok(partsDays.gte(days) && partsDays.minus(days).lt(toDecimal(1).div(t.secondsPerDay)));
    }),
  );
});

test("durations add up: the parts sum back to the whole seconds, each below the next unit", () => {
  fc.assert(
    fc.property(daysArb, (days) => {
      const parts = durationParts(days);
      const seconds = DURATION_UNITS.reduce((sum, unit) => sum + parts[unit] * SECONDS_PER_UNIT[unit], 0);
      assert.is(seconds, Number(new Big(days).times(t.secondsPerDay).toDecimalPlaces(0, Big.ROUND_UP).toFixed()));
      assert.ok(parts.months * t.monthDays + parts.days < t.yearDays);
      assert.ok(parts.days < t.monthDays && parts.hours < 24 && parts.minutes < 60 && parts.seconds < 60);
      const named = DURATION_UNITS.filter((unit) => parts[unit] > 0).length;
      assert.is(parts.text.split(", ").length, Math.max(named, 1));
    }),
  );
});

test("ranks are consistent with the thresholds", () => {
  fc.assert(
    fc.property(fc.oneof(gemsArb, fc.constantFrom(...RANKS.map((rank) => rank.minGems))), (gems) => {
      const rank = rankFor(RANKS, gems);
      const next = new Big(gems).gt(0) ? calculateGrowth({ currentGems: gems }, RANKS).nextRank : RANKS[1]!;
      assert.ok(new Big(rank.minGems).lte(gems));
      if (next) {
        assert.ok(new Big(next.minGems).gt(gems));
        assert.is(RANKS.findIndex((entry) => entry.name === next.name), RANKS.findIndex((entry) => entry.name === rank.name) + 1);
      } else {
        assert.is(rank.name, RANKS[RANKS.length - 1]!.name);
      }
    }),
  );
});

test.run();
