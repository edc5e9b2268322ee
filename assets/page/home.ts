/**
 * The homepage's one script: runs the calculator form (in every browser) over the rank table the
 * build hands it, and loads the WebMCP tools (`assets/tools/page-tools.ts`) where the browser has WebMCP.
 */
import { rankList } from "virtual:homepage-data";
import { pageModelContext } from "../tools/model-context.ts";
import { mountCalculatorForm } from "./calculator-form.ts";
import { mountChart } from "./chart-view.ts";
import { loadModule } from "./load-module.ts";
import { linkNeedsPlan, loadPlan, planHook } from "./plan-hook.ts";

// A module that cannot load leaves the page without tools, as in a browser without WebMCP.
if (pageModelContext()) loadModule("tools").catch(() => undefined);

const form = document.getElementById("calculator");
if (form instanceof HTMLFormElement) {
  // A link with a plan, or a goal and a time, waits for the plan, so its first answer counts it; without
  // the plan, a link's deposit or rate holds the answer rather than one that leaves it out.
  const planField =
    ["deposit", "rate"].find((name) => new URLSearchParams(location.search).has(name)) ?? null;
  if (linkNeedsPlan(location.search)) await loadPlan().catch(() => (planHook.problem = () => planField));
  mountChart();
  mountCalculatorForm(form, rankList.ranks);
}
