/** The one map from a tool's name to what runs it, shared by the page and the build's worked examples. */
import type { ToolName } from "../constants.ts";
import type { RankList } from "../../contract/rank-list.ts";
import { calculateExpGrowth } from "./calculate-exp-growth.ts";
import { listExpRanks } from "./list-exp-ranks.ts";
import type { ToolResult } from "./result.ts";

const EXECUTE: Record<ToolName, (input: unknown, rankList: RankList) => ToolResult<unknown>> = {
  "calculate-exp-growth": (input, rankList) => calculateExpGrowth(input, rankList.ranks),
  "list-exp-ranks": listExpRanks,
};

/** Whether `name` is one of the browser tools. */
export const isToolName = (name: string): name is ToolName => Object.hasOwn(EXECUTE, name);

/** Runs the tool `name` on `input` over the rank table `rankList`; never throws. */
export function executeTool(name: ToolName, input: unknown, rankList: RankList): ToolResult<unknown> {
  return EXECUTE[name](input, rankList);
}
