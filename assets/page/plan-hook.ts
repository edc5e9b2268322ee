/**
 * Where the planning module (`assets/lazy/plan.ts`: deposits, a what-if rate, what it takes) meets the form.
 * It is loaded only when used: the disclosure opened, a goal with a time (it may be missed), or a link
 * with `deposit=` or `rate=`; until then every answer is the bank's rate without deposits, as here.
 */
import type { CalculateInput } from "../../contract/calculate-input.ts";
import type { CalculateOutput } from "../../contract/calculate-output.ts";
import type { ExpRank } from "../../contract/rank-list.ts";
import { calculateGrowth } from "../../common/engine/calculate.ts";
import { readAmount } from "../../common/amount.ts";
import { balanceText, goalName, type Shown } from "./form-answer.ts";
import { showNotes, showProblems } from "./form-judge.ts";
import { compactGems, counted, figureText } from "./form-words.ts";
import { loadModule } from "./load-module.ts";
import { edit, state, watch } from "./form-state.ts";

export const planHook = {
  /** The answer's calculation, and the headline's lines said for it. */
  calculate: calculateGrowth as (input: CalculateInput, ranks: readonly ExpRank[]) => CalculateOutput,
  /** Another growth under the same plan (the earnings' week and month), the answer's left as it is. */
  grow: calculateGrowth as (input: CalculateInput, ranks: readonly ExpRank[]) => CalculateOutput,
  say: (_shown: Shown, lines: string[]) => lines,
  /** The plan field holding a mistake (`deposit`, `rate`), or null: then there is no answer until it is fixed. */
  problem: (): string | null => null,
  /** The balance the chart draws on a given day, where deposits make it more than growth. */
  curve: undefined as ((day: number) => number) | undefined,
  /** Set by the form: draws the answer again, once the plan has joined. */
  refresh: () => {},
};

/**
 * Whether a link's first answer may need the plan: one that carries it, or a goal with a time, which
 * may not be reached in time (what it takes); loading it first keeps a line from arriving late.
 */
export const linkNeedsPlan = (search: string) =>
  /[?&](?:deposit|rate)=/.test(search) ||
  (/[?&]goal(?:Gems)?=/.test(search) && /[?&](?:[ydhm]\w*s|seconds|until|time)=/.test(search));

/**
 * What the page hands the planning module as it mounts it: the hook, the form's state, and the page's
 * words and reading of amounts. Handed, not imported: a page module the lazy module imported would leave the homepage's
 * bundle for a chunk of its own, and the plain visit's code would grow by the chunk's cost.
 */
const page = {
  hook: planHook,
  state,
  edit,
  watch,
  readAmount,
  balanceText,
  goalName,
  showProblems,
  showNotes,
  compactGems,
  counted,
  figureText,
};
export type PlanPage = typeof page;

let loading: Promise<void> | undefined;
/** Loads the planning module and mounts it on the form, once. */
export const loadPlan = () => (loading ??= loadModule("plan").then((mount) => mount(page)));
