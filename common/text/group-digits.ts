/**
 * Digits grouped by commas in threes for reading, the one way every page, message and output
 * writes a large figure.
 */

const numbers = new Intl.NumberFormat("en-US", { maximumFractionDigits: 20 });

/** A number or BigInt written out in full: 1e20 → `100,000,000,000,000,000,000`. */
export const groupNumber = (value: number | bigint) => numbers.format(value);

/**
 * `"160000000"` → `160,000,000`; a decimal string keeps its fraction's digits as written
 * (`"1000.50000000"` → `1,000.50000000`); a number or BigInt as `groupNumber` writes it.
 */
export function groupDigits(value: string | number | bigint): string {
  if (typeof value !== "string") return groupNumber(value);
  const [whole = "", fraction] = value.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
