/**
 * Input of the `calculate-exp-growth` browser tool as a zod schema, built from the rules in
 * `input-rules.ts`: it describes the shape (its JSON Schema is the tool's `inputSchema` and the
 * docs' input tables) and runs nowhere. The rules all fields share are stated once, in the
 * schema's description; each field's schema carries its bounds. The tools and the form check
 * input with `check-input.ts`, which applies the same rules, including those JSON Schema cannot
 * state (a decimal string's value against its bounds, the time total), and words every message.
 */
import * as z from "zod/mini";
import { describe } from "./describe.ts";
import { TIME_NORMALIZATION as TIME } from "../common/constants.ts";
import { DURATION_DAYS_FORMULA } from "./formulas.ts";
import {
  AMOUNT_RULES,
  CALCULATE_LIMITS,
  DECIMAL_NUMBER,
  DURATION_LIMIT_TEXT,
  EXACT_NUMBER_LIMIT,
  boundsText,
  type AmountRule,
} from "../common/input/input-rules.ts";

const { maxStringLength } = CALCULATE_LIMITS;

/** The lossy-number rule of the input checker, as the schema's description and the docs state it. */
export const LOSSY_NUMBER_RULE =
  `A JSON number is read as the double it parses to, so one of 2^53 (${EXACT_NUMBER_LIMIT}) or more is refused: ` +
  "a double there cannot hold every whole number, and the tool cannot know the digits that were sent.";

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A JSON number or an exact decimal string, within the rule's bounds. */
function amount(rule: AmountRule, meaning: string) {
  // A JSON number of 2^53 or more may not be what was sent (LOSSY_NUMBER_RULE): only below it.
  const max = Number(rule.max) < EXACT_NUMBER_LIMIT ? z.lte(Number(rule.max)) : z.lt(EXACT_NUMBER_LIMIT);
  const number = z.number().check(rule.positive ? z.gt(0) : z.gte(0), max);
  const decimal = z.string().check(z.maxLength(maxStringLength), z.regex(DECIMAL_NUMBER));
  const schema = describe(z.union([number, decimal]), `${meaning} ${capitalized(boundsText(rule))}.`);
  return rule.required ? schema : z.optional(schema);
}

/** What each input means, for the JSON Schema and the docs. */
const MEANINGS: Record<string, string> = {
  currentGems: "Gems held now. To see a deposit grow, add it here.",
  goalGems: "A target total balance: the result says when the balance reaches it.",
  additionalGems:
    "An amount to earn, not a deposit: the result says when the balance reaches currentGems + additionalGems.",
  years: `Years to grow, of ${TIME.yearDays} days each.`,
  months: `Months to grow, of ${TIME.monthDays} days each.`,
  days: "Days to grow.",
  hours: `Hours to grow (${TIME.hoursPerDay} to a day).`,
  minutes: `Minutes to grow (${TIME.minutesPerDay} to a day).`,
  seconds: `Seconds to grow (${TIME.secondsPerDay} to a day).`,
};

type Amount = z.ZodMiniUnion<[z.ZodMiniNumber<number>, z.ZodMiniString<string>]>;
type Shape = { currentGems: Amount } & Record<
  "goalGems" | "additionalGems" | "years" | "months" | "days" | "hours" | "minutes" | "seconds",
  z.ZodMiniOptional<Amount>
>;

export const CalculateInput = describe(
  z.strictObject(
    Object.fromEntries(
      AMOUNT_RULES.map((rule) => [rule.field, amount(rule, MEANINGS[rule.field] as string)]),
    ) as Shape,
  ),
  [
    `A gem balance, an optional growth time, and optional targets; unknown keys are rejected.`,
    `Every amount is a JSON number or a decimal string of plain digits such as 1000000 or "1000000.5" ` +
      `(no sign, exponent, suffix such as 1M, digit grouping or spaces; at most ${maxStringLength} ` +
      "characters).",
    `${LOSSY_NUMBER_RULE} Send such amounts, and any with more than 15 significant digits, as decimal strings.`,
    `The time is ${DURATION_DAYS_FORMULA} days, ${DURATION_LIMIT_TEXT} in all; a missing part counts as 0.`,
  ].join(" "),
);
export type CalculateInput = z.infer<typeof CalculateInput>;
