/** `list-exp-ranks`: the rank table it is given, the same value `/api/ranks.json` serializes. */
import type { ErrorResponse } from "../../contract/error-response.ts";
import type { RankList } from "../../contract/rank-list.ts";
import { safeParseListRanksInput } from "../input/check-input.ts";
import { internalError, invalidRequest, toolResult, type InputGuidance, type ToolResult } from "./result.ts";

const LIST_RANKS_GUIDANCE: InputGuidance = {
  fields: {},
  whole: "Send an empty object {}: this tool takes no input.",
};

/** Runs the tool; an absent input counts as the empty object, since the tool takes none. Never throws. */
export function listExpRanks(input: unknown, rankList: RankList): ToolResult<RankList | ErrorResponse> {
  try {
    const parsed = safeParseListRanksInput(input === undefined ? {} : input);
    if (!parsed.success) return invalidRequest(parsed.error.issues, LIST_RANKS_GUIDANCE);
    return toolResult(structuredClone(rankList));
  } catch {
    return internalError();
  }
}
