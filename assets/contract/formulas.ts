/** The growth formula as text, built once from the constants: the data, the contract and the tool descriptions quote it. */
import { DAILY_INTEREST_RATE, TIME_NORMALIZATION as t } from "./constants.ts";

/** How the time inputs become days. */
export const DURATION_DAYS_FORMULA = `years × ${t.yearDays} + months × ${t.monthDays} + days + hours ÷ ${t.hoursPerDay} + minutes ÷ ${t.minutesPerDay} + seconds ÷ ${t.secondsPerDay}`;

/** How a balance grows over those days. */
export const GROWTH_FORMULA = `futureGems = currentGems × (1 + ${DAILY_INTEREST_RATE})^durationDays`;
