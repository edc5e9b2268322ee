/**
 * Registers the browser tools on the page's model context: `document.modelContext` (the W3C draft
 * and Chromium 150+), else `navigator.modelContext` (the service spec's name, older builds). In a
 * browser without WebMCP it does nothing and says nothing.
 * See https://github.com/webmachinelearning/webmcp
 */
import type { RankList } from "../../contract/rank-list.ts";
import type { ToolDescriptor } from "../../contract/tool-descriptors.ts";
import { executeTool } from "../../common/tools/execute.ts";
import { pageModelContext } from "./model-context.ts";

/**
 * Registers every tool of `descriptors`, computing over `rankList`. A registration the browser
 * refuses (a rejected promise or a thrown error) leaves that tool out and the page working; the
 * page has no console output to report it in.
 */
export function registerTools(descriptors: readonly ToolDescriptor[], rankList: RankList): void {
  const context = pageModelContext();
  if (!context) return;
  for (const descriptor of descriptors) {
    try {
      const execute = (input: unknown) => executeTool(descriptor.name, input, rankList);
      void Promise.resolve(context.registerTool({ ...descriptor, execute })).catch(() => undefined);
    } catch {
      // An older implementation that throws instead of rejecting: same outcome as a rejection.
    }
  }
}
