/**
 * The whole calculation behind `calculate-exp-growth`, the homepage form and the docs' worked
 * examples: validated input and the rank table in, the result object out. Inputs are exact
 * decimals; every 8-decimal output is the exact value rounded half-up and every duration the
 * exact time rounded up to the whole second.
 *
 * Growth is computed to a precision chosen from the size of the result, with a proven error
 * bound (`growth.ts`). When the interval holds a rounding boundary the precision grows; the only
 * values that can sit exactly on a boundary are rational ones, and those are computed exactly:
 * growth over whole days is c·1003^n / 1000^n, and a target that is exactly c·1.003^k takes k days.
 */
import { DAILY_INTEREST_RATE } from "../constants.ts";
import type { CalculateInput } from "../../build/schemas/calculate-input.ts";
import type { CalculateOutput, Duration } from "../../build/schemas/calculate-output.ts";
import type { ExpRank } from "../../build/schemas/rank-list.ts";
import { addExact, compareExact, exactOf, exactToFixed8, fixed8Within, pow10, ratioToFixed8, subtractExact, type Exact } from "./exact.ts";
import { rankIndex } from "./ranks.ts";
import { SECONDS_PER_DAY, durationDays, durationFromSeconds, type Days } from "./duration.ts";
import { FACTOR_DIGITS, LN_FACTOR_FLOAT, RATE, daysToReachAt, growthFactorAt, hourlyRateAt, lnEstimate, wholeDaysEstimate, type Approximation } from "./growth.ts";

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

/** −1, 0 or 1 as [low, high] / 10^places lies below, holds, or lies above `value` (or at it). */
function compareInterval(low: bigint, high: bigint, places: number, value: Exact): number | undefined {
  const scale = Math.max(places, value.places);
  const [from, to] = [low * pow10(scale - places), high * pow10(scale - places)];
  const target = value.digits * pow10(scale - value.places);
  return from >= target ? 1 : to < target ? -1 : undefined;
}

/** currentGems × (1 + r)^days: its rounded amounts and exact comparisons, sharing one approximation per precision. */
function growth(current: Exact, days: Days) {
  const wholeDays = days.numerator % days.denominator === 0n;
  const n = days.numerator / days.denominator;
  // Digits of the largest value rounded here: futureGems, or the percent (factor × 100).
  const lnFactor = (Number(days.numerator) / Number(days.denominator)) * LN_FACTOR_FLOAT;
  const start = integerDigits(Math.max(lnEstimate(current), Math.log(100)) + lnFactor) + GUARD_PLACES;
  const factors = new Map<number, Approximation>();
  const factorAt = (places: number) => {
    let factor = factors.get(places);
    if (!factor) factors.set(places, (factor = growthFactorAt(days, places)));
    return factor;
  };
  // Whole days: (1 + r)^n = FACTOR_DIGITS^n / 10^(n·RATE.places) exactly, computed only when needed.
  let exactFactor: Exact | undefined;
  const exactPower = () => (exactFactor ??= { digits: FACTOR_DIGITS ** n, places: Number(n) * RATE.places });
  const exactFuture = () => ({ digits: current.digits * exactPower().digits, places: current.places + exactPower().places });
  /** currentGems × (factor ± error − minus), over 10^(current.places + places). */
  const scaled = (places: number, minus: bigint) => {
    const { value, error } = factorAt(places);
    return [current.digits * (value - error - minus), current.digits * (value + error - minus)] as const;
  };
  const rounded = (approximate: (places: number) => string | undefined, exact: () => Exact) => refine(start, approximate, wholeDays ? () => exactToFixed8(exact()) : undefined);
  return {
    future: () => rounded((places) => fixed8Within(...scaled(places, 0n), current.places + places), exactFuture),
    profit: () => rounded((places) => fixed8Within(...scaled(places, pow10(places)), current.places + places), () => subtractExact(exactFuture(), current)),
    /** (factor − 1) × 100: the profit as a percent of currentGems. */
    percent: () =>
      rounded(
        (places) => {
          const { value, error } = factorAt(places);
          return fixed8Within((value - error - pow10(places)) * 100n, (value + error - pow10(places)) * 100n, places);
        },
        () => ({ digits: (exactPower().digits - pow10(exactPower().places)) * 100n, places: exactPower().places }),
      ),
    /** Whether futureGems ≥ `amount`, compared exactly. */
    atLeast: (amount: Exact): boolean =>
      refine(
        start,
        (places) => {
          const order = compareInterval(...scaled(places, 0n), current.places + places, amount);
          return order === undefined ? undefined : order >= 0;
        },
        wholeDays ? () => compareExact(exactFuture(), amount) >= 0 : undefined,
      ),
  };
}

/**
 * Days and whole-second duration for `current` to grow to `target`: 0 when it is already there,
 * at least one second when it is not.
 */
function reach(current: Exact, target: Exact): { daysToReach: string; duration: Duration } {
  if (compareExact(target, current) <= 0) return { daysToReach: exactToFixed8({ digits: 0n, places: 0 }), duration: durationFromSeconds(0) };
  const start = GUARD_PLACES + String(wholeDaysEstimate(current, target)).length;
  const [daysToReach, seconds] = refine(start, (places) => {
    const { value, error } = daysToReachAt(current, target, places);
    const days = fixed8Within(value - error, value + error, places);
    const one = pow10(places);
    // ⌈days × 86,400⌉ at both ends; the target is above the balance, so never below one second.
    const ceilSeconds = (fixed: bigint) => {
      const seconds = (fixed * SECONDS_PER_DAY + one - 1n) / one;
      return seconds < 1n ? 1n : seconds;
    };
    const [low, high] = [ceilSeconds(value - error), ceilSeconds(value + error)];
    let seconds = low === high ? low : undefined;
    if (high - low === 1n && low % SECONDS_PER_DAY === 0n) {
      // The interval holds a whole number of days k, which the time is exactly when target = current·(1 + r)^k.
      const k = low / SECONDS_PER_DAY;
      const reached = { digits: current.digits * FACTOR_DIGITS ** k, places: current.places + Number(k) * RATE.places };
      seconds = compareExact(target, reached) <= 0 ? low : high;
    }
    return days === undefined || seconds === undefined ? undefined : ([days, seconds] as const);
  });
  return { daysToReach, duration: durationFromSeconds(Number(seconds)) };
}

/** Computes the result of `calculate-exp-growth` for an input already checked by `CalculateInput`, over the rank table `ranks` (lowest first, the first at 0). */
export function calculateGrowth(input: CalculateInput, ranks: readonly ExpRank[]): CalculateOutput {
  const current = exactOf(input.currentGems);
  const days = durationDays(input);
  const grown = growth(current, days);
  const thresholds = ranks.map((rank) => exactOf(rank.minGems));
  const currentIndex = rankIndex(ranks, current);
  const milestones = ranks.slice(currentIndex + 1).map((rank, offset) => {
    const minGems = thresholds[currentIndex + 1 + offset] as Exact;
    return { ...rank, gemsNeeded: exactToFixed8(subtractExact(minGems, current)), ...reach(current, minGems), withinDuration: grown.atLeast(minGems) };
  });
  const reachedRanks = milestones.filter((milestone) => milestone.withinDuration).length;
  const goal = input.goalGems === undefined ? null : exactOf(input.goalGems);
  const additional = input.additionalGems === undefined ? null : exactOf(input.additionalGems);
  const additionalTarget = additional && addExact(current, additional);
  const hourlyStart = integerDigits(lnEstimate(current)) + GUARD_PLACES;
  return {
    currentGems: exactToFixed8(current),
    durationDays: ratioToFixed8(days.numerator, days.denominator),
    dailyInterestRate: DAILY_INTEREST_RATE,
    futureGems: grown.future(),
    profit: grown.profit(),
    profitPercent: grown.percent(),
    profitPerDay: exactToFixed8({ digits: current.digits * RATE.digits, places: current.places + RATE.places }),
    profitPerHour: refine(hourlyStart, (places) => {
      const { value, error } = hourlyRateAt(places);
      return fixed8Within(current.digits * (value - error), current.digits * (value + error), current.places + places);
    }),
    currentRank: { ...(ranks[currentIndex] as ExpRank) },
    futureRank: { ...(ranks[currentIndex + reachedRanks] as ExpRank) },
    nextRank: milestones[0] ?? null,
    milestones,
    goal: goal && { targetGems: exactToFixed8(goal), reached: grown.atLeast(goal), ...reach(current, goal) },
    additional: additional && additionalTarget && {
      additionalGems: exactToFixed8(additional),
      targetGems: exactToFixed8(additionalTarget),
      reached: grown.atLeast(additionalTarget),
      ...reach(current, additionalTarget),
    },
  };
}
