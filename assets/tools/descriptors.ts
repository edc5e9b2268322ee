/**
 * What each browser tool tells an agent: name, title, description, input JSON Schema and
 * annotations, built in Node from the contract's constants, formulas and zod schemas. The page
 * receives these values from the build (`_includes/lib/bundle.ts`), so the browser never runs
 * `z.toJSONSchema`. Chromium passes an agent only these members, so the description says what the
 * result means; the output JSON Schemas are for the docs only.
 */
import * as z from "zod/mini";
import { DAILY_INTEREST_RATE, PRODUCT_NAME, TOOL_NAMES, TIME_NORMALIZATION as time, type ToolName } from "../contract/constants.ts";
import { CALCULATE_LIMITS, CalculateInput } from "../contract/calculate-input.ts";
import { CalculateOutput } from "../contract/calculate-output.ts";
import { DAILY_INTEREST_PERCENT, GROWTH_FORMULA, DURATION_DAYS_FORMULA } from "../contract/formulas.ts";
import { ListRanksInput } from "../contract/list-ranks-input.ts";
import { RankList } from "../contract/rank-list.ts";
import { integerLiterals } from "../contract/json-schema.ts";

export type JsonSchema = Record<string, unknown>;

/** A tool as the page registers it: exactly the members Chromium passes to an agent. */
export interface ToolDescriptor {
  name: ToolName;
  title: string;
  description: string;
  /** What a caller may send (`io: "input"`). */
  inputSchema: JsonSchema;
  annotations: { readOnlyHint: true };
}

const [CALCULATE, LIST_RANKS] = TOOL_NAMES;

const jsonSchema = (schema: z.ZodMiniType, io: "input" | "output"): JsonSchema => z.toJSONSchema(schema, { io, override: integerLiterals }) as JsonSchema;

export const toolDescriptors: ToolDescriptor[] = [
  {
    name: CALCULATE,
    title: "Calculate EXP growth",
    description: [
      `Calculates how an ${PRODUCT_NAME} gem balance grows at the daily interest rate of ${DAILY_INTEREST_RATE} (${DAILY_INTEREST_PERCENT} % a day), compounding: ${GROWTH_FORMULA}, where durationDays = ${DURATION_DAYS_FORMULA}.`,
      `Amounts are in gems (up to ${CALCULATE_LIMITS.maxGems}); the time is given in years (${time.yearDays} days), months (${time.monthDays} days), days, hours, minutes and seconds, at most ${CALCULATE_LIMITS.maxDurationDays} days in all.`,
      "Returns futureGems, profit, profit percent, profit per day and per hour, the current, future and next rank, every rank milestone above the current one, and the days to reach goalGems (a target total) and currentGems + additionalGems (an amount to earn).",
      "Each amount may be a JSON number or an exact decimal string; decimals come back as strings with exactly 8 fractional digits.",
    ].join(" "),
    inputSchema: jsonSchema(CalculateInput, "input"),
    annotations: { readOnlyHint: true },
  },
  {
    name: LIST_RANKS,
    title: "List EXP ranks",
    description: `Lists the ${PRODUCT_NAME} ranks with the minimum gem balance of each, lowest first, and the daily interest rate: the same data as the ranks JSON resource. Takes no input.`,
    inputSchema: jsonSchema(ListRanksInput, "input"),
    annotations: { readOnlyHint: true },
  },
];

/** What each tool returns as `structuredContent` on success, for the docs' field tables. */
export const toolOutputSchemas: Record<ToolName, JsonSchema> = {
  [CALCULATE]: jsonSchema(CalculateOutput, "output"),
  [LIST_RANKS]: jsonSchema(RankList, "output"),
};
