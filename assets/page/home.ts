/**
 * The homepage's one script: registers the WebMCP tools (when the browser has WebMCP) and runs
 * the calculator form (in every browser), both over the rank table the build hands it.
 */
import { rankList, toolDescriptors } from "virtual:homepage-data";
import { registerTools } from "../tools/register.ts";
import { mountCalculatorForm } from "./calculator-form.ts";
import { mountChart } from "./chart-view.ts";
import { mountRankGoal } from "./rank-goal.ts";
import { linkNeedsPlan, loadPlan } from "./plan-hook.ts";

registerTools(toolDescriptors, rankList);

const form = document.getElementById("calculator");
if (form instanceof HTMLFormElement) {
  // A link with a deposit or another rate waits for the plan, so its first answer counts it.
  if (linkNeedsPlan(location.search)) await loadPlan();
  mountChart();
  mountCalculatorForm(form, rankList.ranks);
  mountRankGoal(form, rankList.ranks);
}
