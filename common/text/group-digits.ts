/**
 * Digits grouped by commas in threes for reading, the one way every page, message and output
 * writes a large figure.
 */

/** Commas between each three digits of a run of digits, counted from its end. */
const groupRun = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/**
 * en-US's formatter, made on first use: starting Intl costs a build about 30 ms, and a build
 * that groups only whole numbers never needs it.
 */
let numbers: Intl.NumberFormat | undefined;

/** Whether `String(value)` writes every digit of `value`: a whole number below 10²¹, not −0. */
const writtenInFull = (value: number) =>
  Number.isInteger(value) && Math.abs(value) < 1e21 && !Object.is(value, -0);

/** A number or BigInt written out in full: 1e20 → `100,000,000,000,000,000,000`. */
export function groupNumber(value: number | bigint): string {
  if (typeof value === "bigint" || writtenInFull(value)) return groupRun(String(value));
  numbers ??= new Intl.NumberFormat("en-US", { maximumFractionDigits: 20 });
  return numbers.format(value);
}

/**
 * `"160000000"` → `160,000,000`; a decimal string keeps its fraction's digits as written
 * (`"1000.50000000"` → `1,000.50000000`); a number or BigInt as `groupNumber` writes it.
 */
export function groupDigits(value: string | number | bigint): string {
  if (typeof value !== "string") return groupNumber(value);
  const [whole = "", fraction] = value.split(".");
  const grouped = groupRun(whole);
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
