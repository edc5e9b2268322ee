/**
 * The homepage's planning: a deposit each day or week and a what-if daily rate, read from the fields
 * behind the form's disclosure (`_includes/plan-fields.liquid`) and carried in the link
 * (`deposit=20m&every=day`, `rate=0.5`), and what it takes when the goal is not reached in time. The
 * form calls it through `planHook` (`assets/page/plan-hook.ts`), which loads it only when it is used
 * or a link needs it; the exact arithmetic is `common/engine/plan.ts`. Its fields' slots are its own
 * (`plan-read`, `plan-error`), so the form's reading and judging leave them to this module.
 */
import { DAILY_INTEREST_RATE } from "../../common/constants.ts";
import { calculateGrowth, rateCourse } from "../../common/engine/calculate.ts";
import { durationDays } from "../../common/engine/duration.ts";
import {
  compareExact,
  exactOf,
  exactToFixed8,
  multiplyExact,
  shiftPoint,
  type Exact,
} from "../../common/engine/exact.ts";
import { BANK_RATE } from "../../common/engine/growth.ts";
import { CALCULATE_LIMITS } from "../../common/input/input-rules.ts";
import { depositCourse, MAX_RATE_PERCENT, rateOfPercent, whatItTakes } from "../../common/engine/plan.ts";
import type { CalculateInput } from "../../contract/calculate-input.ts";
import type { Shown } from "../page/form-answer.ts";
import type { PlanPage } from "../page/plan-hook.ts";
import type { Problem } from "../page/form-read.ts";
import { provide } from "../page/load-module.ts";

/** A deposit is at most the largest balance the tools take (10^20 gems). */
const MAX_DEPOSIT = exactOf(CALCULATE_LIMITS.maxGems);
const PERIODS = { day: 1, week: 7 } as const;

/** A daily rate as a percent: "0.3" for 0.003. */
const percentOf = (rate: string) => shiftPoint(rate, 2);

/**
 * The balance on a day for the chart, as a float: after m whole periods of L days,
 * B_m = P·q^m + D·(q^m − 1)/(q − 1), grown from there (a picture needs pixels, not exact digits).
 */
function curve(current: number, plan: Plan, lnFactor: number) {
  const [deposit, every] = [Number(exactToFixed8(plan.deposit!)), PERIODS[plan.every]];
  const q = Math.exp(lnFactor * every);
  return (day: number) => {
    const m = Math.floor(day / every);
    return (current * q ** m + (deposit * (q ** m - 1)) / (q - 1)) * Math.exp(lnFactor * (day - m * every));
  };
}

type Plan = { deposit: Exact | null; every: "day" | "week"; rate: typeof BANK_RATE | null };

/** The plan's fields read: the plan, and each field's note or problem. */
function readPlan({ readAmount, counted }: PlanPage, deposit: string, every: string, rate: string) {
  const plan: Plan = { deposit: null, every: every === "week" ? "week" : "day", rate: null };
  const notes: Record<string, string> = {};
  const problems: Problem[] = [];
  if (deposit) {
    const read = readAmount(deposit);
    const problem = (message: string) => problems.push({ field: "deposit", message });
    if (!read.ok) problem(read.message);
    else if (compareExact(exactOf(read.value), exactOf(0)) <= 0) problem("is 0; enter more, or clear it");
    else if (compareExact(exactOf(read.value), MAX_DEPOSIT) > 0) problem("is over 10^20 gems; enter less");
    else {
      plan.deposit = exactOf(read.value);
      notes.deposit = `Read as ${counted(read.value, "gem")} a ${plan.every}.`;
    }
  }
  if (rate) {
    const percent = rate.replace(/\s*%$/, "");
    plan.rate = rateOfPercent(percent);
    const range = `must be above 0 and at most ${MAX_RATE_PERCENT}, up to 4 decimals, such as 0.5`;
    const message = Number.isNaN(Number(percent)) ? "is not a number; write one such as 0.5" : range;
    if (!plan.rate) problems.push({ field: "rate", message });
    else notes.rate = `Read as ${percentOf(plan.rate.text)} % a day.`;
  }
  return { plan, notes, problems };
}

/** The headline's lines with the plan said: the deposit counted, the rate used, what it takes. */
function said(
  page: PlanPage,
  { result, given, ranks, shared }: Shown,
  lines: string[],
  plan: Plan,
  input: CalculateInput,
) {
  const { balanceText, compactGems, goalName, figureText } = page;
  const rate = plan.rate ?? BANK_RATE;
  let out = lines;
  if (plan.deposit) {
    const days = durationDays(input);
    const periods = days.numerator / (days.denominator * BigInt(PERIODS[plan.every]));
    const added = exactToFixed8(multiplyExact(plan.deposit, exactOf(periods)));
    const gains = `(+${compactGems(added, true)} added, +${compactGems(result.profit, true)} interest)`;
    const grown = `${compactGems(result.futureGems, true)} gems ${gains}`;
    const each = `adding ${compactGems(exactToFixed8(plan.deposit))} a ${plan.every}`;
    // Said once: on the line of the time given, else on each line that says when a target is reached.
    const timed = given ? [out[0]] : out.filter((line) => !/^You (already|hold)/.test(line));
    out = out.map((line) =>
      timed.includes(line) ? line.replace(balanceText(result), grown).replace(/\.$/, `, ${each}.`) : line,
    );
  }
  if (plan.rate)
    out.push(
      `At ${percentOf(rate.text)} % a day, a what-if rate: the bank's rate is ${percentOf(DAILY_INTEREST_RATE)} %.`,
    );
  const { goal } = result;
  const takes =
    goal &&
    !goal.reached &&
    given &&
    whatItTakes(exactOf(input.currentGems), exactOf(goal.targetGems), durationDays(input), rate);
  if (takes && given) {
    const figure = (value: string) => figureText(value, { minimumFractionDigits: 8 });
    const instead = plan.deposit ? " instead" : "";
    // A friend's link says "the 250M", as it says "the 90 days": the balance is the sender's.
    const whose = shared ? "the" : "your";
    out.push(
      `To reach ${goalName(goal.targetGems, ranks)} ${given.late(true).slice(2)}: hold ${figure(takes.now)} gems ` +
        `now, or add ${figure(takes.daily)} a day${instead} to ${whose} ${compactGems(result.currentGems)}.`,
    );
  }
  return out;
}

function mountPlan(page: PlanPage): void {
  const { hook: planHook, state, edit, watch } = page;
  const byId = <T extends HTMLElement>(id: string) => document.getElementById(`calculator-${id}`) as T;
  const every = byId<HTMLSelectElement>("every");
  const rateShown = document.querySelector<HTMLElement>("[data-rate]");
  const bankPercent = rateShown?.textContent ?? "";
  /** The plan the state's fields hold, read afresh: what the page shows is drawn from the state. */
  const planOf = () => {
    const { typed } = state();
    const text = (name: string) => typed[name]?.trim() ?? "";
    return readPlan(page, text("deposit"), text("every"), text("rate"));
  };
  let input: CalculateInput | null = null;
  /** How the balance grows under the plan the fields hold: at its rate, with its deposits. */
  const courseOf = ({ rate, deposit, every }: Plan) =>
    deposit ? depositCourse(rate ?? BANK_RATE, deposit, PERIODS[every]) : rateCourse(rate ?? BANK_RATE);
  planHook.problem = () => planOf().problems[0]?.field ?? null;
  planHook.calculate = (given, ranks) => {
    const { plan } = planOf();
    const rate = plan.rate ?? BANK_RATE;
    planHook.curve = plan.deposit ? curve(Number(given.currentGems), plan, rate.lnFloat) : undefined;
    if (rateShown) rateShown.textContent = plan.rate ? percentOf(plan.rate.text) : bankPercent;
    return calculateGrowth((input = given), ranks, courseOf(plan));
  };
  planHook.grow = (given, ranks) => calculateGrowth(given, ranks, courseOf(planOf().plan));
  planHook.say = (shown, lines) => (input ? said(page, shown, lines, planOf().plan, input) : lines);
  /** Each plan field's reading, or its problem once judged; what a link or an edit puts here stays unfolded. */
  const draw = () => {
    const { judged, typed } = state();
    const { notes, problems } = planOf();
    every.value = typed.every === "week" ? "week" : "day";
    page.showProblems(
      every.form!,
      problems.filter(({ field }) => judged.has(field)),
      "plan-error",
    );
    page.showNotes(every.form!, notes, "plan-read");
    if (typed.deposit || typed.rate) byId<HTMLDetailsElement>("more").open = true;
  };
  watch(draw);
  every.addEventListener("change", () => edit("every", every.value));
  draw();
  planHook.refresh();
}

provide("plan", mountPlan);
