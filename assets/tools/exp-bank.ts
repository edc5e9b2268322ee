/*! EXP Bank Calculator tools, for code: the same two tools as the homepage's WebMCP tools, with no
 * page around them. calculateExpGrowth(input) and listExpRanks() return what the tools return, an
 * MCP CallToolResult: { structuredContent, content: [{ type: "text", text }] }, with isError: true
 * and structuredContent.error (code invalid_request, message, resolution) for bad input. They never
 * throw. */
/**
 * The module the site publishes at `site.paths.toolsModule` for agents that run code without a
 * WebMCP browser (Node, Deno, any browser): the tools over the rank table the build hands it, with
 * no DOM and no model context. The `/*!` comment above is kept in the bundle (`legalComments`).
 */
import { rankList } from "virtual:homepage-data";
import { executeTool } from "../../common/tools/execute.ts";

/** `calculate-exp-growth` on `input`, such as `{ currentGems: "1000000", days: 30 }`. */
export const calculateExpGrowth = (input: unknown) => executeTool("calculate-exp-growth", input, rankList);

/** `list-exp-ranks`: the rank table; it takes no input (`{}` or nothing). */
export const listExpRanks = (input?: unknown) => executeTool("list-exp-ranks", input, rankList);
