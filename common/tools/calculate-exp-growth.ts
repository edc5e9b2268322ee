/** `calculate-exp-growth`: the growth engine behind the WebMCP tool interface. */
import { safeParseCalculateInput } from "../input/check-input.ts";
import { AMOUNT_RULES, DURATION_GUIDANCE, FIELD_GUIDANCE, INPUT_EXAMPLE } from "../input/input-rules.ts";
import type { CalculateOutput } from "../../contract/calculate-output.ts";
import type { ErrorResponse } from "../../contract/error-response.ts";
import type { ExpRank } from "../../contract/rank-list.ts";
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
 * Runs the tool over the rank table `ranks`: the result for valid input, `invalid_request` for anything
 * else; never throws.
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
