/**
 * Calls the browser tools at build time, so the docs show what a tool really returns for an input
 * (worked examples, error results) instead of numbers typed by hand.
 */
import type rankTable from "../_data/ranks.ts";
import { TOOL_NAMES } from "../common/constants.ts";
import { executeTool, isToolName } from "../common/tools/execute.ts";

/**
 * `{{ "calculate-exp-growth" | callTool({ currentGems: 0 }) }}`: the tool's `CallToolResult` over the rank
 * table `rankList`.
 */
export function callTool(name: string, input: unknown, rankList: typeof rankTable): unknown {
  if (!isToolName(name))
    throw new Error(`"${name}" is not a browser tool; use one of: ${TOOL_NAMES.join(", ")}`);
  return executeTool(name, input, rankList);
}
