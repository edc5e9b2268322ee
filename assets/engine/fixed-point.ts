/**
 * Fixed-point numbers with 60 decimal places held in a BigInt, for the series inside the growth
 * formulas. A series term here is one BigInt multiplication and division, where the same step in
 * decimal.js-light takes a few microseconds; this keeps a whole calculation well under a
 * millisecond. Values enter and leave as Decimals.
 */
import { Decimal } from "./decimal.ts";

/** Decimal places kept: beyond the 50 significant digits the rest of the engine works with. */
export const PLACES = 60;
export const ONE = 10n ** BigInt(PLACES);

/** A non-negative Decimal as fixed point, truncated to `PLACES` decimals. */
export function toFixedPoint(value: Decimal): bigint {
  return BigInt(value.toFixed(PLACES, Decimal.ROUND_DOWN).replace(".", ""));
}

/** A non-negative fixed-point value as an exact Decimal. */
export function fromFixedPoint(value: bigint): Decimal {
  const digits = value.toString().padStart(PLACES + 1, "0");
  return new Decimal(`${digits.slice(0, -PLACES)}.${digits.slice(-PLACES)}`);
}

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
