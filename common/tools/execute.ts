/**
 * The two browser tools, `calculate-exp-growth` (the growth engine behind the WebMCP tool interface)
 * and `list-exp-ranks`, and the one map from a tool's name to what runs it, shared by the page and the
 * build's worked examples. Neither tool ever throws.
 */
import type { ToolName } from "../constants.ts";
import { safeParseCalculateInput, safeParseListRanksInput } from "../input/check-input.ts";
import { AMOUNT_RULES, DURATION_GUIDANCE, FIELD_GUIDANCE, INPUT_EXAMPLE } from "../input/input-rules.ts";
import type { CalculateOutput } from "../../contract/calculate-output.ts";
import type { ErrorResponse } from "../../contract/error-response.ts";
import type { ExpRank, RankList } from "../../contract/rank-list.ts";
import { calculateGrowth } from "../engine/calculate.ts";
import { internalError, invalidRequest, toolResult, type InputGuidance, type ToolResult } from "./result.ts";

const OPTIONAL_KEYS = AMOUNT_RULES.filter((rule) => !rule.required)
  .map((rule) => rule.field)
  .join(", ");

const CALCULATE_GUIDANCE: InputGuidance = {
  fields: FIELD_GUIDANCE,
  whole:
    `Send an object with currentGems and any of the optional keys ${OPTIONAL_KEYS} (no others), such as ` +
    `${JSON.stringify(INPUT_EXAMPLE)}.`,
  acrossFields: DURATION_GUIDANCE,
};

/**
 * `calculate-exp-growth` over the rank table `ranks`: the result for valid input, `invalid_request` for
 * anything else.
 */
export function calculateExpGrowth(
  input: unknown,
  ranks: readonly ExpRank[],
): ToolResult<CalculateOutput | ErrorResponse> {
  try {
    const parsed = safeParseCalculateInput(input);
    if (!parsed.success) return invalidRequest(parsed.error.issues, CALCULATE_GUIDANCE);
    return toolResult(calculateGrowth(parsed.data, ranks));
  } catch {
    return internalError();
  }
}

const LIST_RANKS_GUIDANCE: InputGuidance = {
  fields: {},
  whole: "Send an empty object {}: this tool takes no input.",
};

/**
 * `list-exp-ranks`: the rank table it is given, the same value `/api/ranks.json` serializes. An absent
 * input counts as the empty object, since the tool takes none.
 */
export function listExpRanks(input: unknown, rankList: RankList): ToolResult<RankList | ErrorResponse> {
  try {
    const parsed = safeParseListRanksInput(input === undefined ? {} : input);
    if (!parsed.success) return invalidRequest(parsed.error.issues, LIST_RANKS_GUIDANCE);
    return toolResult(structuredClone(rankList));
  } catch {
    return internalError();
  }
}

const EXECUTE: Record<ToolName, (input: unknown, rankList: RankList) => ToolResult<unknown>> = {
  "calculate-exp-growth": (input, rankList) => calculateExpGrowth(input, rankList.ranks),
  "list-exp-ranks": listExpRanks,
};

/** Runs the tool `name` on `input` over the rank table `rankList`; never throws. */
export function executeTool(name: ToolName, input: unknown, rankList: RankList): ToolResult<unknown> {
  return EXECUTE[name](input, rankList);
}
