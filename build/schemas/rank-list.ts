import * as z from "zod/mini";
import { describe } from "./describe.ts";
import { WHOLE_NUMBER, wholeNumberString } from "./decimal.ts";
import { DAILY_INTEREST_RATE, PRODUCT_NAME } from "../../assets/constants.ts";
import { CALCULATE_LIMITS } from "./calculate-input.ts";

/** Longest rank name and label: they sit in table cells, headings' neighbours and one-line notes. */
const RANK_TEXT_LIMITS = { name: 40, displayValue: 16 } as const;

/**
 * A name or label shown on every page, in llms.txt and in the tools' results: one line of
 * printable text, not blank, of bounded length, so no edit can add a heading, split a table row
 * or push a page around.
 */
const rankText = (max: number) =>
  z.string().check(
    z.minLength(1, "must not be empty"),
    z.refine((text) => text.trim().length > 0, "must not be blank: write at least one visible character"),
    z.refine((text) => !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(text), "must be one line of text: no line breaks, tabs or other control characters"),
    z.maxLength(max, `must be at most ${max} characters long`),
  );

/** A threshold the tools can compute with: whole gems, at most the largest balance they accept. */
const threshold = () =>
  wholeNumberString().check(
    z.refine((text) => !WHOLE_NUMBER.test(text) || BigInt(text) <= BigInt(CALCULATE_LIMITS.maxGems), `must be at most ${CALCULATE_LIMITS.maxGems} (CALCULATE_LIMITS.maxGems), the largest balance the tools accept`),
  );

export const ExpRank = describe(
  z.strictObject({
    name: describe(rankText(RANK_TEXT_LIMITS.name), "Rank name."),
    minGems: describe(threshold(), "Minimum gem balance that holds this rank, as a decimal string of whole gems."),
    displayValue: describe(rankText(RANK_TEXT_LIMITS.displayValue), "Human-readable threshold label, such as `1.6B+`."),
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
