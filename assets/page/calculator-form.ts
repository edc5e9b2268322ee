/**
 * The homepage calculator for people. It reads amounts as people write them (`2.75M`), checks
 * them with the tool's input schema, runs the engine and shows the result: a compact headline,
 * every rank milestone with its local date, a chart, and the exact figures one step away.
 *
 * - The result never disagrees with the fields: a valid edit recomputes at once, an invalid one
 *   hides the result until it is fixed.
 * - After Calculate the headline is scrolled into view and announced by a status region; focus
 *   stays where the person left it.
 * - The inputs live in the URL query under the tool's field names, so a link reproduces its
 *   result and back and forward restore earlier calculations.
 */
import type { CalculateInput } from "../../build/schemas/calculate-input.ts";
import { safeParseCalculateInput } from "../input/check-input.ts";
import type { CalculateOutput, Duration } from "../../build/schemas/calculate-output.ts";
import { TIME_NORMALIZATION } from "../constants.ts";
import type { ExpRank } from "../../build/schemas/rank-list.ts";
import { calculateGrowth } from "../engine/calculate.ts";
import { DURATION_UNITS } from "../engine/duration.ts";
import { compareExact, exactOf } from "../engine/exact.ts";
import { compactAmount, readAmount, scientificAmount, understood } from "./amount.ts";
import { showChart } from "./chart-view.ts";

/** The query parameter of the target date; every other parameter is a tool field name. */
const UNTIL = "until";

const lang = () => document.documentElement.lang || undefined;
/** Exact figures: grouped digits, at least two decimals, formatted from the decimal string. */
const exactFormat = () => new Intl.NumberFormat(lang(), { minimumFractionDigits: 2, maximumFractionDigits: 8 });
const dateFormat = () => new Intl.DateTimeFormat(lang(), { dateStyle: "medium", timeStyle: "short" });
const compactGems = (value: string) => compactAmount(value, lang());

/** "in 4.6 years", "in 3 days": the size of a duration at a glance (the date gives the rest). */
function fromNow(seconds: number): string {
  const day = TIME_NORMALIZATION.secondsPerDay;
  const [amount, unit]: [number, Intl.RelativeTimeFormatUnit] =
    seconds < 3600 ? [seconds / 60, "minute"] : seconds < day ? [seconds / 3600, "hour"] : seconds < 60 * day ? [seconds / day, "day"] : seconds < 730 * day ? [seconds / (TIME_NORMALIZATION.monthDays * day), "month"] : [seconds / (TIME_NORMALIZATION.yearDays * day), "year"];
  return new Intl.RelativeTimeFormat(lang(), { numeric: "always" }).format(Math.round(amount * 10) / 10, unit);
}

interface Problem {
  field: string;
  message: string;
}

interface Reading {
  values: Record<string, string>;
  problems: Problem[];
  /** What the page will tell the person it understood, per field. */
  notes: Record<string, string>;
  until: Date | null;
}

function inputs(form: HTMLFormElement): HTMLInputElement[] {
  return Array.from(form.elements).filter((element): element is HTMLInputElement => element instanceof HTMLInputElement && element.name !== "");
}

const labelOf = (form: HTMLFormElement, field: string) => form.querySelector(`label[for="calculator-${field}"]`)?.firstChild?.textContent?.trim() || field;

/** Reads every field as a person wrote it, with the target date turned into seconds from `now`. */
function readForm(form: HTMLFormElement, now: number): Reading {
  const reading: Reading = { values: {}, problems: [], notes: {}, until: null };
  for (const input of inputs(form)) {
    if (input.name === UNTIL) continue;
    const read = readAmount(input.value);
    if (!read.ok) reading.problems.push({ field: input.name, message: read.message });
    else if (read.value !== "") {
      reading.values[input.name] = read.value;
      if (input.name.endsWith("Gems") && read.value !== input.value.trim()) reading.notes[input.name] = `Read as ${understood(read.value)} gems.`;
    }
  }
  const until = form.elements.namedItem(UNTIL);
  if (until instanceof HTMLInputElement && until.value !== "") {
    const date = new Date(until.value);
    const seconds = Math.round((date.getTime() - now) / 1000);
    if (Number.isNaN(seconds)) reading.problems.push({ field: UNTIL, message: "is not a date and time the page can read" });
    else if (DURATION_UNITS.some((field) => reading.values[field] !== undefined)) reading.problems.push({ field: UNTIL, message: "cannot be combined with the time fields; clear them or the date" });
    else if (seconds <= 0) reading.problems.push({ field: UNTIL, message: "is in the past; pick a later date and time" });
    else {
      reading.until = date;
      reading.values.seconds = String(seconds);
      reading.notes[UNTIL] = `${understood(String(seconds))} seconds from now, counted with a day of ${understood(String(TIME_NORMALIZATION.secondsPerDay))} seconds.`;
    }
  }
  return reading;
}

/** Schema messages made fit for a form: long numbers grouped, the API's string rules in plain words. */
function formMessage(message: string): string {
  if (/characters long/.test(message)) return "has too many digits";
  return message.replace(/\d{5,}/g, (digits) => understood(digits));
}

/** Checks a reading with the tool's schema; every problem is named by its field ("duration" for the total). */
function validate(reading: Reading): { input: CalculateInput | null; problems: Problem[] } {
  const parsed = safeParseCalculateInput(reading.values);
  if (parsed.success && reading.problems.length === 0) return { input: parsed.data, problems: [] };
  // A field the page could not read already has its problem; the schema reports every other one
  // (a missing balance, a value out of range), so all of them show at once.
  const unreadable = new Set(reading.problems.map((problem) => problem.field));
  const schemaProblems = parsed.success
    ? []
    : parsed.error.issues
        .map((issue) => ({
          field: typeof issue.path[0] === "string" ? (reading.until && issue.path[0] === "seconds" ? UNTIL : issue.path[0]) : "duration",
          message: formMessage(issue.message),
        }))
        .filter((problem) => !unreadable.has(problem.field) && !(problem.field === "duration" && unreadable.size > 0));
  return { input: null, problems: [...reading.problems, ...schemaProblems] };
}

function showProblems(form: HTMLFormElement, problems: readonly Problem[], only?: string): HTMLInputElement | null {
  let first: HTMLInputElement | null = null;
  for (const slot of Array.from(form.querySelectorAll<HTMLElement>(".field-error"))) {
    const field = slot.id.replace(/^calculator-|-error$/g, "");
    if (only !== undefined && field !== only) continue;
    const problem = problems.find((entry) => entry.field === field);
    slot.textContent = problem ? (field === "duration" ? `The time to grow ${problem.message.replace(/^years, months, days, hours, minutes and seconds come /, "comes ")}.` : `${labelOf(form, field)} ${problem.message}.`) : "";
    slot.hidden = !problem;
    const input = form.elements.namedItem(field === "duration" ? "years" : field);
    if (!(input instanceof HTMLInputElement)) continue;
    if (problem) {
      input.setAttribute("aria-invalid", "true");
      first ??= input;
    } else if (field !== "duration") input.removeAttribute("aria-invalid");
  }
  return first;
}

function showNotes(form: HTMLFormElement, notes: Record<string, string>): void {
  for (const slot of Array.from(form.querySelectorAll<HTMLElement>(".field-read"))) {
    slot.textContent = notes[slot.id.replace(/^calculator-|-read$/g, "")] ?? "";
  }
}

const rankText = (rank: ExpRank) => `${rank.name} (${rank.displayValue})`;

/** A date `duration` from `now`, as a `<time>` element's markup-free parts. */
function when(now: number, duration: Duration): { iso: string; text: string } {
  const date = new Date(now + duration.totalSeconds * 1000);
  return { iso: date.toISOString(), text: `${dateFormat().format(date)} (${fromNow(duration.totalSeconds)})` };
}

function timeElement(now: number, duration: Duration): HTMLTimeElement {
  const { iso, text } = when(now, duration);
  const time = document.createElement("time");
  time.dateTime = iso;
  time.textContent = text;
  return time;
}

function cell(row: HTMLTableRowElement, content: string | Node, className?: string): void {
  const td = row.insertCell();
  td.append(content);
  if (className) td.className = className;
}

interface Shown {
  input: CalculateInput;
  result: CalculateOutput;
  now: number;
  until: Date | null;
}

function render(region: HTMLElement, { input, result, now, until }: Shown): void {
  const exact = exactFormat();
  const find = <T extends Element = HTMLElement>(selector: string) => region.querySelector<T & HTMLElement>(selector);
  const set = (name: string, text: string | Node) => find(`[data-result="${name}"]`)?.replaceChildren(text);
  for (const name of ["futureGems", "profit", "profitPercent", "profitPerDay", "profitPerHour", "durationDays"] as const) {
    const element = find<HTMLDataElement>(`data[data-result="${name}"]`);
    if (!element) continue;
    element.value = result[name];
    element.textContent = exact.format(result[name] as Intl.StringNumericLiteral);
  }
  for (const element of Array.from(region.querySelectorAll<HTMLElement>("[data-compact]"))) {
    element.textContent = compactGems(result[element.dataset.compact as "futureGems"]);
  }
  // Up to a million percent in digits; beyond, a power of ten (a century can multiply 10^65-fold).
  const percent = result.profitPercent as Intl.StringNumericLiteral;
  find("[data-result-percent]")!.textContent = Number(percent) < 1e6 ? new Intl.NumberFormat(lang(), { maximumFractionDigits: 2 }).format(percent) : scientificAmount(percent, lang());
  const end = new Date(now + Number(result.durationDays) * TIME_NORMALIZATION.secondsPerDay * 1000);
  const days = new Intl.NumberFormat(lang(), { maximumFractionDigits: 2 }).format(result.durationDays as Intl.StringNumericLiteral);
  find("[data-result-after]")!.textContent = `gems after ${days} days, on ${dateFormat().format(until ?? end)}`;
  region.dataset.now = String(now);

  set("currentRank", rankText(result.currentRank));
  set("futureRank", rankText(result.futureRank));
  const next = result.nextRank;
  set("nextRank", next ? `${rankText(next)}: ${compactGems(next.gemsNeeded)} more gems` : "None: the current balance holds the top rank");

  const target = (progress: { targetGems: string; duration: Duration; reached: boolean }, held: boolean) => {
    const line = document.createElement("span");
    line.append(`${compactGems(progress.targetGems)} gems: `);
    if (held) line.append("already reached");
    else line.append(timeElement(now, progress.duration), progress.reached ? ", within the time given" : ", after the time given");
    return line;
  };
  const current = exactOf(input.currentGems);
  if (result.goal) set("goal", target(result.goal, input.goalGems !== undefined && compareExact(exactOf(input.goalGems), current) <= 0));
  if (result.additional) set("additional", target(result.additional, false));

  const body = find<HTMLTableElement>("#calculator-milestones")!.tBodies[0]!;
  body.replaceChildren();
  const timed = Number(result.durationDays) > 0;
  for (const milestone of result.milestones) {
    const row = body.insertRow();
    cell(row, rankText(milestone));
    cell(row, compactGems(milestone.gemsNeeded), "align-right");
    cell(row, timeElement(now, milestone.duration));
    cell(row, timed ? (milestone.withinDuration ? "Yes" : "No") : "No time given");
  }
  for (const row of Array.from(region.querySelectorAll<HTMLElement>("[data-result-row]"))) {
    const key = row.dataset.resultRow as "goal" | "additional" | "milestones";
    row.hidden = key === "milestones" ? result.milestones.length === 0 : result[key] === null;
  }
  showChart(result, now);
}

/** The query string of the fields as typed: tool field names, plus `until` for a target date. */
function queryOf(form: HTMLFormElement): string {
  const query = new URLSearchParams();
  for (const input of inputs(form)) if (input.value.trim() !== "") query.set(input.name, input.value.trim());
  return query.toString();
}

function fillFrom(form: HTMLFormElement, search: string): void {
  const query = new URLSearchParams(search);
  for (const input of inputs(form)) input.value = query.get(input.name) ?? "";
}

export function mountCalculatorForm(form: HTMLFormElement, ranks: readonly ExpRank[]): void {
  const region = document.getElementById("calculator-result")!;
  const status = document.getElementById("calculator-status")!;
  const rankPicker = document.getElementById("calculator-goal-rank") as HTMLSelectElement | null;
  const goal = form.elements.namedItem("goalGems") as HTMLInputElement | null;
  const show = (part: "empty" | "stale" | "list") => {
    region.classList.remove("is-stale");
    for (const name of ["empty", "stale", "list"]) region.querySelector(`[data-result-${name}]`)?.toggleAttribute("hidden", name !== part);
  };

  /**
   * Recomputes from the fields. `commit` (Calculate, a link, back or forward) also shows every
   * problem, moves focus to the first one, or scrolls the result into view and announces it.
   */
  const update = (commit: boolean): boolean => {
    const now = Date.now();
    const reading = readForm(form, now);
    showNotes(form, reading.notes);
    const { input, problems } = validate(reading);
    status.textContent = "";
    if (!input) {
      const empty = Object.keys(reading.values).length === 0 && reading.problems.length === 0;
      show(empty ? "empty" : "stale");
      if (commit) showProblems(form, problems)?.focus();
      return false;
    }
    showProblems(form, []);
    // Shown first, so the chart is drawn at the width its box really has.
    show("list");
    render(region, { input, result: calculateGrowth(input, ranks), now, until: reading.until });
    if (commit) {
      const headline = document.getElementById("calculator-headline")!;
      headline.scrollIntoView({ block: "start" });
      status.textContent = `Result: ${headline.textContent}`;
    }
    return true;
  };

  // One history entry per calculation: edits after a committed result start a new entry, and
  // further edits update that entry until the next commit.
  const record = (commit: boolean) => {
    const search = queryOf(form);
    if (`?${search}` === location.search || (search === "" && location.search === "")) {
      if (commit) history.replaceState({ committed: true }, "");
      return;
    }
    const url = `${location.pathname}${search ? `?${search}` : ""}`;
    if (history.state?.committed) history.pushState({ committed: commit }, "", url);
    else history.replaceState({ committed: commit }, "", url);
  };

  let pending = 0;
  form.addEventListener("input", (event) => {
    if (event.target === rankPicker) return;
    if (event.target === goal && rankPicker) rankPicker.value = "";
    window.clearTimeout(pending);
    // The old result is marked stale at once; a valid edit replaces it, an invalid one hides it.
    region.classList.add("is-stale");
    pending = window.setTimeout(() => update(false) && record(false), 120);
  });
  // Leaving a field marks it when it is wrong; the message itself waits for Calculate, because
  // text appearing on blur would move the Calculate button under a pointer that is pressing it.
  form.addEventListener("change", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.name) return;
    const wrong = validate(readForm(form, Date.now())).problems.some((problem) => problem.field === input.name);
    input.toggleAttribute("aria-invalid", wrong);
    if (wrong) input.setAttribute("aria-invalid", "true");
  });
  rankPicker?.addEventListener("change", () => {
    if (!goal || rankPicker.value === "") return;
    goal.value = understood(rankPicker.value);
    goal.dispatchEvent(new Event("change", { bubbles: true }));
    if (update(false)) record(false);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    window.clearTimeout(pending);
    if (update(true)) record(true);
  });
  window.addEventListener("popstate", () => {
    fillFrom(form, location.search);
    if (location.search) update(true);
    else show("empty");
  });
  if (location.search) {
    fillFrom(form, location.search);
    if (update(true)) history.replaceState({ committed: true }, "");
  }
}
