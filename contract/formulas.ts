/**
 * The growth formula as text, built once from the constants: the data, the contract and the tool
 * descriptions quote it.
 */
import { DAILY_INTEREST_RATE, TIME_NORMALIZATION as time } from "../common/constants.ts";

/** How the time inputs become days. */
export const DURATION_DAYS_FORMULA =
  `years × ${time.yearDays} + months × ${time.monthDays} + days + hours ÷ ${time.hoursPerDay} + minutes ` +
  `÷ ${time.minutesPerDay} + seconds ÷ ${time.secondsPerDay}`;

/** How a balance grows over those days. */
export const GROWTH_FORMULA = `futureGems = currentGems × (1 + ${DAILY_INTEREST_RATE})^durationDays`;

/** A non-negative decimal string times 100, by moving its point: "0.003" becomes "0.3". */
function percentOf(decimal: string): string {
  const [whole = "", fraction = ""] = decimal.split(".");
  const digits = `${whole}${fraction.padEnd(2, "0")}`;
  const point = whole.length + 2;
  const text = `${digits.slice(0, point)}.${digits.slice(point)}`
    .replace(/^0+(?=\d)/, "")
    .replace(/\.?0*$/, "");
  return text === "" ? "0" : text;
}

/** The daily interest rate as a percent: "0.3" for "0.003". */
export const DAILY_INTEREST_PERCENT = percentOf(DAILY_INTEREST_RATE);
