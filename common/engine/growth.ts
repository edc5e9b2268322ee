/**
 * Compound growth at the daily rate r: a balance is multiplied by (1 + r) every day, and a
 * fraction of a day compounds within the day, so t days multiply it by (1 + r)^t. r is the bank's
 * (`DAILY_INTEREST_RATE`) unless a caller passes another `Rate` (the homepage's what-if rate, above
 * 0 and at most 0.1 a day, with at most 6 decimals).
 *
 * Each function here works in fixed point with a precision the caller chooses (`places` decimal
 * places, one unit being 10^-places) and returns its value with a proven bound on its error, so
 * the caller can round from an interval and ask for more places when the interval holds a
 * rounding boundary (Ziv's method). Every BigInt division truncates, by less than one unit.
 */
import { DAILY_INTEREST_RATE } from "../constants.ts";
import { aligned, exactOf, multiplyExact, pow10, type Exact } from "./exact.ts";
import type { Days } from "./duration.ts";

/**
 * A daily rate r: r itself as `digits / 10^places` (3 / 1000), 1 + r as `factor / 10^places`
 * (1003 / 1000), ln(1 + r) as a float for estimates only, and the values computed from it so far.
 */
export interface Rate extends Exact {
  text: string;
  factor: bigint;
  lnFloat: number;
  /** ln(1 + r) at the most places asked so far; (1 + r)^(2^k) by repeated squaring, per precision. */
  ln: { places: number; value: bigint };
  squarings: Map<number, bigint[]>;
}

/** The rate `text` (a decimal string, such as "0.005"). */
export function rateOf(text: string): Rate {
  const rate = exactOf(text);
  const factor = pow10(rate.places) + rate.digits;
  const ln = { places: 0, value: 0n };
  return { ...rate, text, factor, lnFloat: Math.log1p(Number(text)), ln, squarings: new Map() };
}

/** The bank's rate, 0.003: the one every output but the homepage's what-if answer uses. */
export const BANK_RATE = rateOf(DAILY_INTEREST_RATE);

/** current·(1 + r)^n exactly, for a whole n: (1 + r)^n is factor^n / 10^(n·places). */
export const grownWhole = (current: Exact, n: bigint, rate: Rate): Exact =>
  multiplyExact(current, { digits: rate.factor ** n, places: Number(n) * rate.places });

/** A fixed-point value and a bound on its distance from the exact value, both in units of 10^-places. */
export interface Approximation {
  value: bigint;
  error: bigint;
}

/** The natural logarithm of a positive exact value as a float, for estimates; any size of digits. */
export function lnEstimate(value: Exact): number {
  const text = value.digits.toString();
  const lead = Math.min(17, text.length);
  return Math.log(Number(text.slice(0, lead))) + (text.length - lead - value.places) * Math.LN10;
}

/**
 * ln(1 + r)·10^places within 2 units: 2·atanh(r / (2 + r)), summed with 10 guard digits (each of
 * its terms truncates by under 2 units there, and r / (2 + r) < 0.05 makes them few), kept for the
 * most places asked so far.
 */
function lnFactor(places: number, rate: Rate): bigint {
  const lnCache = rate.ln;
  if (lnCache.places < places) {
    const guarded = places + 10;
    const [p, q] = [rate.digits, 2n * pow10(rate.places) + rate.digits];
    let power = (pow10(guarded) * p) / q;
    let sum = power;
    for (let k = 3n; power > 0n; k += 2n) {
      power = (power * p * p) / (q * q);
      sum += power / k;
    }
    rate.ln = { places: guarded, value: 2n * sum };
  }
  return rate.ln.value / pow10(rate.ln.places - places);
}

/**
 * e^x − 1 for 0 ≤ x ≤ ln(1.1) < 0.1 (fixed point): its Taylor series until a term truncates to 0.
 * Each term is within 1.06 units of x^k/k! and the tail is under one unit, so the error is at most
 * (number of terms + 2) units; the terms shrink at least 20-fold each, so there are fewer than `places`.
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

/**
 * (1 + r)^n·10^places for a whole n ≥ 0. Squaring doubles a relative error and adds one unit,
 * so (1 + r)^(2^k) is within (2^k − 1) units relative; the product over the bits of n is within
 * (2n + 20) units relative (second-order terms included, for places ≥ 20).
 */
function wholePower(n: number, places: number, rate: Rate): bigint {
  const squaringsByPlaces = rate.squarings;
  if (squaringsByPlaces.size > 64) squaringsByPlaces.clear();
  const one = pow10(places);
  let squarings = squaringsByPlaces.get(places);
  if (!squarings) squaringsByPlaces.set(places, (squarings = [(rate.factor * one) / pow10(rate.places)]));
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
export function growthFactorAt(days: Days, places: number, rate: Rate): Approximation {
  const one = pow10(places);
  const whole = days.numerator / days.denominator;
  const rest = days.numerator % days.denominator;
  const power = wholePower(Number(whole), places, rate);
  const withinDay = one + expMinusOne((rest * lnFactor(places, rate)) / days.denominator, places);
  const value = (power * withinDay) / one;
  return { value, error: (2n * whole + BigInt(places) + 64n) * (value / one + 1n) };
}

/**
 * (1 + r)^(1/24) − 1, one hour of compounding: the series at x = ln(1 + r)/24 (within 2 units), so within
 * places + 8 units.
 */
export function hourlyRateAt(places: number, rate: Rate): Approximation {
  return { value: expMinusOne(lnFactor(places, rate) / 24n, places), error: BigInt(places) + 8n };
}

/** Whole days in the float estimate of ln(target / current) / ln(1 + r): within one of the true count. */
export function wholeDaysEstimate(current: Exact, target: Exact, rate: Rate): number {
  return Math.max(0, Math.floor((lnEstimate(target) - lnEstimate(current)) / rate.lnFloat));
}

/**
 * Days for `current` to grow to `target` (target > current > 0): ln(target / current) / ln(1 + r),
 * as n + ln(y)/ln(1 + r) with n the estimated whole days and y = target / (current·(1 + r)^n)
 * near 1, whose logarithm is 2·atanh((y − 1)/(y + 1)). y is within (2n + 23) units, the
 * logarithm within (2n + 4·places + 30), and dividing by ln(1 + r) multiplies that by 1 / ln(1 + r)
 * (under 334 for r = 0.003); the bound allows 1.2 / ln(1 + r) times (2n + 4·places + 64) units.
 */
export function daysToReachAt(current: Exact, target: Exact, places: number, rate: Rate): Approximation {
  const whole = wholeDaysEstimate(current, target, rate);
  const one = pow10(places);
  const [targetDigits, currentDigits] = aligned(target, current);
  const y = (targetDigits * one * one) / (currentDigits * wholePower(whole, places, rate));
  const s = ((y - one) * one) / (y + one);
  const s2 = (s * s) / one;
  let term = s;
  let sum = s;
  for (let k = 3n; term !== 0n; k += 2n) {
    term = (term * s2) / one;
    sum += term / k;
  }
  const value = BigInt(whole) * one + (2n * sum * one) / lnFactor(places, rate);
  const widen = BigInt(Math.ceil(1.2 / rate.lnFloat));
  return { value, error: widen * (2n * BigInt(whole) + 4n * BigInt(places) + 64n) };
}
