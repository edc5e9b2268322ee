/**
 * The whole calculation behind `calculate-exp-growth`, the homepage form and the docs' worked
 * examples: validated input in, the result object out.
 */
import { DAILY_INTEREST_RATE } from "../contract/constants.ts";
import type { CalculateInput } from "../contract/calculate-input.ts";
import type { CalculateOutput, Duration } from "../contract/calculate-output.ts";
import { toDecimal, toFixed8, type Decimal } from "./decimal.ts";
import { durationDays, durationParts } from "./duration.ts";
import { daysToReach, growthFactor, profitPerDay, profitPerHour } from "./growth.ts";
import { nextRankAbove, rankFor } from "./ranks.ts";

/** Days and whole-second duration until `current` grows to `target`. */
function reach(current: Decimal, target: Decimal): { daysToReach: string; duration: Duration } {
  const days = daysToReach(current, target);
  return { daysToReach: toFixed8(days), duration: durationParts(days) };
}

/** Computes the result of `calculate-exp-growth` for an input already checked by `CalculateInput`. */
export function calculateGrowth(input: CalculateInput): CalculateOutput {
  const current = toDecimal(input.currentGems);
  const days = durationDays(input);
  const factor = growthFactor(days);
  const future = current.times(factor);
  const next = nextRankAbove(current);
  const goal = input.goalGems === undefined ? null : toDecimal(input.goalGems);
  const additional = input.additionalGems === undefined ? null : toDecimal(input.additionalGems);
  return {
    currentGems: toFixed8(current),
    durationDays: toFixed8(days),
    dailyInterestRate: DAILY_INTEREST_RATE,
    futureGems: toFixed8(future),
    profit: toFixed8(future.minus(current)),
    // profit ÷ currentGems × 100 is (factor − 1) × 100 exactly; this form skips a division.
    profitPercent: toFixed8(factor.minus(1).times(100)),
    profitPerDay: toFixed8(profitPerDay(current)),
    profitPerHour: toFixed8(profitPerHour(current)),
    currentRank: rankFor(current),
    futureRank: rankFor(future),
    nextRank: next && {
      ...next,
      gemsNeeded: toFixed8(toDecimal(next.minGems).minus(current)),
      ...reach(current, toDecimal(next.minGems)),
    },
    goal: goal && { targetGems: toFixed8(goal), reached: future.gte(goal), ...reach(current, goal) },
    additional: additional && {
      additionalGems: toFixed8(additional),
      targetGems: toFixed8(current.plus(additional)),
      ...reach(current, current.plus(additional)),
    },
  };
}
