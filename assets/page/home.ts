/**
 * The homepage's one script: registers the WebMCP tools (when the browser has WebMCP) and runs
 * the calculator form (in every browser), both over the rank table the build hands it.
 */
import { rankList, toolDescriptors } from "virtual:homepage-data";
import { registerTools } from "../tools/register.ts";
import { mountCalculatorForm } from "./calculator-form.ts";
import { mountChart } from "./chart-view.ts";

registerTools(toolDescriptors, rankList);

const form = document.getElementById("calculator");
if (form instanceof HTMLFormElement) {
  mountChart();
  mountCalculatorForm(form, rankList.ranks);
}
