/**
 * The goal badge's figures, exactly: how far a balance is towards a goal, and a goal as a multiple
 * of the top rank's threshold. Both compare BigInt digits, never floats, so "reached" and "=" agree
 * with the calculator's exact answer (as floats, 1,000,000,000,000,000,000 gems of a goal of
 * 1,000,000,000,000,000,001 would read as reached).
 */
import { aligned, type Exact } from "../../common/engine/exact.ts";

/**
 * A count of hundredths as a plain decimal: 208n → "2.08", 1230n → "12.3", 500n → "5" (a double
 * prints the shortest decimal that reads back as it, which for these counts is the exact one).
 */
const hundredthsText = (hundredths: bigint) => String(Number(hundredths) / 100);

/** "reached", or how far `current` is towards `goal` (above 0), rounded down: "99.99% of the way". */
export function progressText(current: Exact, goal: Exact): string {
  const [have, want] = aligned(current, goal);
  const hundredths = (have * 10_000n) / want;
  return have >= want ? "reached" : `${hundredths ? hundredthsText(hundredths) : "under 0.01"}% of the way`;
}

/** `goal` as a multiple of `threshold` (above 0), rounded half up to 2 decimals, and whether it is that exactly. */
export function multipleOf(goal: Exact, threshold: Exact): { times: string; exact: boolean } {
  const [want, step] = aligned(goal, threshold);
  const hundredths = (want * 200n + step) / (2n * step);
  return { times: hundredthsText(hundredths), exact: hundredths * step === want * 100n };
}
