/**
 * Input of the `calculate-exp-growth` browser tool. Every amount is a JSON number or an exact
 * decimal string; the bounds keep every call fast and every output bounded. The rules all fields
 * share are stated once, in the schema's description; each field's schema carries its bounds, and
 * its rule text is also the `resolution` of an error about that field.
 */
import * as z from "zod/mini";
import { describe } from "./describe.ts";
import { DECIMAL_NUMBER } from "./decimal.ts";
import { TIME_NORMALIZATION as TIME } from "./constants.ts";
import { DURATION_DAYS_FORMULA } from "./formulas.ts";
import { DURATION_UNITS, durationDays, unitsIn, type Days, type DurationUnit } from "../engine/duration.ts";
import { compareExact, exactOf, pow10 } from "../engine/exact.ts";

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

/** Largest value of each duration input on its own. */
const DURATION_MAXIMA = Object.fromEntries(
  DURATION_UNITS.map((unit) => [unit, unitsIn(maxDurationDays, unit)]),
) as Record<DurationUnit, number>;

/** The largest whole number a JSON number holds exactly: 2^53. */
const EXACT_NUMBER_LIMIT = 2 ** 53;

interface AmountRule {
  /** Whether 0 is allowed (durations) or the value must be positive (gems). */
  positive: boolean;
  /** Largest value, as a plain decimal string. */
  max: string;
  example: string;
}

const boundsText = ({ positive, max }: AmountRule) => `${positive ? "greater than 0" : "at least 0"} and at most ${max}`;

/** What to send instead, for each field: read by the error `resolution` of the tool. */
export const FIELD_GUIDANCE: Record<string, string> = {};

function inRange(text: string, { positive, max }: AmountRule): boolean {
  const value = exactOf(text);
  return compareExact(value, exactOf(0)) > (positive ? 0 : -1) && compareExact(value, exactOf(max)) <= 0;
}

/** The digits a shorthand stands for: `2750000` for `2.75`, 6. */
function written(number: string, zeros: number): string {
  const { digits, places } = exactOf(number);
  if (zeros >= places) return String(digits * pow10(zeros - places));
  const text = String(digits).padStart(places - zeros + 1, "0");
  return `${text.slice(0, zeros - places)}.${text.slice(zeros - places)}`;
}

const SUFFIX_ZEROS: Record<string, number> = { k: 3, m: 6, b: 9, t: 12 };

/**
 * What is wrong with a string that is not a plain decimal, named as the caller would say it, with
 * the string to send instead where it can be worked out. Strings here are at most 64 characters.
 */
function decimalMistake(text: string): string {
  const plain = 'plain decimal digits, such as "1000000" or "1000000.5"';
  if (text === "") return `is an empty string; send ${plain}`;
  if (/\s/.test(text)) return `contains spaces; send the digits alone, such as "${text.replace(/\s/g, "") || "1000000"}"`;
  if (/^[+-]/.test(text)) return `has a sign ("${text[0]}"); amounts are never negative, so send ${plain}`;
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) {
    const digits = text.replace(/,/g, "");
    return `groups digits with commas; send ${digits} or "${digits}"`;
  }
  if (/,/.test(text)) return `has a comma; the decimal separator is a point, such as "${text.replace(",", ".")}"`;
  const suffix = /^(\d+(?:\.\d+)?)([kmbt])$/i.exec(text);
  if (suffix) return `has a suffix ("${suffix[2]}"); write the amount out, such as "${written(suffix[1] as string, SUFFIX_ZEROS[(suffix[2] as string).toLowerCase()] as number)}"`;
  const exponent = /^(\d+(?:\.\d+)?)e\+?(\d{1,2})$/i.exec(text);
  if (exponent) return `has an exponent; write the amount out in digits, such as "${written(exponent[1] as string, Number(exponent[2]))}"`;
  if (/e[+-]?\d+$/i.test(text)) return `has an exponent; write the amount out in ${plain}`;
  if (/^0\d+(\.\d+)?$/.test(text)) return `has a leading zero; send "${text.replace(/^0+(?=\d)/, "")}"`;
  if (/^\.\d+$/.test(text)) return `needs a digit before the point; send "0${text}"`;
  if (/^\d+\.$/.test(text)) return `needs a digit after the point; send "${text.slice(0, -1)}"`;
  return `must be written in ${plain}`;
}

/** A JSON number or an exact decimal string, within the rule's bounds. */
function amount(field: string, meaning: string, rule: AmountRule) {
  const rangeMessage = `must be ${boundsText(rule)}`;
  FIELD_GUIDANCE[field] = `Send ${field} as a number or a decimal string of plain digits, ${boundsText(rule)}, such as ${rule.example} or "${rule.example}.5".`;
  const number = z.number().check(
    rule.positive ? z.gt(0, rangeMessage) : z.gte(0, rangeMessage),
    z.lte(Number(rule.max), rangeMessage),
  );
  const decimal = z.string().check(
    // Aborts before the other checks, so a 100,000-digit string costs one length check.
    z.maxLength(maxStringLength, { abort: true }),
    // The pattern is also the JSON Schema's; its message names the mistake actually made.
    z.regex(DECIMAL_NUMBER, { error: (issue) => decimalMistake(String(issue.input)) }),
    z.refine((text) => !DECIMAL_NUMBER.test(text) || inRange(text, rule), rangeMessage),
  );
  return describe(
    z.union([number, decimal], {
      error: (issue) => {
        if (issue.input === undefined) return "is required";
        if (typeof issue.input === "string") return `is ${issue.input.length} characters long; a decimal string may have at most ${maxStringLength}`;
        const type = typeof issue.input;
        if (type === "number") return "must be a finite number or a decimal string, not NaN or Infinity";
        const kind = issue.input === null ? "null" : Array.isArray(issue.input) ? "an array" : `${/^[aeiou]/.test(type) ? "an" : "a"} ${type}`;
        return `must be a number or a decimal string, not ${kind}`;
      },
    }),
    `${meaning} ${capitalized(boundsText(rule))}.`,
  );
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const gems = (field: string, meaning: string) => amount(field, meaning, { positive: true, max: maxGems, example: "1000000" });

const durationRule = (unit: DurationUnit): AmountRule => ({ positive: false, max: String(DURATION_MAXIMA[unit]), example: "2" });

const time = (unit: DurationUnit, meaning: string) => z.optional(amount(unit, meaning, durationRule(unit)));

const durationLimit = `at most ${maxDurationDays} days (${maxDurationDays / TIME.yearDays} years)`;
export const DURATION_GUIDANCE = `Send years, months, days, hours, minutes and seconds that together come to ${durationLimit}.`;

/**
 * A total of days as computed, with enough decimals to show how it differs from the limit: at
 * least 8, and one past the first digit that differs, rounded half-up (`36500.0000000012`).
 */
function daysText(days: Days, limit: number): string {
  const excess = days.numerator - BigInt(limit) * days.denominator;
  let first = 0;
  while (excess > 0n && excess * pow10(first) < days.denominator) first += 1;
  const places = Math.max(8, first + 1);
  const rounded = ((days.numerator * pow10(places) * 2n + days.denominator) / (2n * days.denominator)).toString().padStart(places + 1, "0");
  return `${rounded.slice(0, -places)}.${rounded.slice(-places)}`.replace(/\.?0+$/, "");
}

export const CalculateInput = describe(
  z
    .strictObject(
      {
        currentGems: gems("currentGems", "Gems held now. To see a deposit grow, add it here."),
        goalGems: z.optional(gems("goalGems", "A target total balance: the result says when the balance reaches it.")),
        additionalGems: z.optional(gems("additionalGems", "An amount to earn, not a deposit: the result says when the balance reaches currentGems + additionalGems.")),
        years: time("years", `Years to grow, of ${TIME.yearDays} days each.`),
        months: time("months", `Months to grow, of ${TIME.monthDays} days each.`),
        days: time("days", "Days to grow."),
        hours: time("hours", `Hours to grow (${TIME.hoursPerDay} to a day).`),
        minutes: time("minutes", `Minutes to grow (${TIME.minutesPerDay} to a day).`),
        seconds: time("seconds", `Seconds to grow (${TIME.secondsPerDay} to a day).`),
      },
      {
        error: (issue) =>
          issue.code === "invalid_type" ? "must be an object of named inputs, such as {\"currentGems\": 1000000, \"days\": 30}" : undefined,
      },
    )
    .check(
      z.superRefine((input, context) => {
        // A time field out of its own range is reported by its own check and not summed here, so
        // the total stays a short, bounded number in the message.
        const outOfRange = DURATION_UNITS.some((unit) => {
          const value = input[unit];
          return value !== undefined && !(typeof value === "string" ? DECIMAL_NUMBER.test(value) && inRange(value, durationRule(unit)) : Number.isFinite(value) && value >= 0 && value <= DURATION_MAXIMA[unit]);
        });
        if (outOfRange) return;
        const total = durationDays(input);
        if (total.numerator > BigInt(maxDurationDays) * total.denominator) {
          context.addIssue({ code: "custom", path: [], message: `years, months, days, hours, minutes and seconds come to ${daysText(total, maxDurationDays)} days; the total must be ${durationLimit}` });
        }
      }),
    ),
  [
    `A gem balance, an optional growth time, and optional targets; unknown keys are rejected.`,
    `Every amount is a JSON number or a decimal string of plain digits such as 1000000 or "1000000.5" (no sign, exponent, suffix such as 1M, digit grouping or spaces; at most ${maxStringLength} characters).`,
    `A JSON number above 2^53 (${EXACT_NUMBER_LIMIT}) or with more than 15 significant digits has already lost digits before the tool sees it: send such values as decimal strings.`,
    `The time is ${DURATION_DAYS_FORMULA} days, ${durationLimit} in all; a missing part counts as 0.`,
  ].join(" "),
);
export type CalculateInput = z.infer<typeof CalculateInput>;

/** What to send for a well-formed call, used when the input is not an object at all. */
export const INPUT_EXAMPLE = { currentGems: 1000000, days: 30 } as const;
