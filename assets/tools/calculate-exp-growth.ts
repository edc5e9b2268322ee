/** `calculate-exp-growth`: the growth engine behind the WebMCP tool interface. */
import { CalculateInput, DURATION_GUIDANCE, FIELD_GUIDANCE, INPUT_EXAMPLE } from "../contract/calculate-input.ts";
import type { CalculateOutput } from "../contract/calculate-output.ts";
import type { ErrorResponse } from "../contract/error-response.ts";
import type { ExpRank } from "../contract/rank-list.ts";
import { calculateGrowth } from "../engine/calculate.ts";
import { internalError, invalidRequest, toolResult, type InputGuidance, type ToolResult } from "./result.ts";

const OPTIONAL_KEYS = Object.keys(CalculateInput.shape).filter((key) => key !== "currentGems").join(", ");

const CALCULATE_GUIDANCE: InputGuidance = {
  fields: FIELD_GUIDANCE,
  whole: `Send an object with currentGems and any of the optional keys ${OPTIONAL_KEYS} (no others), such as ${JSON.stringify(INPUT_EXAMPLE)}.`,
  acrossFields: DURATION_GUIDANCE,
};

/** Runs the tool over the rank table `ranks`: the result for valid input, `invalid_request` for anything else; never throws. */
export function calculateExpGrowth(input: unknown, ranks: readonly ExpRank[]): ToolResult<CalculateOutput | ErrorResponse> {
  try {
    const parsed = CalculateInput.safeParse(input, { reportInput: true });
    if (!parsed.success) return invalidRequest(parsed.error.issues, CALCULATE_GUIDANCE);
    return toolResult(calculateGrowth(parsed.data, ranks));
  } catch {
    return internalError();
  }
}
