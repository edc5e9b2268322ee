/**
 * What each browser tool tells an agent: name, title, description, input JSON Schema and
 * annotations, built in Node from the contract's constants, formulas and zod schemas. The page
 * receives these values from the build (`_config/bundle.ts`), so the browser never runs
 * `z.toJSONSchema`. Chromium passes an agent only these members, so the description says what the
 * result means; the output JSON Schemas are for the docs only.
 */
import * as z from "zod/mini";
import { integerLiterals } from "./describe.ts";
import { DAILY_INTEREST_RATE, PRODUCT_NAME, TOOL_NAMES, type ToolName } from "../common/constants.ts";
import { CalculateInput } from "./calculate-input.ts";
import { CALCULATE_LIMITS } from "../common/input/input-rules.ts";
import { CalculateOutput } from "./calculate-output.ts";
import { DAILY_INTEREST_PERCENT, GROWTH_FORMULA, DURATION_DAYS_FORMULA } from "./formulas.ts";
import { ListRanksInput } from "./list-ranks-input.ts";
import { RankList } from "./rank-list.ts";

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

const jsonSchema = (schema: z.ZodMiniType, io: "input" | "output"): JsonSchema =>
  z.toJSONSchema(schema, { io, override: integerLiterals }) as JsonSchema;

/**
 * A tool's input schema without `$schema`: MCP reads a tool schema as JSON Schema 2020-12 unless it
 * names another dialect, so the page need not ship the name of the one it uses.
 * See https://modelcontextprotocol.io/specification/2025-11-25/basic#json-schema-usage
 */
function inputSchema(schema: z.ZodMiniType): JsonSchema {
  const { $schema, ...rest } = jsonSchema(schema, "input");
  return rest;
}

export const toolDescriptors: ToolDescriptor[] = [
  {
    name: CALCULATE,
    title: "Calculate EXP growth",
    description: [
      `Calculates how an ${PRODUCT_NAME} gem balance grows at ${DAILY_INTEREST_RATE} ` +
        `(${DAILY_INTEREST_PERCENT} %) a day, compounding: ${GROWTH_FORMULA}, where durationDays = ` +
        `${DURATION_DAYS_FORMULA} (at most ${CALCULATE_LIMITS.maxDurationDays}).`,
      "Returns futureGems, profit and profitPercent over the duration; profitPerDay (simple: " +
        "currentGems × r) and profitPerHour (one hour compounded), both at the starting balance.",
      "currentRank is the rank of currentGems, futureRank that of futureGems; milestones lists every " +
        "rank above currentRank with gemsNeeded, daysToReach and duration counted from the current " +
        "balance, and withinDuration; nextRank is milestones[0].",
      "goal (for goalGems, a target total) and additional (for additionalGems, an amount to earn, not " +
        "a deposit: add a deposit to currentGems) give the time to reach them and whether the duration " +
        "reaches them.",
      "Amounts come back as strings with 8 decimals, rounded half-up; daysToReach is rounded up to 8 " +
        "decimals and duration is rounded up to the whole second, so growing for either reaches the " +
        "target.",
    ].join(" "),
    inputSchema: inputSchema(CalculateInput),
    annotations: { readOnlyHint: true },
  },
  {
    name: LIST_RANKS,
    title: "List EXP ranks",
    description:
      `Lists the ${PRODUCT_NAME} ranks with the minimum gem balance of each, lowest first, and the ` +
      "daily interest rate: the same data as the ranks JSON resource. Takes no input.",
    inputSchema: inputSchema(ListRanksInput),
    annotations: { readOnlyHint: true },
  },
];

/** What each tool returns as `structuredContent` on success, for the docs' field tables. */
export const toolOutputSchemas: Record<ToolName, JsonSchema> = {
  [CALCULATE]: jsonSchema(CalculateOutput, "output"),
  [LIST_RANKS]: jsonSchema(RankList, "output"),
};
