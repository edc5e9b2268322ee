/**
 * The WebMCP tools of the homepage, registered on the page's model context: `document.modelContext`
 * (the W3C draft and Chromium 150+), else `navigator.modelContext` (the service spec's name, older
 * builds). The homepage loads this module only where the browser has one, so a visit without WebMCP
 * never downloads the tools' descriptors. A registration the browser refuses (a rejected promise or a
 * thrown error) leaves that tool out and the page working; the page has no console output to report it in.
 * See https://github.com/webmachinelearning/webmcp
 */
import { rankList } from "virtual:homepage-data";
import { toolDescriptors } from "virtual:tool-descriptors";
import { executeTool } from "../../common/tools/execute.ts";
import { pageModelContext } from "./model-context.ts";

const context = pageModelContext();
if (context)
  for (const descriptor of toolDescriptors) {
    try {
      const execute = (input: unknown) => executeTool(descriptor.name, input, rankList);
      void Promise.resolve(context.registerTool({ ...descriptor, execute })).catch(() => undefined);
    } catch {
      // An older implementation that throws instead of rejecting: same outcome as a rejection.
    }
  }
