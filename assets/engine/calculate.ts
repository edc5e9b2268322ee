/**
 * The whole calculation behind `calculate-exp-growth`, the homepage form and the docs' worked
 * examples: validated input in, the result object out. Times stay in fixed point from the input
 * to the output; gem amounts are exact Decimals, rounded once, to 8 places, at the end.
 */
import { DAILY_INTEREST_RATE } from "../contract/constants.ts";
import type { CalculateInput } from "../contract/calculate-input.ts";
import type { CalculateOutput, Duration } from "../contract/calculate-output.ts";
import { toDecimal, toFixed8, type Decimal } from "./decimal.ts";
import { durationDaysFixed, durationPartsFixed } from "./duration.ts";
import { ONE, PLACES, exactParts, fixedToFixed8, scaledToDecimal, scaledToFixed8 } from "./fixed-point.ts";
import { HOURLY_RATE_FIXED, daysToReachFixed, growthFactorFixed, profitPerDay } from "./growth.ts";
import { rankIndex } from "./ranks.ts";
import type { ExpRank } from "../contract/rank-list.ts";

/** Days and whole-second duration until `current` grows to `target`. */
function reach(current: Decimal, target: Decimal): { daysToReach: string; duration: Duration } {
  const days = daysToReachFixed(current, target);
  return { daysToReach: fixedToFixed8(days), duration: durationPartsFixed(days) };
}

/** Computes the result of `calculate-exp-growth` for an input already checked by `CalculateInput`. */
export function calculateGrowth(input: CalculateInput, ranks: readonly ExpRank[]): CalculateOutput {
  const current = toDecimal(input.currentGems);
  const { digits, places } = exactParts(current);
  const days = durationDaysFixed(input);
  const factor = growthFactorFixed(days);
  // currentGems × a fixed-point factor is exact as digits over 10^(places + PLACES).
  const timesCurrent = (fixed: bigint) => scaledToFixed8(digits * fixed, places + PLACES);
  const future = scaledToDecimal(digits * factor, places + PLACES);
  const currentIndex = rankIndex(ranks, current);
  const milestones = ranks.slice(currentIndex + 1).map((rank) => {
    const minGems = toDecimal(rank.minGems);
    return { ...rank, gemsNeeded: toFixed8(minGems.minus(current)), ...reach(current, minGems), withinDuration: future.gte(minGems) };
  });
  const reachedMilestones = milestones.filter((milestone) => milestone.withinDuration).length;
  const goal = input.goalGems === undefined ? null : toDecimal(input.goalGems);
  const additional = input.additionalGems === undefined ? null : toDecimal(input.additionalGems);
  return {
    currentGems: toFixed8(current),
    durationDays: fixedToFixed8(days),
    dailyInterestRate: DAILY_INTEREST_RATE,
    futureGems: toFixed8(future),
    // currentGems × (factor − 1) is futureGems − currentGems exactly, without a subtraction.
    profit: timesCurrent(factor - ONE),
    // profit ÷ currentGems × 100 is (factor − 1) × 100 exactly; this form skips a division.
    profitPercent: fixedToFixed8((factor - ONE) * 100n),
    profitPerDay: toFixed8(profitPerDay(current)),
    profitPerHour: timesCurrent(HOURLY_RATE_FIXED),
    currentRank: { ...(ranks[currentIndex] as ExpRank) },
    futureRank: { ...(ranks[currentIndex + reachedMilestones] as ExpRank) },
    nextRank: milestones[0] ?? null,
    milestones,
    goal: goal && { targetGems: toFixed8(goal), reached: future.gte(goal), ...reach(current, goal) },
    additional: additional && {
      additionalGems: toFixed8(additional),
      targetGems: toFixed8(current.plus(additional)),
      reached: future.gte(current.plus(additional)),
      ...reach(current, current.plus(additional)),
    },
  };
}
