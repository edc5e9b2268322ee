/**
 * The homepage's planning, exact as the rest of the engine: regular deposits, what it takes to reach
 * a goal in time, and another daily rate. The tools and the contract keep the bank's rate and no
 * deposits; only the homepage's answer uses these.
 *
 * A deposit D lands every L days (1 or 7) at the end of each period, after that period's interest,
 * the first one period from now. With q = (1 + r)^L, after m whole periods the balance is
 * B_m = P·q^m + D·(q^m − 1)/(q − 1), a terminating decimal (q = factor^L / 10^(L·places)), and
 * between deposits it grows as without them.
 */
import { durationFromSeconds, SECONDS_PER_DAY, type Days } from "./duration.ts";
import { addExact, compareExact, exactOf, exactToFixed8, pow10, ratioToFixed8, type Exact } from "./exact.ts";
import { growthOf, reach, type Course, type Reach } from "./calculate.ts";
import { lnEstimate, rateOf, type Rate } from "./growth.ts";

/** A what-if rate in percent a day, as a player writes it: above 0, at most 10, at most 4 decimals. */
export const RATE_PERCENT = /^(?:\d|10)(?:\.\d{1,4})?$/;

/** The rate of `percent` ("0.5": 0.5 % a day, r = 0.005), or null outside the limits above. */
export function rateOfPercent(percent: string): Rate | null {
  if (!RATE_PERCENT.test(percent) || Number(percent) <= 0 || Number(percent) > 10) return null;
  const { digits, places } = exactOf(percent);
  return rateOf(ratioToFixed8(digits, pow10(places + 2)).replace(/\.?0+$/, ""));
}

const times = (a: Exact, b: Exact): Exact => ({ digits: a.digits * b.digits, places: a.places + b.places });

/** The course of a balance at `rate` with `deposit` added every `everyDays` days (1 or 7). */
export function depositCourse(rate: Rate, deposit: Exact, everyDays: number): Course {
  const one = pow10(rate.places * everyDays);
  const q = rate.factor ** BigInt(everyDays);
  const periodPlaces = rate.places * everyDays;
  /** B_m, exactly. */
  const after = (current: Exact, m: number) => {
    if (m === 0) return current;
    const power = q ** BigInt(m);
    // (q^m − 1)/(q − 1) = Σ q^j (j < m): an exact quotient of digits over 10^(L·places·(m − 1)).
    const sum = { digits: (power - one ** BigInt(m)) / (q - one), places: periodPlaces * (m - 1) };
    return addExact(times(current, { digits: power, places: periodPlaces * m }), times(deposit, sum));
  };
  /**
   * The first period m ≥ 1 whose balance, deposit included, reaches `target` (> current): a float
   * estimate, B_m ≥ T ⇔ q^m ≥ (T + k) / (P + k) with k = D / (q − 1), then confirmed exactly.
   */
  const crossing = (current: Exact, target: Exact) => {
    const lnQ = everyDays * rate.lnFloat;
    const k = Math.log(Number(exactToFixed8(deposit))) - Math.log(Math.expm1(lnQ));
    const lnSum = (ln: number) => Math.max(ln, k) + Math.log1p(Math.exp(-Math.abs(ln - k)));
    let m = Math.max(1, Math.ceil((lnSum(lnEstimate(target)) - lnSum(lnEstimate(current))) / lnQ));
    while (m > 1 && compareExact(after(current, m - 1), target) >= 0) m -= 1;
    while (compareExact(after(current, m), target) < 0) m += 1;
    return m;
  };
  const shifted = ({ daysToReach, duration }: Reach, days: number): Reach => ({
    daysToReach: exactToFixed8(addExact(exactOf(daysToReach), exactOf(days))),
    duration: durationFromSeconds(duration.totalSeconds + days * Number(SECONDS_PER_DAY)),
  });
  return {
    rate,
    end(current, days) {
      const perPeriod = days.denominator * BigInt(everyDays);
      const m = days.numerator / perPeriod;
      const rest: Days = { numerator: days.numerator - m * perPeriod, denominator: days.denominator };
      return { growth: growthOf(after(current, Number(m)), rest, rate), paidIn: times(deposit, exactOf(m)) };
    },
    reach(current, target) {
      if (compareExact(target, current) <= 0) return reach(current, target, rate);
      const m = crossing(current, target);
      // Reached by the interest within period m, or else by its deposit, exactly at its end.
      const before = after(current, m - 1);
      const byInterest = compareExact(times(before, { digits: q, places: periodPlaces }), target) >= 0;
      const days = (m - 1) * everyDays;
      return byInterest ? shifted(reach(before, target, rate), days) : shifted(ZERO_REACH, days + everyDays);
    },
  };
}

const ZERO_REACH: Reach = { daysToReach: "0.00000000", duration: durationFromSeconds(0) };

/**
 * What reaches `target` within `days` whole days from `current` at `rate`, without deposits, each
 * rounded up to 8 decimals so that it does: the balance needed now, target / (1 + r)^n, and the daily
 * deposit, (target − P·(1 + r)^n)·r / ((1 + r)^n − 1). A time that is not whole counts its whole
 * days (deposits land at the end of a day), so either still reaches the target within it; none for
 * a time under a day.
 */
export function whatItTakes(current: Exact, target: Exact, days: Days, rate: Rate) {
  const n = days.numerator / days.denominator;
  if (n < 1n) return null;
  const [power, one] = [rate.factor ** n, pow10(rate.places) ** n];
  const up = (numerator: bigint, denominator: bigint) => {
    const eighths = (numerator * pow10(8) + denominator - 1n) / denominator;
    return ratioToFixed8(eighths, pow10(8));
  };
  const scale = (value: Exact, places: number) => value.digits * pow10(places - value.places);
  const places = Math.max(current.places, target.places);
  const [t, p] = [scale(target, places), scale(current, places)];
  return {
    now: up(t * one, power * pow10(places)),
    daily: up((t * one - p * power) * rate.digits, pow10(places + rate.places) * (power - one)),
  };
}
