/**
 * The WebMCP tools of the homepage, registered on the page's model context. The homepage loads this
 * module only where the browser has one, so a visit without WebMCP never downloads the tools'
 * descriptors.
 */
import { rankList } from "virtual:homepage-data";
import { toolDescriptors } from "virtual:tool-descriptors";
import { registerTools } from "../tools/register.ts";
import { provide } from "../page/load-module.ts";

registerTools(toolDescriptors, rankList);
provide("tools", true);
