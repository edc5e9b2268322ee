/**
 * What each browser tool tells an agent: name, title, description, JSON Schemas and annotations.
 * Built in Node from the zod schemas and `_data/calculator.ts`; the page bundle replaces this
 * module with its JSON value (see `_includes/lib/bundle.ts`), so the browser never runs
 * `z.toJSONSchema` or carries the build-time data modules.
 */
import * as z from "zod/mini";
import calculator from "../../_data/calculator.ts";
import { TOOL_NAMES, TIME_NORMALIZATION as t, type ToolName } from "../contract/constants.ts";
import { CALCULATE_LIMITS, CalculateInput } from "../contract/calculate-input.ts";
import { CalculateOutput } from "../contract/calculate-output.ts";
import { ListRanksInput } from "../contract/list-ranks-input.ts";
import { RankList } from "../contract/rank-list.ts";
import { integerLiterals } from "../contract/json-schema.ts";

export type JsonSchema = Record<string, unknown>;

export interface ToolDescriptor {
  name: ToolName;
  title: string;
  description: string;
  /** What a caller may send (`io: "input"`). */
  inputSchema: JsonSchema;
  /** What the tool returns as `structuredContent` on success. */
  outputSchema: JsonSchema;
  annotations: { readOnlyHint: true };
}

const [CALCULATE, LIST_RANKS] = TOOL_NAMES;

const inputSchema = (schema: z.ZodMiniType): JsonSchema => z.toJSONSchema(schema, { io: "input", override: integerLiterals }) as JsonSchema;
const outputSchema = (schema: z.ZodMiniType): JsonSchema => z.toJSONSchema(schema, { io: "output", override: integerLiterals }) as JsonSchema;

const rate = `${calculator.dailyInterestRate} (${calculator.dailyInterestPercent} % a day)`;

export const toolDescriptors: ToolDescriptor[] = [
  {
    name: CALCULATE,
    title: "Calculate EXP growth",
    description: [
      `Calculates how an ${calculator.name} gem balance grows at the daily interest rate of ${rate}, compounding: ${calculator.formula}`,
      `Amounts are in gems (up to ${CALCULATE_LIMITS.maxGems}); the time is given in years (${t.yearDays} days), months (${t.monthDays} days), days, hours, minutes and seconds, at most ${CALCULATE_LIMITS.maxDurationDays} days in all.`,
      "Returns futureGems, profit, profit percent, profit per day and per hour, the current, future and next rank, and the days to reach goalGems (a target total) and currentGems + additionalGems (an amount to earn).",
      "Each amount may be a JSON number or an exact decimal string; decimals come back as strings with exactly 8 fractional digits.",
    ].join(" "),
    inputSchema: inputSchema(CalculateInput),
    outputSchema: outputSchema(CalculateOutput),
    annotations: { readOnlyHint: true },
  },
  {
    name: LIST_RANKS,
    title: "List EXP ranks",
    description: `Lists the ${calculator.name} ranks with the minimum gem balance of each, lowest first, and the daily interest rate: the same data as the ranks JSON resource. Takes no input.`,
    inputSchema: inputSchema(ListRanksInput),
    outputSchema: outputSchema(RankList),
    annotations: { readOnlyHint: true },
  },
];
