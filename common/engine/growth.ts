/**
 * Compound growth at the daily rate r: a balance is multiplied by (1 + r) every day, and a
 * fraction of a day compounds within the day, so t days multiply it by (1 + r)^t.
 *
 * Each function here works in fixed point with a precision the caller chooses (`places` decimal
 * places, one unit being 10^-places) and returns its value with a proven bound on its error, so
 * the caller can round from an interval and ask for more places when the interval holds a
 * rounding boundary (Ziv's method). Every BigInt division truncates, by less than one unit.
 */
import { DAILY_INTEREST_RATE } from "../constants.ts";
import { exactOf, pow10, type Exact } from "./exact.ts";
import type { Days } from "./duration.ts";

/** r as `RATE.digits / 10^RATE.places` (3 / 1000), and 1 + r as `FACTOR_DIGITS / 10^RATE.places` (1003 / 1000). */
export const RATE = exactOf(DAILY_INTEREST_RATE);
export const FACTOR_DIGITS = pow10(RATE.places) + RATE.digits;

/** A fixed-point value and a bound on its distance from the exact value, both in units of 10^-places. */
export interface Approximation {
  value: bigint;
  error: bigint;
}

/** ln(1 + r) as a float: only for estimates that the exact steps then correct. */
export const LN_FACTOR_FLOAT = Math.log1p(Number(DAILY_INTEREST_RATE));

/** The natural logarithm of a positive exact value as a float, for estimates; any size of digits. */
export function lnEstimate(value: Exact): number {
  const text = value.digits.toString();
  const lead = Math.min(17, text.length);
  return Math.log(Number(text.slice(0, lead))) + (text.length - lead - value.places) * Math.LN10;
}

let lnCache = { places: 0, value: 0n };

/**
 * ln(1 + r)·10^places within 2 units: 2·atanh(r / (2 + r)), summed with 10 guard digits (each of
 * its few dozen terms truncates by under 2 units there), kept for the most places asked so far.
 */
function lnFactor(places: number): bigint {
  if (lnCache.places < places) {
    const guarded = places + 10;
    const [p, q] = [RATE.digits, 2n * pow10(RATE.places) + RATE.digits];
    let power = (pow10(guarded) * p) / q;
    let sum = power;
    for (let k = 3n; power > 0n; k += 2n) {
      power = (power * p * p) / (q * q);
      sum += power / k;
    }
    lnCache = { places: guarded, value: 2n * sum };
  }
  return lnCache.value / pow10(lnCache.places - places);
}

/**
 * e^x − 1 for 0 ≤ x ≤ 0.003 (fixed point): its Taylor series until a term truncates to 0. Each
 * term is within 1.01 units of x^k/k! and the tail is under one unit, so the error is at most
 * (number of terms + 2) units; the terms shrink 300-fold each, so there are fewer than `places`.
 */
function expMinusOne(x: bigint, places: number): bigint {
  const one = pow10(places);
  let term = x;
  let sum = x;
  for (let k = 2n; term > 0n; k += 1n) {
    term = (term * x) / (one * k);
    sum += term;
  }
  return sum;
}

/** (1 + r)^(2^k)·10^places by repeated squaring, per precision, filled on demand. */
const squaringsByPlaces = new Map<number, bigint[]>();

/**
 * (1 + r)^n·10^places for a whole n ≥ 0. Squaring doubles a relative error and adds one unit,
 * so (1 + r)^(2^k) is within (2^k − 1) units relative; the product over the bits of n is within
 * (2n + 20) units relative (second-order terms included, for places ≥ 20).
 */
function wholePower(n: number, places: number): bigint {
  if (squaringsByPlaces.size > 64) squaringsByPlaces.clear();
  const one = pow10(places);
  let squarings = squaringsByPlaces.get(places);
  if (!squarings) squaringsByPlaces.set(places, (squarings = [(FACTOR_DIGITS * one) / pow10(RATE.places)]));
  let result = one;
  let rest = n;
  for (let k = 0; rest > 0; k += 1) {
    if (k === squarings.length) {
      const last = squarings[k - 1] as bigint;
      squarings.push((last * last) / one);
    }
    if (rest % 2 === 1) result = (result * (squarings[k] as bigint)) / one;
    rest = Math.floor(rest / 2);
  }
  return result;
}

/**
 * (1 + r)^days = (1 + r)^n · e^(f·ln(1 + r)) with n whole and 0 ≤ f < 1. Relative errors add:
 * (2n + 20) from the power, at most places + 7 from the series (its x is within 3 units), one
 * from the product; the bound below allows (2n + places + 64) units relative.
 */
export function growthFactorAt(days: Days, places: number): Approximation {
  const one = pow10(places);
  const whole = days.numerator / days.denominator;
  const rest = days.numerator % days.denominator;
  const power = wholePower(Number(whole), places);
  const withinDay = one + expMinusOne((rest * lnFactor(places)) / days.denominator, places);
  const value = (power * withinDay) / one;
  return { value, error: (2n * whole + BigInt(places) + 64n) * (value / one + 1n) };
}

/**
 * (1 + r)^(1/24) − 1, one hour of compounding: the series at x = ln(1 + r)/24 (within 2 units), so within
 * places + 8 units.
 */
export function hourlyRateAt(places: number): Approximation {
  return { value: expMinusOne(lnFactor(places) / 24n, places), error: BigInt(places) + 8n };
}

/** Whole days in the float estimate of ln(target / current) / ln(1 + r): within one of the true count. */
export function wholeDaysEstimate(current: Exact, target: Exact): number {
  return Math.max(0, Math.floor((lnEstimate(target) - lnEstimate(current)) / LN_FACTOR_FLOAT));
}

/**
 * Days for `current` to grow to `target` (target > current > 0): ln(target / current) / ln(1 + r),
 * as n + ln(y)/ln(1 + r) with n the estimated whole days and y = target / (current·(1 + r)^n)
 * near 1, whose logarithm is 2·atanh((y − 1)/(y + 1)). y is within (2n + 23) units, the
 * logarithm within (2n + 4·places + 30), and dividing by ln(1 + r) ≈ 0.003 multiplies that by
 * under 334; the bound allows 400 times (2n + 4·places + 64) units.
 */
export function daysToReachAt(current: Exact, target: Exact, places: number): Approximation {
  const whole = wholeDaysEstimate(current, target);
  const one = pow10(places);
  const scale = Math.max(current.places, target.places);
  const targetDigits = target.digits * pow10(scale - target.places);
  const currentDigits = current.digits * pow10(scale - current.places);
  const y = (targetDigits * one * one) / (currentDigits * wholePower(whole, places));
  const s = ((y - one) * one) / (y + one);
  const s2 = (s * s) / one;
  let term = s;
  let sum = s;
  for (let k = 3n; term !== 0n; k += 2n) {
    term = (term * s2) / one;
    sum += term / k;
  }
  const value = BigInt(whole) * one + (2n * sum * one) / lnFactor(places);
  return { value, error: 400n * (2n * BigInt(whole) + 4n * BigInt(places) + 64n) };
}
