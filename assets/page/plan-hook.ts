/**
 * Where the planning module (`assets/plan/`: deposits, a what-if rate, what it takes) meets the form.
 * It is loaded only when used: the disclosure opened, a goal not reached in time, or a link that
 * carries `deposit=` or `rate=`; until then every answer is the bank's rate without deposits, as here.
 */
import type { CalculateInput } from "../../contract/calculate-input.ts";
import type { CalculateOutput } from "../../contract/calculate-output.ts";
import type { ExpRank } from "../../contract/rank-list.ts";
import { calculateGrowth } from "../../common/engine/calculate.ts";
import type { Shown } from "./form-answer.ts";

export const planHook = {
  /** The answer's calculation, and the headline's lines said for it. */
  calculate: calculateGrowth as (input: CalculateInput, ranks: readonly ExpRank[]) => CalculateOutput,
  say: (shown: Shown, lines: string[]) => {
    // A goal not reached in time is answered with what it takes: the plan loads, then says it.
    const { goal } = shown.result;
    if (goal && !goal.reached && shown.given) void loadPlan();
    return lines;
  },
  /** The plan's part of the link (`deposit=20m&every=day&rate=0.5`); whether a plan field holds a mistake. */
  query: "",
  problem: false,
  /** The deposit the chart draws. */
  deposit: undefined as { gems: number; everyDays: number } | undefined,
  /** Set by the form: computes the answer again, from now when a plan field was `edited`. */
  refresh: (_edited: boolean) => {},
};

/** Whether a link needs the plan to give its answer. */
export const linkNeedsPlan = (search: string) => /[?&](?:deposit|rate)=/.test(search);

let loading: Promise<void> | undefined;
/** Loads and mounts the planning module once. */
export const loadPlan = () =>
  (loading ??= import("../plan/plan.ts").then((plan) =>
    plan.mountPlan(document.getElementById("calculator") as HTMLFormElement),
  ));
