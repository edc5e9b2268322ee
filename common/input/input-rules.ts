/**
 * The rules of the `calculate-exp-growth` input, written once and without zod: the fields, their
 * bounds, the longest decimal string, the largest exact JSON number, the duration total and its
 * message. The zod schema in `contract/calculate-input.ts` states the shape they allow for JSON
 * Schema (the tool's `inputSchema`); `check-input.ts` applies them and words every other message,
 * in the page and in Node. */
import { TIME_NORMALIZATION as TIME } from "../constants.ts";
import {
  DURATION_UNITS,
  durationDays,
  unitsIn,
  type Days,
  type DurationInput,
  type DurationUnit,
} from "../engine/duration.ts";
import { compareExact, exactOf, pow10, ratioToFixed } from "../engine/exact.ts";

/** A non-negative whole number written in decimal digits, without sign or leading zeros: `0`, `160000000`. */
export const WHOLE_NUMBER = /^(0|[1-9][0-9]*)$/;

/** A non-negative decimal number written in plain digits: `0.003`, `12`, `1094026.87487131`. */
export const DECIMAL_NUMBER = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/** Limits of the inputs. */
export const CALCULATE_LIMITS = {
  /** Largest `currentGems`, `goalGems` and `additionalGems`: 1e20 gems. */
  maxGems: "100000000000000000000",
  /** Longest total duration, in days: 100 years of 365 days. */
  maxDurationDays: 100 * TIME.yearDays,
  /** Longest decimal string: room for 30 and more significant digits, short enough to reject at once. */
  maxStringLength: 64,
} as const;

const { maxGems, maxDurationDays } = CALCULATE_LIMITS;

/** 2^53: from here up a double skips whole numbers, so a JSON number may not hold the digits sent. */
export const EXACT_NUMBER_LIMIT = 2 ** 53;

/** Largest value of each duration input on its own. */
export const DURATION_MAXIMA = Object.fromEntries(
  DURATION_UNITS.map((unit) => [unit, unitsIn(maxDurationDays, unit)]),
) as Record<DurationUnit, number>;

/** One input: a JSON number or an exact decimal string within bounds. */
export interface AmountRule {
  field: string;
  /** Only `currentGems` is required. */
  required: boolean;
  /** Whether the value must be above 0 (gems) or may be 0 (durations). */
  positive: boolean;
  /** Largest value, as a plain decimal string. */
  max: string;
}

const gems = (field: string, required = false): AmountRule => ({
  field,
  required,
  positive: true,
  max: maxGems,
});

const DURATION_RULES = DURATION_UNITS.map((unit): AmountRule & { field: DurationUnit } => ({
  field: unit,
  required: false,
  positive: false,
  max: String(DURATION_MAXIMA[unit]),
}));

/** The inputs in the order the schema, the form and the messages list them. */
export const AMOUNT_RULES: readonly AmountRule[] = [
  gems("currentGems", true),
  gems("goalGems"),
  gems("additionalGems"),
  ...DURATION_RULES,
];

export const boundsText = ({ positive, max }: AmountRule) =>
  `${positive ? "greater than 0" : "at least 0"} and at most ${max}`;

/** How an amount too large for a JSON number is sent, said where a field's maximum is that large. */
const LARGE_AMOUNT_GUIDANCE =
  `; an amount of 2^53 (${EXACT_NUMBER_LIMIT}) or more only as a decimal string, ` +
  'such as "28164430411862642682"';

/** What to send instead, for each field: the error `resolution` of the tool. */
export const FIELD_GUIDANCE: Record<string, string> = Object.fromEntries(
  AMOUNT_RULES.map((rule) => [
    rule.field,
    `Send ${rule.field} as a number or a decimal string of plain digits, ${boundsText(rule)}, ` +
      `such as ${rule.positive ? '1000000 or "1000000.5"' : '2 or "2.5"'}` +
      `${Number(rule.max) > EXACT_NUMBER_LIMIT ? LARGE_AMOUNT_GUIDANCE : ""}.`,
  ]),
);

/**
 * A finite JSON number, or a decimal string (already matching `DECIMAL_NUMBER`) compared exactly,
 * within the rule's bounds.
 */
export function inRange(value: number | string, { positive, max }: AmountRule): boolean {
  if (typeof value === "number") return (positive ? value > 0 : value >= 0) && value <= Number(max);
  const exact = exactOf(value);
  return compareExact(exact, exactOf(0)) > (positive ? 0 : -1) && compareExact(exact, exactOf(max)) <= 0;
}

/** What to send for a well-formed call, used when the input is not an object at all. */
export const INPUT_EXAMPLE = { currentGems: 1000000, days: 30 } as const;

export const DURATION_LIMIT_TEXT = `at most ${maxDurationDays} days (${maxDurationDays / TIME.yearDays} years)`;
export const DURATION_GUIDANCE =
  "Send years, months, days, hours, minutes and seconds that together come to " + `${DURATION_LIMIT_TEXT}.`;

/**
 * A total of days as computed, with enough decimals to show how it differs from the limit: at
 * least 8, and one past the first digit that differs, rounded half-up (`36500.0000000012`).
 */
function daysText(days: Days, limit: number): string {
  const excess = days.numerator - BigInt(limit) * days.denominator;
  let first = 0;
  while (excess > 0n && excess * pow10(first) < days.denominator) first += 1;
  return ratioToFixed(days.numerator, days.denominator, Math.max(8, first + 1)).replace(/\.?0+$/, "");
}

/**
 * The message when the time fields together exceed the longest duration, else undefined. A time
 * field out of its own range is reported by its own rule and not summed here, so the total stays a
 * short, bounded number in the message. `subject` leads to the total, its verb included: the tools
 * name their fields ("… come to"); the homepage form says "The time to grow comes to", or "is"
 * after the one time field's label.
 */
export function durationTotalMistake(
  input: DurationInput,
  subject = "years, months, days, hours, minutes and seconds come to",
): string | undefined {
  const outOfRange = DURATION_RULES.some((rule) => {
    const value = input[rule.field];
    if (value === undefined) return false;
    const readable = typeof value === "string" ? DECIMAL_NUMBER.test(value) : Number.isFinite(value);
    return !(readable && inRange(value, rule));
  });
  if (outOfRange) return undefined;
  const total = durationDays(input);
  if (total.numerator <= BigInt(maxDurationDays) * total.denominator) return undefined;
  return `${subject} ${daysText(total, maxDurationDays)} days; the total must be ${DURATION_LIMIT_TEXT}`;
}
