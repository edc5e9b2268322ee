/**
 * The homepage's one script: runs the calculator form (in every browser) over the rank table the
 * build hands it, and loads the WebMCP tools (`assets/lazy/tools.ts`) where the browser has WebMCP.
 */
import { rankList } from "virtual:homepage-data";
import { pageModelContext } from "../tools/model-context.ts";
import { mountCalculatorForm } from "./calculator-form.ts";
import { mountChart } from "./chart-view.ts";
import { loadModule } from "./load-module.ts";
import { mountRankGoal } from "./rank-goal.ts";

// A module that cannot load leaves the page without tools, as in a browser without WebMCP.
if (pageModelContext()) loadModule("tools").catch(() => undefined);

const form = document.getElementById("calculator");
if (form instanceof HTMLFormElement) {
  mountChart();
  mountCalculatorForm(form, rankList.ranks);
  mountRankGoal(form, rankList.ranks);
}
