/**
 * The WebMCP tools of the homepage, registered on the page's model context. The homepage loads this
 * module only where the browser has one, so a visit without WebMCP never downloads the tools'
 * descriptors.
 */
import { rankList } from "virtual:homepage-data";
import { toolDescriptors } from "virtual:tool-descriptors";
import { registerTools } from "./register.ts";

registerTools(toolDescriptors, rankList);
