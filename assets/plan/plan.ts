/**
 * The homepage's planning: a deposit each day or week and a what-if daily rate, read from the fields
 * behind the form's disclosure (`_includes/plan-fields.njk`) and carried in the link
 * (`deposit=20m&every=day`, `rate=0.5`), and what it takes when the goal is not reached in time. The
 * form calls it through `planHook` (`assets/page/plan-hook.ts`), which loads it only when it is used
 * or a link needs it; the exact arithmetic is `common/engine/plan.ts`. Its fields have no `name`, so
 * the form's own reading, judging and link leave them to this module.
 */
import { DAILY_INTEREST_RATE } from "../../common/constants.ts";
import { calculateGrowth, rateCourse } from "../../common/engine/calculate.ts";
import { durationDays } from "../../common/engine/duration.ts";
import {
  compareExact,
  exactOf,
  exactToFixed8,
  pow10,
  ratioToFixed8,
  type Exact,
} from "../../common/engine/exact.ts";
import { BANK_RATE } from "../../common/engine/growth.ts";
import { depositCourse, rateOfPercent, whatItTakes } from "../../common/engine/plan.ts";
import type { CalculateInput } from "../../contract/calculate-input.ts";
import type { Shown } from "../page/form-answer.ts";
import type { PlanPage } from "../page/plan-hook.ts";

/** How long a field may rest while typed in before it is judged, as the form's own fields. */
const PAUSE_MS = 1500;
const MAX_DEPOSIT = exactOf("100000000000000000000");
const PERIODS = { day: 1, week: 7 } as const;

/** A daily rate as a percent: "0.3" for 0.003. */
const percentOf = (rate: string) => {
  const { digits, places } = exactOf(rate);
  return ratioToFixed8(digits * 100n, pow10(places)).replace(/\.?0+$/, "");
};

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
  const problems: Record<string, string> = {};
  if (deposit) {
    const read = readAmount(deposit);
    if (!read.ok) problems.deposit = read.message;
    else if (compareExact(exactOf(read.value), exactOf(0)) <= 0)
      problems.deposit = "is 0; enter more, or clear it";
    else if (compareExact(exactOf(read.value), MAX_DEPOSIT) > 0)
      problems.deposit = "is over 10^20 gems; enter less";
    else {
      plan.deposit = exactOf(read.value);
      notes.deposit = `Read as ${counted(read.value, "gem")} a ${plan.every}.`;
    }
  }
  if (rate) {
    plan.rate = rateOfPercent(rate.replace(/\s*%$/, ""));
    if (!plan.rate) problems.rate = "must be above 0 and at most 10, up to 4 decimals, such as 0.5";
    else notes.rate = `Read as ${percentOf(plan.rate.text)} % a day.`;
  }
  return { plan, notes, problems };
}

/** The headline's lines with the plan said: the deposit counted, the rate used, what it takes. */
function said(
  page: PlanPage,
  { result, given, ranks }: Shown,
  lines: string[],
  plan: Plan,
  input: CalculateInput,
) {
  const { balanceText, compactGems, goalName, lang } = page;
  const rate = plan.rate ?? BANK_RATE;
  let out = lines;
  if (plan.deposit) {
    const days = durationDays(input);
    const periods = days.numerator / (days.denominator * BigInt(PERIODS[plan.every]));
    const added = exactToFixed8({ digits: plan.deposit.digits * periods, places: plan.deposit.places });
    const grown = `${compactGems(result.futureGems, true)} gems (+${compactGems(added)} added, +${compactGems(result.profit)} interest)`;
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
    const exact = new Intl.NumberFormat(lang(), { minimumFractionDigits: 8 });
    const figure = (value: string) => exact.format(value as Intl.StringNumericLiteral);
    out.push(
      `To reach ${goalName(goal.targetGems, ranks)} ${given.late(true).slice(2)}: hold ${figure(takes.now)} gems ` +
        `now, or add ${figure(takes.daily)} a day${plan.deposit ? " instead" : ""} to your ${compactGems(result.currentGems)}.`,
    );
  }
  return out;
}

export function mountPlan(page: PlanPage): void {
  const { hook: planHook } = page;
  const form = document.getElementById("calculator") as HTMLFormElement;
  const byId = <T extends HTMLElement>(id: string) => document.getElementById(`calculator-${id}`) as T;
  const fields = { deposit: byId<HTMLInputElement>("deposit"), rate: byId<HTMLInputElement>("rate") };
  const every = byId<HTMLSelectElement>("every");
  const rateShown = form.ownerDocument.querySelector<HTMLElement>("[data-rate]");
  const bankPercent = rateShown?.textContent ?? "";
  const judged = new Set<string>();
  let pause = 0;

  /** Reads the fields into the hook, and shows each judged field's problem or its reading. */
  const update = () => {
    const { plan, notes, problems } = readPlan(
      page,
      fields.deposit.value.trim(),
      every.value,
      fields.rate.value.trim(),
    );
    for (const [name, field] of Object.entries(fields)) {
      const problem = judged.has(name) ? problems[name] : undefined;
      const slot = byId(`${name}-error`);
      slot.textContent = problem ? `${field.labels?.[0]?.firstChild?.textContent?.trim()} ${problem}.` : "";
      slot.hidden = !problem;
      field.toggleAttribute("aria-invalid", Boolean(problem));
      byId(`${name}-read`).textContent = notes[name] ?? "";
    }
    const query = new URLSearchParams();
    if (fields.deposit.value.trim()) query.set("deposit", fields.deposit.value.trim());
    if (fields.deposit.value.trim()) query.set("every", plan.every);
    if (fields.rate.value.trim()) query.set("rate", fields.rate.value.trim());
    const rate = plan.rate ?? BANK_RATE;
    const course = plan.deposit ? depositCourse(rate, plan.deposit, PERIODS[plan.every]) : rateCourse(rate);
    let input: CalculateInput | null = null;
    Object.assign(planHook, {
      query: query.toString(),
      problem: Object.keys(problems).length > 0,
      calculate: (given: CalculateInput, ranks: Parameters<typeof calculateGrowth>[1]) => {
        planHook.curve = plan.deposit ? curve(Number(given.currentGems), plan, rate.lnFloat) : undefined;
        return calculateGrowth((input = given), ranks, course);
      },
      say: (shown: Shown, lines: string[]) => (input ? said(page, shown, lines, plan, input) : lines),
    });
    if (rateShown) rateShown.textContent = plan.rate ? percentOf(plan.rate.text) : bankPercent;
  };
  /** Fills the fields from a link; what a link carries is judged at once and never folded away. */
  const fill = () => {
    const query = new URLSearchParams(location.search);
    fields.deposit.value = query.get("deposit")?.slice(0, 100) ?? "";
    every.value = query.get("every") === "week" ? "week" : "day";
    fields.rate.value = query.get("rate")?.slice(0, 100) ?? "";
    judged.clear();
    for (const [name, field] of Object.entries(fields)) if (field.value) judged.add(name);
    if (judged.size) (form.querySelector("details") as HTMLDetailsElement).open = true;
    update();
  };
  for (const [name, field] of Object.entries(fields)) {
    field.addEventListener("input", () => {
      judged.delete(name);
      clearTimeout(pause);
      pause = window.setTimeout(() => judge(name), PAUSE_MS);
      update();
      planHook.refresh(true);
    });
    field.addEventListener("focusout", () => field.value && judge(name));
  }
  const judge = (name: string) => {
    judged.add(name);
    update();
  };
  every.addEventListener("change", () => {
    update();
    planHook.refresh(true);
  });
  form.addEventListener("submit", () => {
    for (const name of Object.keys(fields)) judged.add(name);
    update();
  });
  // Before the form's own handlers (a target's capture listeners run first), so its answer counts the plan.
  window.addEventListener("popstate", fill, { capture: true });
  // Reset empties the fields itself; the plan follows, before the form's answer does.
  const reset = () => {
    judged.clear();
    update();
  };
  form.addEventListener("reset", () => window.setTimeout(reset), { capture: true });
  // A link's plan fills the fields; else what was typed while this module loaded counts as typed.
  const typed = Object.values(fields).some((field) => field.value);
  const query = new URLSearchParams(location.search);
  if (query.has("deposit") || query.has("rate")) fill();
  else update();
  planHook.refresh(typed);
}
