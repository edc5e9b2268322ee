import * as z from "zod/mini";
import { describe } from "./describe.ts";
import { WHOLE_NUMBER, wholeNumberString } from "./decimal.ts";
import { DAILY_INTEREST_RATE, PRODUCT_NAME } from "./constants.ts";

export const ExpRank = describe(
  z.strictObject({
    name: describe(z.string().check(z.minLength(1)), "Rank name."),
    minGems: describe(wholeNumberString(), "Minimum gem balance that holds this rank, as a decimal string of whole gems."),
    displayValue: describe(z.string().check(z.minLength(1)), "Human-readable threshold label, such as `1.6B+`."),
  }),
  { id: "ExpRank", description: "One rank threshold over gem balances." },
);
export type ExpRank = z.infer<typeof ExpRank>;

/** The rank table's own rules, beyond each entry's shape: the first threshold is 0, thresholds strictly increase, names are unique. */
const rankTable = z.array(ExpRank).check(
  z.minLength(1, "must list at least one rank"),
  z.superRefine((ranks, ctx) => {
    const seen = new Set<string>();
    ranks.forEach((rank, index) => {
      if (seen.has(rank.name)) {
        ctx.addIssue({ code: "custom", path: [index, "name"], input: rank.name, message: `duplicates the rank name "${rank.name}"; every rank needs its own name` });
      }
      seen.add(rank.name);
      if (index === 0 && rank.minGems !== "0") {
        ctx.addIssue({ code: "custom", path: [index, "minGems"], input: rank.minGems, message: "must be \"0\": the first rank starts at zero gems so every balance holds a rank" });
      }
      const previous = ranks[index - 1];
      // Malformed thresholds are already reported by ExpRank; compare only well-formed ones.
      const comparable = previous && WHOLE_NUMBER.test(previous.minGems) && WHOLE_NUMBER.test(rank.minGems);
      if (comparable && BigInt(rank.minGems) <= BigInt(previous.minGems)) {
        ctx.addIssue({ code: "custom", path: [index, "minGems"], input: rank.minGems, message: `must be greater than the previous rank's minGems ("${previous.minGems}"); thresholds strictly increase` });
      }
    });
  }),
);

export const RankList = describe(
  z.strictObject({
    name: describe(z.literal(PRODUCT_NAME), "Name of the calculator the ranks belong to."),
    dailyInterestRate: describe(z.literal(DAILY_INTEREST_RATE), "Daily interest rate as a decimal string."),
    ranks: describe(rankTable, "Rank thresholds, lowest first: the first starts at 0 gems and each next one is strictly higher."),
  }),
  { id: "RankList", description: "The rank thresholds over gem balances." },
);
export type RankList = z.infer<typeof RankList>;
