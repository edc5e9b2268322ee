/**
 * Result of the `calculate-exp-growth` browser tool (its `structuredContent`). Every computed
 * decimal is a string with exactly 8 fractional digits, rounded once from the exact value: half-up
 * for amounts, up for the days to reach a target (so growing for them reaches it).
 */
import * as z from "zod/mini";
import { describe } from "./describe.ts";
import { ExpRank } from "./rank-list.ts";
import { DURATION_DAYS_FORMULA } from "./formulas.ts";
import { DAILY_INTEREST_RATE, TIME_NORMALIZATION as TIME } from "../common/constants.ts";

/** A non-negative decimal with exactly 8 fractional digits: `1094026.87487131`. */
const FIXED_8 = /^(0|[1-9][0-9]*)\.[0-9]{8}$/;

const fixed8 = (description: string, rounding = "rounded half-up") =>
  describe(
    z.string().check(z.regex(FIXED_8, "must be a decimal string with exactly 8 fractional digits")),
    `${description} A decimal string with exactly 8 fractional digits, ${rounding}.`,
  );

/**
 * ExpRank with a description of this use: a clone of it, so the JSON Schema points to ExpRank's
 * definition (describing ExpRank itself would replace its component metadata).
 */
const rank = (description: string) => describe(ExpRank.clone(), description);

const whole = (description: string) => describe(z.number().check(z.int(), z.gte(0)), description);

/** How `duration.text` is written, stated once: llms.txt and the docs quote it. */
const DURATION_TEXT_RULE =
  'The non-zero parts in words, largest first, joined by ", ": a number, a space and the unit, ' +
  'singular for 1 ("1 year, 2 months, 3 days", "1 hour, 1 second"); parts that are 0 are left out; ' +
  '"0 seconds" when there is no time left.';

export const Duration = describe(
  z.strictObject({
    years: whole(`Whole years of ${TIME.yearDays} days.`),
    months: whole(`Whole months of ${TIME.monthDays} days, after the years.`),
    days: whole("Whole days, after the months."),
    hours: whole("Whole hours, after the days."),
    minutes: whole("Whole minutes, after the hours."),
    seconds: whole("Whole seconds, after the minutes."),
    totalSeconds: whole("The whole duration in seconds, rounded up: what the parts above add up to."),
    text: describe(z.string().check(z.minLength(1)), DURATION_TEXT_RULE),
  }),
  {
    id: "Duration",
    description:
      "A time in days broken down into whole parts, rounded up to the whole second so that growing for " +
      "it reaches the target.",
  },
);
export type Duration = z.infer<typeof Duration>;

/** The rule of every daysToReach, stated once: llms.txt and the docs quote it. */
const DAYS_TO_REACH_RULE =
  "ln(target ÷ currentGems) ÷ ln(1 + dailyInterestRate), rounded up to 8 decimals: the fewest days, " +
  "to 8 decimals, after which futureGems ≥ the target, so growing for daysToReach days reaches it; 0 " +
  "if it is already there";

const daysToReach = (what: string) =>
  fixed8(
    `Days of growth until the balance reaches ${what}: ${DAYS_TO_REACH_RULE}. Its duration is the ` +
      "same exact time, rounded up to the whole second.",
    "rounded up",
  );

export const Milestone = describe(
  z.extend(ExpRank, {
    gemsNeeded: fixed8("Gems still needed to reach this rank: its minGems − currentGems."),
    daysToReach: daysToReach("this rank's minGems"),
    duration: Duration,
    withinDuration: describe(z.boolean(), "True if futureGems ≥ this rank's minGems, compared exactly."),
  }),
  {
    id: "Milestone",
    description: "A rank above the current one and how far away it is from the current balance.",
  },
);

/** What the goal and the additional target both report once their targetGems is known. */
const progressTowardsTarget = {
  reached: describe(
    z.boolean(),
    "True if futureGems ≥ targetGems, compared exactly: the given duration is at least the exact time to reach it.",
  ),
  daysToReach: daysToReach("targetGems"),
  duration: Duration,
};

export const GoalProgress = describe(
  z.strictObject({ targetGems: fixed8("The goal balance, goalGems."), ...progressTowardsTarget }),
  "How long until the balance reaches goalGems.",
);

export const AdditionalProgress = describe(
  z.strictObject({
    additionalGems: fixed8(
      "The amount to earn, additionalGems: a target on top of currentGems, not a deposit.",
    ),
    targetGems: fixed8("currentGems + additionalGems."),
    ...progressTowardsTarget,
  }),
  "How long until the balance has grown by additionalGems (an amount to earn; a deposit belongs in currentGems).",
);

export const CalculateOutput = describe(
  z.strictObject({
    currentGems: fixed8("Gems held now, as given, rounded half-up to 8 decimals like every amount here."),
    durationDays: fixed8(`The growth time in days: ${DURATION_DAYS_FORMULA}.`),
    dailyInterestRate: describe(
      z.literal(DAILY_INTEREST_RATE),
      "The daily interest rate r, compounding: the fixed constant of /api/info.json, as the same " +
        "string (a constant, not a computed value, so not padded to 8 places).",
    ),
    futureGems: fixed8("The balance after the duration: currentGems × (1 + r)^durationDays."),
    profit: fixed8("futureGems − currentGems."),
    profitPercent: fixed8(
      "The profit as a percent of currentGems: profit ÷ currentGems × 100, which is (factor − 1) × " +
        "100 with factor = (1 + r)^durationDays, the same exact value, rounded once (never from the " +
        "rounded profit).",
    ),
    profitPerDay: fixed8("Gems earned in one day at the starting balance, simple: currentGems × r."),
    profitPerHour: fixed8(
      "Gems earned in the first hour at the starting balance, compounded within the day: currentGems " +
        "× ((1 + r)^(1/24) − 1), so 24 of them are less than profitPerDay.",
    ),
    currentRank: rank("The rank currentGems holds: the highest rank whose minGems ≤ currentGems."),
    futureRank: rank(
      "The rank futureGems holds: the highest rank whose minGems ≤ futureGems, compared exactly.",
    ),
    nextRank: describe(
      z.nullable(Milestone),
      "The rank above currentRank with the gems and time still needed from the current balance " +
        "(milestones[0]); null at the top rank.",
    ),
    milestones: describe(
      z.array(Milestone),
      "Every rank above currentRank, lowest first, each with the gems and time needed from the " +
        "current balance; empty at the top rank.",
    ),
    goal: describe(z.nullable(GoalProgress), "Progress towards goalGems; null when goalGems is not given."),
    additional: describe(
      z.nullable(AdditionalProgress),
      "Progress towards currentGems + additionalGems; null when additionalGems is not given.",
    ),
  }),
  "How the balance grows over the duration, its ranks, and the time to the next rank, the goal and " +
    "the additional amount.",
);
export type CalculateOutput = z.infer<typeof CalculateOutput>;
