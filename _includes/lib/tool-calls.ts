/**
 * Calls the browser tools at build time, so the docs show what a tool really returns for an input
 * (worked examples, error results) instead of numbers typed by hand.
 */
import type { ToolName } from "../../assets/contract/constants.ts";
import { calculateExpGrowth } from "../../assets/tools/calculate-exp-growth.ts";
import { listExpRanks } from "../../assets/tools/list-exp-ranks.ts";

const EXECUTE: Record<ToolName, (input: unknown) => unknown> = {
  "calculate-exp-growth": calculateExpGrowth,
  "list-exp-ranks": listExpRanks,
};

/** `{{ "calculate-exp-growth" | callTool({ currentGems: 0 }) }}`: the tool's `CallToolResult`. */
export function callTool(name: string, input: unknown): unknown {
  const execute = EXECUTE[name as ToolName];
  if (!execute) throw new Error(`"${name}" is not a browser tool; use one of: ${Object.keys(EXECUTE).join(", ")}`);
  return execute(input);
}
