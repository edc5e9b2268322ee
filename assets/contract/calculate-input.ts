/**
 * Input of the `calculate-exp-growth` browser tool. Every amount is a JSON number or an exact
 * decimal string; the bounds keep every call fast and every output bounded, and each field's
 * description states them. The same rule text becomes the description, the `inputSchema` and the
 * `resolution` of an error about that field.
 */
import * as z from "zod/mini";
import { describe } from "./describe.ts";
import { DECIMAL_NUMBER } from "./decimal.ts";
import { TIME_NORMALIZATION } from "./constants.ts";
import { DURATION_DAYS_FORMULA } from "./formulas.ts";
import { DURATION_UNITS, durationDaysFixed, unitsIn, type DurationUnit } from "../engine/duration.ts";
import { ONE, fromFixedPoint } from "../engine/fixed-point.ts";
import { toDecimal } from "../engine/decimal.ts";

/** Limits of the inputs. */
export const CALCULATE_LIMITS = {
  /** Largest `currentGems`, `goalGems` and `additionalGems`: 1e20 gems. */
  maxGems: "100000000000000000000",
  /** Longest total duration, in days: 100 years of 365 days. */
  maxDurationDays: 100 * TIME_NORMALIZATION.yearDays,
  /** Longest decimal string: room for 30 and more significant digits, short enough to reject at once. */
  maxStringLength: 64,
} as const;

const { maxGems, maxDurationDays, maxStringLength } = CALCULATE_LIMITS;

/** Largest value of each duration input on its own. */
export const DURATION_MAXIMA = Object.fromEntries(
  DURATION_UNITS.map((unit) => [unit, unitsIn(maxDurationDays, unit)]),
) as Record<DurationUnit, number>;

interface AmountRule {
  /** Whether 0 is allowed (durations) or the value must be positive (gems). */
  positive: boolean;
  /** Largest value, as a plain decimal string. */
  max: string;
  example: string;
}

/** "a number or a decimal string of plain digits, greater than 0 and at most 1000, such as 12 or \"12.5\"". */
function ruleText({ positive, max, example }: AmountRule): string {
  const lower = positive ? "greater than 0" : "at least 0";
  return `a number or a decimal string of plain digits (no sign, exponent or spaces, at most ${maxStringLength} characters), ${lower} and at most ${max}, such as ${example} or "${example}.5"`;
}

/** What to send instead, for each field: read by the error `resolution` of the tool. */
export const FIELD_GUIDANCE: Record<string, string> = {};

function inRange(text: string, { positive, max }: AmountRule): boolean {
  const value = toDecimal(text);
  return (positive ? value.gt(0) : value.gte(0)) && value.lte(max);
}

/** A JSON number or an exact decimal string, within the rule's bounds. */
function amount(field: string, meaning: string, rule: AmountRule) {
  const rangeMessage = `must be ${rule.positive ? "greater than 0" : "at least 0"} and at most ${rule.max}`;
  const rule_ = ruleText(rule);
  FIELD_GUIDANCE[field] = `Send ${field} as ${rule_}.`;
  const number = z.number().check(
    rule.positive ? z.gt(0, rangeMessage) : z.gte(0, rangeMessage),
    z.lte(Number(rule.max), rangeMessage),
  );
  const decimal = z.string().check(
    // Aborts before the pattern and the range, so a 100,000-digit string costs one length check.
    z.maxLength(maxStringLength, { abort: true }),
    z.regex(DECIMAL_NUMBER, "must be written in plain decimal digits with no sign, exponent or spaces, such as \"1000000\" or \"1000000.5\""),
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
    `${meaning} Send ${rule_}.`,
  );
}

const gems = (field: string, meaning: string) =>
  amount(field, meaning, { positive: true, max: maxGems, example: "1000000" });

const durationRule = (unit: DurationUnit): AmountRule => ({ positive: false, max: String(DURATION_MAXIMA[unit]), example: "2" });

const time = (unit: DurationUnit, meaning: string) => z.optional(amount(unit, meaning, durationRule(unit)));

const t = TIME_NORMALIZATION;
const durationLimit = `at most ${maxDurationDays} days (${maxDurationDays / t.yearDays} years)`;
export const DURATION_GUIDANCE = `Send years, months, days, hours, minutes and seconds that together come to ${durationLimit}.`;

export const CalculateInput = describe(
  z
    .strictObject(
      {
        currentGems: gems("currentGems", "Gems held now."),
        goalGems: z.optional(gems("goalGems", "A target total balance: the result says how long until the balance reaches it.")),
        additionalGems: z.optional(gems("additionalGems", "An amount to earn on top of currentGems: the result says how long until the balance reaches currentGems + additionalGems.")),
        years: time("years", `Years to grow, of ${t.yearDays} days each.`),
        months: time("months", `Months to grow, of ${t.monthDays} days each.`),
        days: time("days", "Days to grow."),
        hours: time("hours", `Hours to grow (${t.hoursPerDay} to a day).`),
        minutes: time("minutes", `Minutes to grow (${t.minutesPerDay} to a day).`),
        seconds: time("seconds", `Seconds to grow (${t.secondsPerDay} to a day).`),
      },
      {
        error: (issue) =>
          issue.code === "invalid_type" ? "must be an object of named inputs, such as {\"currentGems\": 1000000, \"days\": 30}" : undefined,
      },
    )
    .check(
      z.superRefine((input, ctx) => {
        // A time field out of its own range is reported by its own check and not summed here, so
        // the total stays a short, bounded number in the message.
        const outOfRange = DURATION_UNITS.some((unit) => {
          const value = input[unit];
          return value !== undefined && !(typeof value === "string" ? DECIMAL_NUMBER.test(value) && inRange(value, durationRule(unit)) : Number.isFinite(value) && value >= 0 && value <= DURATION_MAXIMA[unit]);
        });
        if (outOfRange) return;
        let total;
        try {
          total = durationDaysFixed(input);
        } catch {
          return;
        }
        if (total > BigInt(maxDurationDays) * ONE) {
          const days = fromFixedPoint(total).toDecimalPlaces(8).toString();
          ctx.addIssue({ code: "custom", path: [], message: `years, months, days, hours, minutes and seconds come to ${days} days; the total must be ${durationLimit}` });
        }
      }),
    ),
  `A gem balance and optional growth time, goal and additional amount. Amounts are gems; the duration is ${DURATION_DAYS_FORMULA} days, at most ${maxDurationDays} days in all; a missing time counts as 0. Unknown keys are rejected.`,
);
export type CalculateInput = z.infer<typeof CalculateInput>;

/** What to send for a well-formed call, used when the input is not an object at all. */
export const INPUT_EXAMPLE = { currentGems: 1000000, days: 30 } as const;
