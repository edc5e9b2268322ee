/**
 * Exact decimals as BigInt digits over a power of ten, and their rounding to the 8 decimal places
 * every output has. The page needs no decimal library: inputs are at most 64 characters, so these
 * integers stay small, and every rounding is done once, on an exact value or a proven interval.
 */

/** The non-negative value `digits / 10^places`. */
export interface Exact {
  digits: bigint;
  places: number;
}

/** Fractional digits of every computed decimal string. */
const FRACTION_DIGITS = 8;

/** 10^n as a BigInt. */
export const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** Plain digits, or the exponent form JavaScript prints a number in (`1e-7`, `1e+21`). */
const DECIMAL_TEXT = /^(\d+)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * A non-negative amount exactly: a decimal string as written, a JSON number as the shortest
 * decimal that reads back as it (what `String(number)` prints), the same rule as JSON itself.
 */
export function exactOf(value: number | string | bigint): Exact {
  const match = DECIMAL_TEXT.exec(String(value));
  if (!match) throw new RangeError(`${String(value).slice(0, 40)} is not a non-negative decimal`);
  const [, whole = "", fraction = "", exponent = "0"] = match;
  const digits = BigInt(whole + fraction);
  const places = fraction.length - Number(exponent);
  return places >= 0 ? { digits, places } : { digits: digits * pow10(-places), places: 0 };
}

/** Both values over the same power of ten: `[a, b, places]`. */
export function aligned(a: Exact, b: Exact): [bigint, bigint, number] {
  const places = Math.max(a.places, b.places);
  return [a.digits * pow10(places - a.places), b.digits * pow10(places - b.places), places];
}

/** −1, 0 or 1 as a is below, equal to or above b. */
export function compareExact(a: Exact, b: Exact): number {
  const [x, y] = aligned(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function addExact(a: Exact, b: Exact): Exact {
  const [x, y, places] = aligned(a, b);
  return { digits: x + y, places };
}

/** a × b, exactly. */
export const multiplyExact = (a: Exact, b: Exact): Exact => ({
  digits: a.digits * b.digits,
  places: a.places + b.places,
});

/** a − b for a ≥ b. */
export function subtractExact(a: Exact, b: Exact): Exact {
  const [x, y, places] = aligned(a, b);
  return { digits: x - y, places };
}

/** `whole.fraction` from a count of 10^-places units (10^-8 unless given). */
function fromUnits(units: bigint, places = FRACTION_DIGITS): string {
  const text = units.toString().padStart(places + 1, "0");
  return `${text.slice(0, -places)}.${text.slice(-places)}`;
}

/** numerator / denominator (≥ 0, > 0) with `places` fractional digits, rounded half-up: ⌊x·10^places + 1/2⌋. */
export function ratioToFixed(numerator: bigint, denominator: bigint, places: number): string {
  return fromUnits((numerator * pow10(places) * 2n + denominator) / (2n * denominator), places);
}

export const ratioToFixed8 = (numerator: bigint, denominator: bigint) =>
  ratioToFixed(numerator, denominator, FRACTION_DIGITS);

export const exactToFixed8 = (value: Exact): string => ratioToFixed8(value.digits, pow10(value.places));

/**
 * The 8-decimal rounding shared by every value in [low, high] / 10^places (places ≥ 9), or
 * undefined when the interval holds a rounding boundary and more precision is needed. Rounding is
 * monotone, so equal roundings at both ends settle the whole interval.
 */
export function fixed8Within(low: bigint, high: bigint, places: number): string | undefined {
  const unit = pow10(places - FRACTION_DIGITS);
  const half = unit / 2n;
  const lowest = (low < 0n ? 0n : low) + half;
  const highest = high + half;
  const eighths = lowest / unit;
  return eighths === highest / unit ? fromUnits(eighths) : undefined;
}

/**
 * A decimal string of digits with its point moved `exponent` places right (left when negative), leading and
 * trailing zeros dropped: ("2.75", 6) → `2750000`, ("0.003", 2) → `0.3`, ("25", -1) → `2.5`.
 */
export function shiftPoint(decimal: string, exponent: number): string {
  const [whole = "", fraction = ""] = decimal.split(".");
  const digits = whole + fraction;
  const places = fraction.length - exponent;
  const padded = places < 0 ? digits + "0".repeat(-places) : digits.padStart(places + 1, "0");
  const point = padded.length - Math.max(places, 0);
  const integer = padded.slice(0, point).replace(/^0+(?=\d)/, "");
  const decimals = padded.slice(point).replace(/0+$/, "");
  return decimals ? `${integer}.${decimals}` : integer;
}
