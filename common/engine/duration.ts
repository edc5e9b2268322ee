/**
 * Time in days, and whole seconds back to calendar-style parts, with the contract's fixed
 * constants: a year is 365 days, a month 30 days, a day 24 hours, 1,440 minutes or 86,400 seconds.
 */
import { TIME_NORMALIZATION as TIME } from "../constants.ts";
import { addExact, exactOf, multiplyExact, pow10 } from "./exact.ts";
import type { Duration } from "../../contract/calculate-output.ts";

/** The inputs that make up a duration, largest unit first. */
export const DURATION_UNITS = ["years", "months", "days", "hours", "minutes", "seconds"] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

/** A duration as the caller gives it (JSON numbers or decimal strings); a missing part counts as 0. */
export type DurationInput = Partial<Record<DurationUnit, number | string | undefined>>;

/** Whole seconds in one of each unit. */
const SECONDS_PER_UNIT: Record<DurationUnit, number> = {
  years: TIME.yearDays * TIME.secondsPerDay,
  months: TIME.monthDays * TIME.secondsPerDay,
  days: TIME.secondsPerDay,
  hours: TIME.secondsPerDay / TIME.hoursPerDay,
  minutes: TIME.secondsPerDay / TIME.minutesPerDay,
  seconds: 1,
};

export const SECONDS_PER_DAY = BigInt(TIME.secondsPerDay);

/**
 * How many whole units fit in `days` days, rounded down: the largest value a unit input can take
 * on its own, so that every advertised maximum can be sent (36,500 days are 1,216 months, since
 * 1,217 months are 36,510 days).
 */
export function unitsIn(days: number, unit: DurationUnit): number {
  return Math.floor((days * TIME.secondsPerDay) / SECONDS_PER_UNIT[unit]);
}

/** A number of days as an exact fraction. */
export interface Days {
  numerator: bigint;
  denominator: bigint;
}

/**
 * years·365 + months·30 + days + hours/24 + minutes/1440 + seconds/86400, exactly: every part
 * is counted in seconds over one power of ten, and divided by 86,400 as a fraction.
 */
export function durationDays(duration: DurationInput): Days {
  const seconds = DURATION_UNITS.reduce((sum, unit) => {
    const value = duration[unit];
    return value === undefined
      ? sum
      : addExact(sum, multiplyExact(exactOf(value), exactOf(SECONDS_PER_UNIT[unit])));
  }, exactOf(0));
  return { numerator: seconds.digits, denominator: SECONDS_PER_DAY * pow10(seconds.places) };
}

/**
 * The parts of a whole number of seconds, as the contract's `Duration` states them: as many years as
 * fit, then months, days, hours, minutes; the non-zero parts in words, "0 seconds" when there are none.
 */
export function durationFromSeconds(totalSeconds: number): Duration {
  let rest = totalSeconds;
  const parts = {} as Record<DurationUnit, number>;
  for (const unit of DURATION_UNITS) {
    parts[unit] = Math.floor(rest / SECONDS_PER_UNIT[unit]);
    rest -= parts[unit] * SECONDS_PER_UNIT[unit];
  }
  const words = DURATION_UNITS.filter((unit) => parts[unit] > 0).map(
    (unit) => `${parts[unit]} ${parts[unit] === 1 ? unit.slice(0, -1) : unit}`,
  );
  return { ...parts, totalSeconds, text: words.length > 0 ? words.join(", ") : "0 seconds" };
}
