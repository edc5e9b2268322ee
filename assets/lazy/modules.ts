/**
 * The lazy modules' names and what each provides to the page (types only: this file adds no code).
 * Each other file of this folder is one lazy module, bundled to `assets/NAME.js`; add its entry here.
 * The WebMCP tools are bundled whole from `assets/tools/page-tools.ts`: they share nothing with the
 * page, so the homepage's own chunks stay as few as its modules need.
 */
import type { PlanPage } from "../page/plan-hook.ts";

export interface LazyModules {
  /** The WebMCP tools, loaded only where the browser has a model context; they provide nothing. */
  tools: undefined;
  /** The planning (deposits, a what-if rate, what it takes): mounts it on the form. */
  plan: (page: PlanPage) => void;
  /** Downloads the date beside a button of the answer as an event of the player's calendar. */
  calendar: (button: HTMLButtonElement) => void;
}
