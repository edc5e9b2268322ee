/**
 * The whole calculation behind `calculate-exp-growth`, the homepage form and the docs' worked
 * examples: validated input and the rank table in, the result object out. Inputs are exact
 * decimals; every 8-decimal amount is the exact value rounded half-up, while a time to reach a
 * target is rounded up (daysToReach to 8 decimals, its duration to the whole second), so growing
 * for it reaches the target.
 *
 * Growth is computed to a precision chosen from the size of the result, with a proven error
 * bound (`growth.ts`). When the interval holds a rounding boundary the precision grows; the only
 * values that can sit exactly on a boundary are rational ones, and those are computed exactly:
 * growth over whole days is c·1003^n / 1000^n, and a target that is exactly c·1.003^k takes k days.
 */
import { DAILY_INTEREST_RATE } from "../constants.ts";
import type { CalculateInput } from "../../contract/calculate-input.ts";
import type { CalculateOutput, Duration } from "../../contract/calculate-output.ts";
import type { ExpRank } from "../../contract/rank-list.ts";
import {
  addExact,
  aligned,
  compareExact,
  exactOf,
  exactToFixed8,
  fixed8Within,
  multiplyExact,
  pow10,
  ratioToFixed8,
  subtractExact,
  type Exact,
} from "./exact.ts";
import { rankIndex } from "./ranks.ts";
import { SECONDS_PER_DAY, durationDays, durationFromSeconds, type Days } from "./duration.ts";
import {
  BANK_RATE,
  daysToReachAt,
  growthFactorAt,
  grownWhole,
  hourlyRateAt,
  lnEstimate,
  wholeDaysEstimate,
  type Approximation,
  type Rate,
} from "./growth.ts";

/** Beyond this precision no input of the documented range can be undecided; reaching it is a defect. */
const MAX_PLACES = 4096;

/** Places beyond the 8th decimal and the integer digits that the first attempt carries. */
const GUARD_PLACES = 24;

/**
 * The first precision that settles `attempt`, doubling from `start`; `exact` computes the value
 * exactly when one failed attempt shows it may sit on a boundary (whole days).
 */
function refine<T>(start: number, attempt: (places: number) => T | undefined, exact?: () => T): T {
  for (let places = start; places <= MAX_PLACES; places *= 2) {
    const settled = attempt(places);
    if (settled !== undefined) return settled;
    if (exact) return exact();
  }
  throw new RangeError(`no precision up to ${MAX_PLACES} places settles the rounding`);
}

/** Decimal digits before the point of a value whose natural logarithm is `ln` (at least 0). */
const integerDigits = (ln: number): number => Math.max(0, Math.ceil(ln / Math.LN10));

/** A value known to lie in [low, high] / 10^places. */
export type Interval = { low: bigint; high: bigint; places: number };

/** Whether all of `interval` is at least `value` (true) or below it (false); undefined when it holds `value`. */
function intervalAtLeast({ low, high, places }: Interval, value: Exact): boolean | undefined {
  const [from, target] = aligned({ digits: low, places }, value);
  const [to] = aligned({ digits: high, places }, value);
  return from >= target ? true : to < target ? false : undefined;
}

/**
 * A grown balance known to any precision: the interval that holds it when its growth factor is
 * computed to `places` places (tried from `start` on), and, where it is a terminating decimal
 * (growth over whole days), its exact value, which settles a rounding or comparison left undecided.
 */
export interface Grown {
  start: number;
  at(places: number): Interval;
  exactly?: () => Exact;
}

/**
 * The first precision to try for a balance whose natural logarithm is about `ln`, grown by a factor
 * whose logarithm is at most `lnFactor`: the digits of the largest value rounded, futureGems or the
 * percent (factor × 100), and the guard places.
 */
export const startPlaces = (ln: number, lnFactor: number) =>
  integerDigits(Math.max(ln, Math.log(100)) + lnFactor) + GUARD_PLACES;

/** currentGems × (1 + r)^days; the factor is approximated once per precision and found exactly once, if needed. */
export function growthOf(current: Exact, days: Days, rate: Rate): Grown {
  const whole = days.numerator / days.denominator;
  // The days are bounded above by their whole part plus one, in BigInt: a numerator and denominator
  // of hundreds of digits (a subnormal number of seconds) are Infinity as floats.
  const lnFactor = (Number(whole) + 1) * rate.lnFloat;
  const factors = new Map<number, Approximation>();
  let exact: Exact | undefined;
  return {
    start: startPlaces(lnEstimate(current), lnFactor),
    at(places) {
      let factor = factors.get(places);
      if (!factor) factors.set(places, (factor = growthFactorAt(days, places, rate)));
      const { value, error } = factor;
      const { digits } = current;
      return {
        low: digits * (value - error),
        high: digits * (value + error),
        places: current.places + places,
      };
    },
    // Over whole days n, (1 + r)^n = factor^n / 10^(n·places) exactly.
    exactly:
      days.numerator % days.denominator === 0n
        ? () => (exact ??= grownWhole(current, whole, rate))
        : undefined,
  };
}

/** The first precision that settles `attempt` on the grown balance, or `exact` on its exact value. */
export function settleGrown<T>(
  grown: Grown,
  attempt: (interval: Interval) => T | undefined,
  exact: (value: Exact) => T,
): T {
  const { exactly } = grown;
  return refine(grown.start, (places) => attempt(grown.at(places)), exactly && (() => exact(exactly())));
}

/**
 * (the grown balance − less) × ratio, rounded to 8 decimals: futureGems (less nothing), profit
 * (less what was put in) and profitPercent (× 100 / the starting balance). Each precision's interval
 * is widened outward by the division.
 */
function grownAmount(grown: Grown, less: Exact, { times, over } = { times: 1n, over: 1n }): string {
  return settleGrown(
    grown,
    ({ low, high, places }) => {
      const lessDigits = less.digits * pow10(places - less.places);
      const [from, to] = [(low - lessDigits) * times, (high - lessDigits) * times];
      return fixed8Within(from / over, (to + over - 1n) / over, places);
    },
    (value) => {
      const amount = subtractExact(value, less);
      return ratioToFixed8(amount.digits * times, pow10(amount.places) * over);
    },
  );
}

/** Whether the grown balance is at least `amount`, compared exactly. */
export const grownAtLeast = (grown: Grown, amount: Exact): boolean =>
  settleGrown(
    grown,
    (interval) => intervalAtLeast(interval, amount),
    (value) => compareExact(value, amount) >= 0,
  );

/** ⌈fixed / unit⌉ of a fixed-point value, a negative one counted as 0. */
const ceilDiv = (fixed: bigint, unit: bigint): bigint => (fixed <= 0n ? 0n : (fixed + unit - 1n) / unit);

/**
 * Days and whole-second duration for `current` to grow to `target`, each the exact time rounded
 * up (to 8 decimals, to the second), so growing for either reaches the target: 0 when it is
 * already there, at least 0.00000001 days and one second when it is not.
 */
export function reach(
  current: Exact,
  target: Exact,
  rate: Rate,
): { daysToReach: string; duration: Duration } {
  if (compareExact(target, current) <= 0)
    return { daysToReach: exactToFixed8({ digits: 0n, places: 0 }), duration: durationFromSeconds(0) };
  const eighthsPerDay = pow10(8);
  // Whether k whole days reach the target: target ≤ current·(1 + r)^k, exactly.
  const reachedIn = (k: bigint) => compareExact(target, grownWhole(current, k, rate)) <= 0;
  /**
   * The rounded-up count shared by the ends of an interval, `low` and `high` (`perDay` to a day).
   * The exact time is irrational unless it is a whole number of days k, so an interval whose
   * ends round up one count apart settles at more precision, except across a whole day: there
   * the exact comparison at k decides.
   */
  const settle = (low: bigint, high: bigint, perDay: bigint) => {
    if (low === high) return low;
    if (high - low === 1n && low % perDay === 0n) return reachedIn(low / perDay) ? low : high;
    return undefined;
  };
  const start = GUARD_PLACES + String(wholeDaysEstimate(current, target, rate)).length;
  const [eighths, seconds] = refine(start, (places) => {
    const { value, error } = daysToReachAt(current, target, places, rate);
    const [low, high] = [value - error, value + error];
    const one = pow10(places);
    const eighths = settle(
      ceilDiv(low, one / eighthsPerDay),
      ceilDiv(high, one / eighthsPerDay),
      eighthsPerDay,
    );
    const seconds = settle(
      ceilDiv(low * SECONDS_PER_DAY, one),
      ceilDiv(high * SECONDS_PER_DAY, one),
      SECONDS_PER_DAY,
    );
    return eighths === undefined || seconds === undefined ? undefined : ([eighths, seconds] as const);
  });
  return {
    daysToReach: ratioToFixed8(eighths, eighthsPerDay),
    duration: durationFromSeconds(Number(seconds)),
  };
}

/** What `calculateGrowth` says of reaching a target. */
export type Reach = ReturnType<typeof reach>;

/**
 * How a balance moves: at the bank's rate alone, or (`plan.ts`, the homepage's planning) at another
 * rate with deposits: the growth to the end of `days` (from the last deposit) and what was put in by
 * then, and when a target is reached.
 */
export interface Course {
  rate: Rate;
  end(current: Exact, days: Days): { grown: Grown; paidIn: Exact };
  reach(current: Exact, target: Exact): Reach;
}

/** The course at `rate` without deposits. */
export const rateCourse = (rate: Rate): Course => ({
  rate,
  end: (current, days) => ({ grown: growthOf(current, days, rate), paidIn: exactOf(0) }),
  reach: (current, target) => reach(current, target, rate),
});

/**
 * Computes the result of `calculate-exp-growth` for an input already checked by `CalculateInput`, over the
 * rank table `ranks` (lowest first, the first at 0); the homepage may pass another `course`, whose
 * rate is then the result's `dailyInterestRate` (never a tool's or the contract's).
 */
export function calculateGrowth(
  input: CalculateInput,
  ranks: readonly ExpRank[],
  course = rateCourse(BANK_RATE),
): CalculateOutput {
  const current = exactOf(input.currentGems);
  const days = durationDays(input);
  const { rate } = course;
  const { grown, paidIn } = course.end(current, days);
  const putIn = addExact(current, paidIn);
  const reachOf = (target: Exact) => course.reach(current, target);
  const currentIndex = rankIndex(ranks, current);
  const milestones = ranks.slice(currentIndex + 1).map((rank) => {
    const minGems = exactOf(rank.minGems);
    return {
      ...rank,
      gemsNeeded: exactToFixed8(subtractExact(minGems, current)),
      ...reachOf(minGems),
      withinDuration: grownAtLeast(grown, minGems),
    };
  });
  const reachedRanks = milestones.filter((milestone) => milestone.withinDuration).length;
  const goal = input.goalGems === undefined ? null : exactOf(input.goalGems);
  const additional = input.additionalGems === undefined ? null : exactOf(input.additionalGems);
  const additionalTarget = additional && addExact(current, additional);
  const hourlyStart = integerDigits(lnEstimate(current)) + GUARD_PLACES;
  return {
    currentGems: exactToFixed8(current),
    durationDays: ratioToFixed8(days.numerator, days.denominator),
    dailyInterestRate: rate.text as typeof DAILY_INTEREST_RATE,
    futureGems: grownAmount(grown, exactOf(0)),
    profit: grownAmount(grown, putIn),
    profitPercent: grownAmount(grown, putIn, { times: 100n * pow10(current.places), over: current.digits }),
    profitPerDay: exactToFixed8(multiplyExact(current, rate)),
    profitPerHour: refine(hourlyStart, (places) => {
      const { value, error } = hourlyRateAt(places, rate);
      return fixed8Within(
        current.digits * (value - error),
        current.digits * (value + error),
        current.places + places,
      );
    }),
    currentRank: { ...(ranks[currentIndex] as ExpRank) },
    futureRank: { ...(ranks[currentIndex + reachedRanks] as ExpRank) },
    nextRank: milestones[0] ?? null,
    milestones,
    goal: goal && {
      targetGems: exactToFixed8(goal),
      reached: grownAtLeast(grown, goal),
      ...reachOf(goal),
    },
    additional: additional &&
      additionalTarget && {
        additionalGems: exactToFixed8(additional),
        targetGems: exactToFixed8(additionalTarget),
        reached: grownAtLeast(grown, additionalTarget),
        ...reachOf(additionalTarget),
      },
  };
}
