/**
 * Compound growth at the daily rate r: a balance is multiplied by (1 + r) every day, and a
 * fraction of a day compounds within the day, so t days multiply it by (1 + r)^t. For a fraction
 * 1/24 this is hourly compounding at (1 + r)^(1/24) − 1.
 *
 * The power and the logarithm are evaluated as (1 + r)^n · exp(f · ln(1 + r)) with n whole and
 * 0 ≤ f < 1, and ln(y) with y near 1 by its atanh series, in the fixed point of `fixed-point.ts`.
 * The `…Fixed` functions work in fixed point for `calculate.ts`; the others take and return Decimals.
 */
import { DAILY_INTEREST_RATE } from "../contract/constants.ts";
import { Decimal, toDecimal, type Amount } from "./decimal.ts";
import { ONE, PLACES, divide, exactParts, expMinusOne, fromFixedPoint, lnNearOne, multiply, pow10, scaledToDecimal, toFixedPoint } from "./fixed-point.ts";

/** The daily interest rate r, from the contract's constant. */
export const DAILY_RATE = toDecimal(DAILY_INTEREST_RATE);

/** 1 + r: what a balance is multiplied by each day. */
export const DAILY_FACTOR = DAILY_RATE.plus(1);

const DAILY_FACTOR_FIXED = toFixedPoint(DAILY_FACTOR);

/** ln(1 + r), computed once. */
const LN_DAILY_FACTOR_FIXED = lnNearOne(DAILY_FACTOR_FIXED);
export const LN_DAILY_FACTOR = fromFixedPoint(LN_DAILY_FACTOR_FIXED);

/** (1 + r)^(1/24) − 1: the rate of one hour of compounding, computed once. */
export const HOURLY_RATE_FIXED = expMinusOne(LN_DAILY_FACTOR_FIXED / 24n);
export const HOURLY_RATE = fromFixedPoint(HOURLY_RATE_FIXED);

const LN_DAILY_FACTOR_NUMBER = Math.log1p(DAILY_RATE.toNumber());

/** (1 + r)^(2^k), filled on demand: whole powers are products of these. */
const squarings: bigint[] = [DAILY_FACTOR_FIXED];

/** (1 + r)^n for a whole n ≥ 0, by binary powering over the cached squarings. */
function wholePower(n: number): bigint {
  let result = ONE;
  for (let k = 0, rest = n; rest > 0; k += 1, rest = Math.floor(rest / 2)) {
    if (k === squarings.length) {
      const last = squarings[k - 1] as bigint;
      squarings.push(multiply(last, last));
    }
    if (rest % 2 === 1) result = multiply(result, squarings[k] as bigint);
  }
  return result;
}

/** (1 + r)^days for `days` ≥ 0 in fixed point. */
export function growthFactorFixed(days: bigint): bigint {
  const withinDay = ONE + expMinusOne(multiply(days % ONE, LN_DAILY_FACTOR_FIXED));
  return multiply(wholePower(Number(days / ONE)), withinDay);
}

/** (1 + r)^days: what a balance is multiplied by over `days` (≥ 0, may be fractional). */
export function growthFactor(days: Amount): Decimal {
  return fromFixedPoint(growthFactorFixed(toFixedPoint(toDecimal(days))));
}

/** gems · factor exactly, for gems ≥ 0 and a fixed-point factor. */
export function timesFixed(gems: Decimal, factor: bigint): Decimal {
  const { digits, places } = exactParts(gems);
  return scaledToDecimal(digits * factor, places + PLACES);
}

/** currentGems · (1 + r)^days. */
export function futureGems(currentGems: Amount, days: Amount): Decimal {
  return timesFixed(toDecimal(currentGems), growthFactorFixed(toFixedPoint(toDecimal(days))));
}

/** Gems earned per day at the current balance: currentGems · r. */
export function profitPerDay(currentGems: Amount): Decimal {
  return toDecimal(currentGems).times(DAILY_RATE);
}

/** Gems earned in the first hour at the current balance: currentGems · ((1 + r)^(1/24) − 1). */
export function profitPerHour(currentGems: Amount): Decimal {
  return timesFixed(toDecimal(currentGems), HOURLY_RATE_FIXED);
}

/**
 * Days for `current` (> 0) to grow to `target` in fixed point: ln(target / current) / ln(1 + r),
 * and 0 when the target is not above the current balance.
 */
export function daysToReachFixed(current: Decimal, target: Decimal): bigint {
  if (target.lte(current)) return 0n;
  // Logarithms taken apart, so a ratio beyond the float range (a balance of 5e-324) still gives one.
  const estimate = (Math.log(target.toNumber()) - Math.log(current.toNumber())) / LN_DAILY_FACTOR_NUMBER;
  if (!Number.isFinite(estimate)) throw new RangeError(`daysToReach: ${target.toString()} / ${current.toString()} is outside the range a float estimate can start from`);
  // The whole days from the estimate; the remainder y = ratio / (1 + r)^n then lies near 1 even
  // when the estimate is a day off, which the series absorbs.
  const whole = Math.max(0, Math.floor(estimate));
  const t = exactParts(target);
  const c = exactParts(current);
  const ratio = (t.digits * pow10(c.places) * ONE) / (c.digits * pow10(t.places));
  const remainder = divide(ratio, wholePower(whole));
  return BigInt(whole) * ONE + divide(lnNearOne(remainder), LN_DAILY_FACTOR_FIXED);
}

/** Days for `currentGems` (> 0) to grow to `targetGems`; 0 when the target is not above it. */
export function daysToReach(currentGems: Amount, targetGems: Amount): Decimal {
  return fromFixedPoint(daysToReachFixed(toDecimal(currentGems), toDecimal(targetGems)));
}
