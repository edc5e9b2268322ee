/**
 * Time in days, and days back to calendar-style parts, with the contract's fixed constants:
 * a year is 365 days, a month 30 days, a day 24 hours, 1,440 minutes or 86,400 seconds.
 */
import { TIME_NORMALIZATION as t } from "../contract/constants.ts";
import { toDecimal, type Amount, type Decimal } from "./decimal.ts";
import { ONE, exactParts, fromFixedPoint, pow10, toFixedPoint } from "./fixed-point.ts";

/** A duration as the caller gives it; a missing part counts as 0. */
export interface DurationInput {
  years?: Amount | undefined;
  months?: Amount | undefined;
  days?: Amount | undefined;
  hours?: Amount | undefined;
  minutes?: Amount | undefined;
  seconds?: Amount | undefined;
}

/** The inputs that make up a duration, largest unit first. */
export const DURATION_UNITS = ["years", "months", "days", "hours", "minutes", "seconds"] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

/** Whole seconds in one of each unit. */
export const SECONDS_PER_UNIT: Record<DurationUnit, number> = {
  years: t.yearDays * t.secondsPerDay,
  months: t.monthDays * t.secondsPerDay,
  days: t.secondsPerDay,
  hours: t.secondsPerDay / t.hoursPerDay,
  minutes: t.secondsPerDay / t.minutesPerDay,
  seconds: 1,
};

/** How many of one unit make `days` days, rounded up to a whole number: the largest value a unit input can take on its own (the total rule keeps the sum within `days`). */
export function unitsIn(days: number, unit: DurationUnit): number {
  return Math.ceil((days * t.secondsPerDay) / SECONDS_PER_UNIT[unit]);
}

/**
 * years·365 + months·30 + days + hours/24 + minutes/1440 + seconds/86400 in fixed point: the
 * seconds are added exactly and divided by 86,400 once, so a total that ends at the 9th decimal
 * (a tie) is seen exactly and rounded half-up, not from a value just below it.
 */
export function durationDaysFixed(duration: DurationInput): bigint {
  const terms: { digits: bigint; places: number; seconds: number }[] = [];
  let places = 0;
  for (const unit of DURATION_UNITS) {
    const value = duration[unit];
    if (value === undefined) continue;
    const parts = exactParts(toDecimal(value));
    terms.push({ ...parts, seconds: SECONDS_PER_UNIT[unit] });
    places = Math.max(places, parts.places);
  }
  const totalSeconds = terms.reduce((sum, term) => sum + term.digits * pow10(places - term.places) * BigInt(term.seconds), 0n);
  return (totalSeconds * ONE) / (BigInt(t.secondsPerDay) * pow10(places));
}

/** years·365 + months·30 + days + hours/24 + minutes/1440 + seconds/86400. */
export function durationDays(duration: DurationInput): Decimal {
  return fromFixedPoint(durationDaysFixed(duration));
}

/** A duration in whole parts, largest unit first, and as words. */
export interface DurationParts {
  years: number;
  months: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** The whole duration in seconds: what the parts add up to. */
  totalSeconds: number;
  /** Non-zero parts in words, such as "1 year, 2 months, 3 days"; "0 seconds" when empty. */
  text: string;
}

/** The parts of a whole number of seconds: as many years as fit, then months, days, hours, minutes. */
export function durationFromSeconds(totalSeconds: number): DurationParts {
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

/**
 * `days` (≥ 0, fixed point) in parts, rounded up to the whole second, so that growing for the
 * whole duration reaches at least what growing for `days` does.
 */
export function durationPartsFixed(days: bigint): DurationParts {
  const seconds = days * BigInt(t.secondsPerDay);
  return durationFromSeconds(Number((seconds + ONE - 1n) / ONE));
}

/** `days` (≥ 0) in parts, rounded up to the whole second. */
export function durationParts(days: Amount): DurationParts {
  return durationPartsFixed(toFixedPoint(toDecimal(days)));
}
