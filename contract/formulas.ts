/**
 * The growth formula as text, built once from the constants: the data, the contract and the tool
 * descriptions quote it.
 */
import { DAILY_INTEREST_RATE, TIME_NORMALIZATION as time } from "../common/constants.ts";
import { shiftPoint } from "../common/engine/exact.ts";

/** How the time inputs become days. */
export const DURATION_DAYS_FORMULA =
  `years × ${time.yearDays} + months × ${time.monthDays} + days + hours ÷ ${time.hoursPerDay} + minutes ` +
  `÷ ${time.minutesPerDay} + seconds ÷ ${time.secondsPerDay}`;

/** How a balance grows over those days. */
export const GROWTH_FORMULA = `futureGems = currentGems × (1 + ${DAILY_INTEREST_RATE})^durationDays`;

/** The daily interest rate as a percent: "0.3" for "0.003". */
export const DAILY_INTEREST_PERCENT = shiftPoint(DAILY_INTEREST_RATE, 2);
