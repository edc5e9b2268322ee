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
import {
  addExact,
  aligned,
  compareExact,
  exactOf,
  exactToFixed8,
  multiplyExact,
  pow10,
  ratioToFixed8,
  shiftPoint,
  type Exact,
} from "./exact.ts";
import {
  grownAtLeast,
  reach,
  settleGrown,
  startPlaces,
  type Course,
  type Grown,
  type Reach,
} from "./calculate.ts";
import { growthFactorAt, lnEstimate, rateOf, type Approximation, type Rate } from "./growth.ts";

/** The largest what-if rate, % a day: 10^20 gems and 10^20 a day reach ~10^258 in 100 years (2 % passes 10^308). */
export const MAX_RATE_PERCENT = 1.5;
/** A what-if rate in percent a day, as a player writes it: above 0, at most MAX_RATE_PERCENT, at most 4 decimals. */
export const RATE_PERCENT = /^[01](?:\.\d{1,4})?$/;

/** The rate of `percent` ("0.5": 0.5 % a day, r = 0.005), or null outside the limits above. */
export function rateOfPercent(percent: string): Rate | null {
  if (!RATE_PERCENT.test(percent) || Number(percent) <= 0 || Number(percent) > MAX_RATE_PERCENT) return null;
  return rateOf(shiftPoint(percent, -2));
}

const wholeDays = (days: bigint): Days => ({ numerator: days, denominator: 1n });
/** A time of exactly `days` whole days, as a reach is told. */
const after = (days: bigint): Reach => ({
  daysToReach: exactToFixed8(exactOf(days)),
  duration: durationFromSeconds(Number(days * SECONDS_PER_DAY)),
});

/**
 * The course of a balance at `rate` with `deposit` (> 0) added every `everyDays` days (1 or 7). The
 * balance after t days, m whole periods and the rest s, is B_m·(1 + r)^s = P·G + D·(G − H)/(q − 1)
 * with G = (1 + r)^t and H = (1 + r)^s: from the engine's growth factors at any precision, and
 * exactly over whole days. No power of q is computed exactly unless a rounding is undecided.
 */
export function depositCourse(rate: Rate, deposit: Exact, everyDays: number): Course {
  const period = BigInt(everyDays);
  const periodPlaces = rate.places * everyDays;
  const one = pow10(periodPlaces);
  /** (q − 1)·10^periodPlaces, the denominator of 1 / (q − 1). */
  const over = rate.factor ** period - one;
  const lnDeposits = lnEstimate(deposit) - Math.log(Math.expm1(everyDays * rate.lnFloat));

  function grownTo(current: Exact, days: Days): Grown {
    const m = days.numerator / (days.denominator * period);
    const rest: Days = {
      numerator: days.numerator - m * period * days.denominator,
      denominator: days.denominator,
    };
    const [p, d, places] = aligned(current, deposit);
    /** The balance over `over`, in units of 10^-(places + the factors' places). */
    const scaled = (g: bigint, h: bigint) => p * g * over + d * one * (g - h);
    const factors = new Map<number, [Approximation, Approximation]>();
    const whole = days.numerator / days.denominator;
    let exact: Exact | undefined;
    return {
      start: startPlaces(
        Math.max(lnEstimate(current), lnDeposits) + Math.LN2,
        (Number(whole) + 1) * rate.lnFloat,
      ),
      at(digits) {
        let pair = factors.get(digits);
        if (!pair)
          factors.set(
            digits,
            (pair = [growthFactorAt(days, digits, rate), growthFactorAt(rest, digits, rate)]),
          );
        const [g, h] = pair;
        const low = scaled(g.value - g.error, h.value + h.error) / over;
        const high = (scaled(g.value + g.error, h.value - h.error) + over - 1n) / over;
        return { low, high, places: places + digits };
      },
      // Over whole days n, G and H are powers of 1 + r, and the balance a terminating decimal.
      exactly:
        days.numerator % days.denominator === 0n
          ? () => {
              const g = rate.factor ** whole;
              const h = rate.factor ** (whole - m * period) * pow10(rate.places * Number(m * period));
              return (exact ??= {
                digits: scaled(g, h) / over,
                places: places + rate.places * Number(whole),
              });
            }
          : undefined,
    };
  }

  return {
    rate,
    end: (current, days) => ({
      grown: grownTo(current, days),
      paidIn: multiplyExact(deposit, exactOf(days.numerator / (days.denominator * period))),
    }),
    reach(current, target) {
      if (compareExact(target, current) <= 0) return reach(current, target, rate);
      // The first period m whose balance, its deposit included, reaches T: B_m ≥ T ⇔ q^m ≥ (T + k)/(P + k)
      // with k = D/(q − 1), the growth from P·(q − 1) + D to T·(q − 1) + D, rounded up to whole periods.
      const lift = (value: Exact) =>
        addExact(multiplyExact(value, { digits: over, places: periodPlaces }), deposit);
      const eighths = exactOf(reach(lift(current), lift(target), rate).daysToReach).digits;
      const perPeriod = period * pow10(8);
      const m = (eighths + perPeriod - 1n) / perPeriod;
      // Reached by the deposit at the end of period m unless already by its interest (B_m − D ≥ T).
      if (!grownAtLeast(grownTo(current, wholeDays(m * period)), addExact(target, deposit)))
        return after(m * period);
      // Within period m, from B_(m − 1): settled where both ends of its interval reach at the same time.
      const before = grownTo(current, wholeDays((m - 1n) * period));
      const within = settleGrown(
        before,
        ({ low, high, places }) => {
          if (low <= 0n) return undefined;
          const [late, early] = [low, high].map((digits) => reach({ digits, places }, target, rate));
          const same = late!.daysToReach === early!.daysToReach;
          return same && late!.duration.totalSeconds === early!.duration.totalSeconds ? late : undefined;
        },
        (value) => reach(value, target, rate),
      );
      const shift = after((m - 1n) * period);
      return {
        daysToReach: exactToFixed8(addExact(exactOf(within!.daysToReach), exactOf(shift.daysToReach))),
        duration: durationFromSeconds(within!.duration.totalSeconds + shift.duration.totalSeconds),
      };
    },
  };
}

/**
 * What reaches `target` within `days` whole days from `current` at `rate`, without deposits, each
 * rounded up to 8 decimals so that it does: the balance needed now, target / (1 + r)^n, and the daily
 * deposit, (target − P·(1 + r)^n)·r / ((1 + r)^n − 1). A time that is not whole counts its whole
 * days (deposits land at the end of a day), so either still reaches the target within it; none for
 * a time under a day, or a target the balance reaches in it.
 */
export function whatItTakes(current: Exact, target: Exact, days: Days, rate: Rate) {
  const n = days.numerator / days.denominator;
  if (n < 1n) return null;
  const [power, one] = [rate.factor ** n, pow10(rate.places) ** n];
  const up = (numerator: bigint, denominator: bigint) => {
    const eighths = (numerator * pow10(8) + denominator - 1n) / denominator;
    return ratioToFixed8(eighths, pow10(8));
  };
  const [t, p, places] = aligned(target, current);
  if (t * one <= p * power) return null; // reached without either
  return {
    now: up(t * one, power * pow10(places)),
    daily: up((t * one - p * power) * rate.digits, pow10(places + rate.places) * (power - one)),
  };
}
