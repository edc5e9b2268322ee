/**
 * The two browser tools, `calculate-exp-growth` (the growth engine behind the WebMCP tool interface)
 * and `list-exp-ranks`, and the one map from a tool's name to what runs it, shared by the page and the
 * build's worked examples. Neither tool ever throws.
 */
import type { ToolName } from "../constants.ts";
import { safeParseCalculateInput, safeParseListRanksInput } from "../input/check-input.ts";
import { AMOUNT_RULES, DURATION_GUIDANCE, FIELD_GUIDANCE, INPUT_EXAMPLE } from "../input/input-rules.ts";
import type { RankList } from "../../contract/rank-list.ts";
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

const LIST_RANKS_GUIDANCE: InputGuidance = {
  fields: {},
  whole: "Send an empty object {}: this tool takes no input.",
};

/**
 * What runs each tool over the rank table `rankList`: `calculate-exp-growth`, the result for valid input,
 * `invalid_request` for anything else; `list-exp-ranks`, the rank table itself, the same value
 * `/api/ranks.json` serializes (an absent input counts as the empty object, since the tool takes none).
 */
const EXECUTE: Record<ToolName, (input: unknown, rankList: RankList) => ToolResult<unknown>> = {
  "calculate-exp-growth": (input, { ranks }) => {
    const parsed = safeParseCalculateInput(input);
    if (!parsed.success) return invalidRequest(parsed.error.issues, CALCULATE_GUIDANCE);
    return toolResult(calculateGrowth(parsed.data, ranks));
  },
  "list-exp-ranks": (input, rankList) => {
    const parsed = safeParseListRanksInput(input === undefined ? {} : input);
    if (!parsed.success) return invalidRequest(parsed.error.issues, LIST_RANKS_GUIDANCE);
    return toolResult(structuredClone(rankList));
  },
};

/** Runs the tool `name` on `input` over the rank table `rankList`; never throws (a failure inside: internal_error). */
export function executeTool(name: ToolName, input: unknown, rankList: RankList): ToolResult<unknown> {
  try {
    return EXECUTE[name](input, rankList);
  } catch {
    return internalError();
  }
}
