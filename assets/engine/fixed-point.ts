/**
 * Exact decimals as BigInt digits over a power of ten, and fixed point with 60 decimal places,
 * for the growth formulas. A series term here is one BigInt multiplication and division, where the
 * same step in decimal.js-light takes microseconds and allocates arrays; this keeps a whole
 * calculation well under a millisecond. Values enter and leave as Decimals.
 */
import { Decimal } from "./decimal.ts";

/** Decimal places of fixed point: beyond the 50 significant digits the rest of the engine keeps. */
export const PLACES = 60;
export const ONE = 10n ** BigInt(PLACES);

const powers: bigint[] = [1n];

/** 10^n as a BigInt, cached. */
export function pow10(n: number): bigint {
  for (let k = powers.length; k <= n; k += 1) powers.push((powers[k - 1] as bigint) * 10n);
  return powers[n] as bigint;
}

/** A non-negative Decimal exactly, as `digits / 10^places`. */
export function exactParts(value: Decimal): { digits: bigint; places: number } {
  const [whole = "0", fraction = ""] = value.toString().split(".");
  return { digits: BigInt(whole + fraction), places: fraction.length };
}

/** `digits / 10^places` (digits ≥ 0) as an exact Decimal. */
export function scaledToDecimal(digits: bigint, places: number): Decimal {
  if (places === 0) return new Decimal(digits.toString());
  const text = digits.toString().padStart(places + 1, "0");
  return new Decimal(`${text.slice(0, -places)}.${text.slice(-places)}`);
}

/**
 * `digits / 10^places` (digits ≥ 0) with exactly 8 fractional digits, rounded half-up: the same
 * text as `toFixed8` on the exact Decimal, without building it.
 */
export function scaledToFixed8(digits: bigint, places: number): string {
  const eighths = places <= 8 ? digits * pow10(8 - places) : (digits + 5n * pow10(places - 9)) / pow10(places - 8);
  const text = eighths.toString().padStart(9, "0");
  return `${text.slice(0, -8)}.${text.slice(-8)}`;
}

/** A fixed-point value (≥ 0) with exactly 8 fractional digits, rounded half-up. */
export const fixedToFixed8 = (value: bigint): string => scaledToFixed8(value, PLACES);

/** A non-negative Decimal as fixed point, truncated to `PLACES` decimals. */
export function toFixedPoint(value: Decimal): bigint {
  const { digits, places } = exactParts(value);
  return places <= PLACES ? digits * pow10(PLACES - places) : digits / pow10(places - PLACES);
}

/** A non-negative fixed-point value as an exact Decimal. */
export const fromFixedPoint = (value: bigint): Decimal => scaledToDecimal(value, PLACES);

export const multiply = (a: bigint, b: bigint): bigint => (a * b) / ONE;
export const divide = (a: bigint, b: bigint): bigint => (a * ONE) / b;

/** exp(x) − 1 by its Taylor series, for 0 ≤ x well below 1; stops when a term vanishes. */
export function expMinusOne(x: bigint): bigint {
  let term = x;
  let sum = x;
  for (let k = 2n; term > 0n; k += 1n) {
    term = (term * x) / ONE / k;
    sum += term;
  }
  return sum;
}

/** ln(y) = 2 · atanh((y − 1) / (y + 1)) for y > 0 near 1, where the series converges fast. */
export function lnNearOne(y: bigint): bigint {
  const s = divide(y - ONE, y + ONE);
  const s2 = multiply(s, s);
  let power = s;
  let sum = s;
  for (let k = 3n; power !== 0n; k += 2n) {
    power = multiply(power, s2);
    sum += power / k;
  }
  return 2n * sum;
}
