/**
 * Digits grouped by commas in threes for reading, the one way every page, message and output
 * writes a large figure: `"160000000"` → `160,000,000`; a decimal string keeps its fraction's digits
 * as written (`"1000.50000000"` → `1,000.50000000`); a number or BigInt as en-US's Intl writes it, in
 * full (1e20 → `100,000,000,000,000,000,000`).
 */
export function groupDigits(value: string | number | bigint): string {
  if (typeof value !== "string")
    return new Intl.NumberFormat("en-US", { maximumFractionDigits: 20 }).format(value);
  const [whole = "", fraction] = value.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
