/**
 * The rules of the `calculate-exp-growth` input, written once and without zod: the fields, their
 * bounds, the longest decimal string, JSON numbers that cannot have arrived exactly, the duration
 * total, and every message. The zod schema in `contract/calculate-input.ts` states the shape
 * they allow for JSON Schema (the tool's `inputSchema`); `check-input.ts` applies them, in the
 * page and in Node.
 */
import { TIME_NORMALIZATION as TIME } from "../constants.ts";
import {
  DURATION_UNITS,
  durationDays,
  unitsIn,
  type Days,
  type DurationInput,
  type DurationUnit,
} from "../engine/duration.ts";
import { compareExact, exactOf, pow10 } from "../engine/exact.ts";

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

const { maxGems, maxDurationDays, maxStringLength } = CALCULATE_LIMITS;

/** 2^53: from here up a double skips whole numbers, so a JSON number may not hold the digits sent. */
export const EXACT_NUMBER_LIMIT = 2 ** 53;

/**
 * Whether a JSON number may not be the amount the caller wrote. A JSON number is read as the
 * double it parses to, and from 2^53 up a double skips whole numbers: `9007199254740993` arrives as
 * 9007199254740992 and `10000000000000001` as 10000000000000000, indistinguishable from the
 * numbers they became. The tool sees only the double, so it refuses them all.
 */
export const lossyNumber = (value: number): boolean => value >= EXACT_NUMBER_LIMIT;

/** The message of such a number. */
export const LOSSY_NUMBER_MESSAGE =
  `is a JSON number of 2^53 (${EXACT_NUMBER_LIMIT}) or more, which arrives as the nearest double ` +
  "(9007199254740993 arrives as 9007199254740992), so the tool cannot know the digits that were sent; " +
  "send the digits as a decimal string, in quotes";

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

/** The message of a value outside its field's bounds. */
export const rangeMessage = (rule: AmountRule) => `must be ${boundsText(rule)}`;

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

/** Whether a string is longer than a decimal string may be, counted in code points. */
export const tooLong = (text: string) =>
  text.length > maxStringLength && (text.length > 2 * maxStringLength || [...text].length > maxStringLength);

/**
 * A decimal string of digits with its point moved `exponent` places right (left when negative), leading and
 * trailing zeros dropped: ("2.75", 6) → `2750000`, ("0.003", 2) → `0.3`, ("25", -1) → `2.5`.
 */
export function shiftPoint(decimal: string, exponent: number): string {
  const [whole = "", fraction = ""] = decimal.split(".");
  const digits = whole + fraction;
  const places = fraction.length - exponent;
  const padded = places < 0 ? digits + "0".repeat(-places) : digits.padStart(places + 1, "0");
  const point = padded.length - Math.max(places, 0);
  const integer = padded.slice(0, point).replace(/^0+(?=\d)/, "");
  const decimals = padded.slice(point).replace(/0+$/, "");
  return decimals ? `${integer}.${decimals}` : integer;
}

const SUFFIX_ZEROS: Record<string, number> = { k: 3, m: 6, b: 9, t: 12 };

/**
 * What is wrong with a string that is not a plain decimal, named as the caller would say it, with
 * the string to send instead where it can be worked out. Strings here are at most 64 characters.
 */
export function decimalMistake(text: string): string {
  const plain = 'plain decimal digits, such as "1000000" or "1000000.5"';
  if (text === "") return `is an empty string; send ${plain}`;
  if (/\s/.test(text))
    return `contains spaces; send the digits alone, such as "${text.replace(/\s/g, "") || "1000000"}"`;
  if (/^[+-]/.test(text)) return `has a sign ("${text[0]}"); amounts are never negative, so send ${plain}`;
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) {
    const digits = text.replace(/,/g, "");
    return `groups digits with commas; send ${digits} or "${digits}"`;
  }
  if (/,/.test(text))
    return `has a comma; the decimal separator is a point, such as "${text.replace(",", ".")}"`;
  const suffix = /^(\d+(?:\.\d+)?)([kmbt])$/i.exec(text);
  if (suffix)
    return (
      `has a suffix ("${suffix[2]}"); write the amount out, such as ` +
      `"${shiftPoint(suffix[1] as string, SUFFIX_ZEROS[(suffix[2] as string).toLowerCase()] as number)}"`
    );
  const exponent = /^(\d+(?:\.\d+)?)e\+?(\d{1,2})$/i.exec(text);
  if (exponent)
    return (
      "has an exponent; write the amount out in digits, such as " +
      `"${shiftPoint(exponent[1] as string, Number(exponent[2]))}"`
    );
  if (/e[+-]?\d+$/i.test(text)) return `has an exponent; write the amount out in ${plain}`;
  if (/^0\d+(\.\d+)?$/.test(text)) return `has a leading zero; send "${text.replace(/^0+(?=\d)/, "")}"`;
  if (/^\.\d+$/.test(text)) return `needs a digit before the point; send "0${text}"`;
  if (/^\d+\.$/.test(text)) return `needs a digit after the point; send "${text.slice(0, -1)}"`;
  return `must be written in ${plain}`;
}

/** The message of a value that is neither a finite number nor a decimal string of at most 64 characters. */
export function kindMistake(input: unknown): string {
  if (input === undefined) return "is required";
  if (typeof input === "string")
    return `is ${input.length} characters long; a decimal string may have at most ${maxStringLength}`;
  const type = typeof input;
  if (type === "number") return "must be a finite number or a decimal string, not NaN or Infinity";
  if (input === null)
    return (
      "must be a number or a decimal string, not null (a JSON number too large for a double, such as " +
      "1e400, arrives as null; send large amounts as decimal strings)"
    );
  const kind = Array.isArray(input) ? "an array" : `${/^[aeiou]/.test(type) ? "an" : "a"} ${type}`;
  return `must be a number or a decimal string, not ${kind}`;
}

/** The message of an input that is not an object. */
export const NOT_AN_OBJECT =
  'must be an object of named inputs, such as {"currentGems": 1000000, "days": 30}';

/** The message of a `list-exp-ranks` input that is not an object. */
export const NOT_AN_EMPTY_OBJECT = "must be an empty object {}";

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
  const places = Math.max(8, first + 1);
  const rounded = ((days.numerator * pow10(places) * 2n + days.denominator) / (2n * days.denominator))
    .toString()
    .padStart(places + 1, "0");
  return `${rounded.slice(0, -places)}.${rounded.slice(-places)}`.replace(/\.?0+$/, "");
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
