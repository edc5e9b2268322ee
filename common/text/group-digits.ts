import { numberFormat } from "./formats.ts";

/**
 * Digits grouped by commas in threes for reading, the one way every page, message and output
 * writes a large figure: `"160000000"` → `160,000,000`; a decimal string keeps its fraction's digits
 * as written (`"1000.50000000"` → `1,000.50000000`: Intl reads a string as the exact decimal); a
 * number or BigInt as en-US's Intl writes it, in full (1e20 → `100,000,000,000,000,000,000`).
 */
export function groupDigits(value: string | number | bigint): string {
  const places = typeof value === "string" ? (value.split(".")[1]?.length ?? 0) : 0;
  const digits = { minimumFractionDigits: places, maximumFractionDigits: Math.max(places, 20) };
  return numberFormat("en-US", digits).format(value as Intl.StringNumericLiteral);
}
