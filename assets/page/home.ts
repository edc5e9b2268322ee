/**
 * The homepage's one script: registers the WebMCP tools (when the browser has WebMCP) and runs
 * the calculator form (in every browser).
 */
import { registerTools } from "../tools/register.ts";
import { calculateGrowth } from "../engine/calculate.ts";
import { mountCalculatorForm } from "./calculator-form.ts";

registerTools();

const form = document.getElementById("calculator");
if (form instanceof HTMLFormElement) mountCalculatorForm(form, calculateGrowth);
