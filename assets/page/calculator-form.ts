/**
 * The homepage calculator for people. It reads amounts as people write them (`2.75M`), checks
 * them with the tool's input schema, runs the engine and shows the result: a compact headline,
 * every rank milestone with its local date, a chart, and the exact figures one step away.
 *
 * - The headline answers what was asked: with a goal (a rank, an amount or gems to earn), when it
 *   is reached; with a time, the balance then; with both, both. No time given, no time spoken of.
 * - The result never disagrees with the fields: a valid edit recomputes at once. A field being
 *   typed is judged when the person is done with it (on leaving it, on Calculate or Enter, or
 *   after a pause), so a half-typed number is never called wrong; its message sits in the
 *   field's own reserved slot, and the result hides until it is fixed.
 * - While a field is typed in, a bar with the summary and the buttons stays above the on-screen
 *   keyboard. Calculate brings the result into view on a narrow screen and announces the headline
 *   in a status region; focus stays where the person left it.
 * - The inputs live in the URL query under the tool's field names, so a link reproduces its
 *   result and back and forward restore earlier calculations. A target date is written as the
 *   seconds it stands for, so a link means the same in every time zone and after that date. A
 *   shared link also carries the moment it was calculated (`at`), so it shows the same dates to
 *   whoever opens it later, "as of" that moment, until a field is edited.
 */
import type { CalculateInput } from "../../contract/calculate-input.ts";
import { TIME_NORMALIZATION } from "../../common/constants.ts";
import { safeParseCalculateInput } from "../../common/input/check-input.ts";
import { durationTotalMistake } from "../../common/input/input-rules.ts";
import type { CalculateOutput, Duration } from "../../contract/calculate-output.ts";
import type { ExpRank } from "../../contract/rank-list.ts";
import { calculateGrowth } from "../../common/engine/calculate.ts";
import { DURATION_UNITS, type DurationUnit } from "../../common/engine/duration.ts";
import { compareExact, exactOf } from "../../common/engine/exact.ts";
import { compactAmount, readGems, readTime, scientificAmount, understood } from "../../common/amount.ts";
import { showChart } from "./chart-view.ts";
import { isCalendarDate } from "./calendar-date.ts";

/**
 * The target date's field, and a query parameter the page still reads (a date, or an instant with
 * its offset); every other parameter is a tool field name but `at`.
 */
const UNTIL = "until";
/** The query parameter of a shared link's moment of calculation: `at=2026-11-23T12:00:00Z`. */
const AT = "at";
/** What editing a shared calculation does. */
const FROM_NOW = "Edit any field to count from now.";
/** How long a field may rest while typed in before it is judged. */
const PAUSE_MS = 1500;
/** Characters a field takes: room for grouped digits, so a paste of megabytes never reaches the reader or the URL. */
const MAX_LENGTH = 100;

const lang = () => document.documentElement.lang || undefined;
/** Exact figures: grouped digits, at least two decimals, formatted from the decimal string. */
const exactFormat = () =>
  new Intl.NumberFormat(lang(), { minimumFractionDigits: 2, maximumFractionDigits: 8 });
/** A date as the answer names it; the wait beside it gives the hours when it is near. */
const dateText = (date: Date) => new Intl.DateTimeFormat(lang(), { dateStyle: "medium" }).format(date);
/**
 * A compact amount; `cut` for a balance read against ranks and goals: cut, never rounded up to one it has
 * not reached.
 */
const compactGems = (value: string, cut?: boolean) => compactAmount(value, lang(), cut);
/** "3 days", "1 year": a count with its unit, singular for exactly 1. */
const counted = (count: number | string, unit: string) =>
  `${understood(String(count))} ${count == 1 ? unit : `${unit}s`}`;

/** How a wait of at least `from` seconds is told. A month is a twelfth of the mean Gregorian year. */
interface WaitUnit {
  from: number;
  /** The smaller unit, and its length in seconds: the wait is rounded to a whole number of them. */
  unit: string;
  size: number;
  /** The larger unit, and how many of the smaller make one. */
  larger: string;
  per: number;
}
const WAIT_UNITS: readonly WaitUnit[] = [
  { from: 2629746, unit: "month", size: 2629746, larger: "year", per: 12 },
  { from: 86400, unit: "hour", size: 3600, larger: "day", per: 24 },
  { from: 3600, unit: "minute", size: 60, larger: "hour", per: 60 },
  { from: 0, unit: "second", size: 1, larger: "minute", per: 60 },
];

/** "5 years 11 months", "3 days 4 hours", "1 second": a wait in its two largest units, rounded to the smaller. */
function waitText(seconds: number): string {
  const { unit, size, larger, per } = WAIT_UNITS.find((wait) => seconds >= wait.from)!;
  const count = Math.round(seconds / size);
  const parts: string[] = [];
  if (count >= per) parts.push(counted(Math.floor(count / per), larger));
  if (count % per) parts.push(counted(count % per, unit));
  return parts.join(" ");
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
  return Array.from(form.elements).filter(
    (element): element is HTMLInputElement => element instanceof HTMLInputElement && element.name !== "",
  );
}

const labelOf = (form: HTMLFormElement, field: string) =>
  form.querySelector(`label[for="calculator-${field}"]`)?.firstChild?.textContent?.trim() || field;

/** Why a link's `until` could not be read, shown on the date field until that field is edited. */
let untilProblem = "";
const NOT_A_DATE = "is not a date; pick one from the calendar";
const PASSED = "has passed; pick a later day";

/** Reads every field as a person wrote it, with the target date turned into seconds from `now`. */
function readForm(form: HTMLFormElement, now: number, ranks: readonly ExpRank[]): Reading {
  const reading: Reading = { values: {}, problems: [], notes: {}, until: null };
  const times: string[] = [];
  for (const input of inputs(form)) {
    if (input.name === UNTIL) continue;
    // A value from a link is cut to MAX_LENGTH + 1 characters first, so it stays too long to accept but cheap to read.
    const text = input.value.trim();
    const unit = DURATION_UNITS.find((name) => name === input.name);
    const read = unit ? readTime(text, unit) : readGems(text, input.name === "goalGems" ? ranks : undefined);
    if (!read.ok) reading.problems.push({ field: input.name, message: read.message });
    else if (read.value !== "") {
      reading.values[input.name] = read.value;
      if (unit) times.push(counted(read.value, unit.slice(0, -1)));
      else
        reading.notes[input.name] =
          `Read as ${counted(read.value, "gem")}${read.how ? ` (${read.how})` : ""}.`;
    }
  }
  if (times.length) reading.notes.time = `Read as ${times.join(" ")}.`;
  const until = form.elements.namedItem(UNTIL);
  if (until instanceof HTMLInputElement && (until.value !== "" || untilProblem)) {
    // A date alone is the start of that day, local time: `new Date("2030-01-01")` would be UTC.
    const [year, month, day] = until.value.split("-").map(Number);
    const date = new Date(year!, month! - 1, day);
    const seconds = Math.round((date.getTime() - now) / 1000);
    if (untilProblem || Number.isNaN(seconds) || !/^\d{4,}-\d\d-\d\d$/.test(until.value))
      reading.problems.push({ field: UNTIL, message: untilProblem || NOT_A_DATE });
    else if (DURATION_UNITS.some((field) => reading.values[field] !== undefined))
      reading.problems.push({
        field: UNTIL,
        message: "cannot be combined with the time fields; clear them or the date",
      });
    else if (seconds <= 0) reading.problems.push({ field: UNTIL, message: PASSED });
    else {
      reading.until = date;
      reading.values.seconds = String(seconds);
      reading.notes[UNTIL] = `Counted from 00:00 that day, your time: ${waitText(seconds)} from now.`;
    }
  }
  return reading;
}

/** Schema messages made fit for a form: long numbers grouped, the API's string rules in plain words. */
function formMessage(message: string): string {
  if (/characters long/.test(message)) return "has too many digits";
  return message.replace(/(?<![\d.])\d{5,}/g, (digits) => understood(digits));
}

/** The time fields' total over the longest duration, in the form's words: "The time to grow comes to …". */
const timeToGrowMistake = (reading: Reading) =>
  durationTotalMistake(reading.values, "The time to grow comes");

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
          field:
            typeof issue.path[0] === "string"
              ? reading.until && issue.path[0] === "seconds"
                ? UNTIL
                : issue.path[0]
              : "duration",
          message: formMessage(
            typeof issue.path[0] === "string" ? issue.message : (timeToGrowMistake(reading) ?? issue.message),
          ),
        }))
        .filter(
          (problem) =>
            !unreadable.has(problem.field) && !(problem.field === "duration" && unreadable.size > 0),
        );
  return { input: null, problems: [...reading.problems, ...schemaProblems] };
}

/** A field's problem as its slot says it, after the field's label; the total of the time fields names itself. */
function problemSentence(form: HTMLFormElement, field: string, message: string): string {
  return field === "duration" ? `${message}.` : `${labelOf(form, field)} ${message}.`;
}

function showProblems(form: HTMLFormElement, problems: readonly Problem[]): HTMLInputElement | null {
  let first: HTMLInputElement | null = null;
  for (const slot of Array.from(form.querySelectorAll<HTMLElement>(".field-error"))) {
    const field = slot.id.replace(/^calculator-|-error$/g, "");
    const problem = problems.find((entry) => entry.field === field);
    slot.textContent = problem ? problemSentence(form, field, problem.message) : "";
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

function timeElement(now: number, duration: Duration): HTMLTimeElement {
  const date = new Date(now + duration.totalSeconds * 1000);
  const time = document.createElement("time");
  time.dateTime = date.toISOString();
  time.textContent = `${dateText(date)} (in ${waitText(duration.totalSeconds)})`;
  return time;
}

function cell(row: HTMLTableRowElement, content: string | Node, className?: string): void {
  const td = row.insertCell();
  td.append(content);
  if (className) td.className = className;
}

interface Given {
  /** "In 30 days", "On Jan 1, 2030". */
  lead: string;
  /** ", within your 30 days" or ", after Jan 1, 2030", as a target is reached in that time or not. */
  late: (reached: boolean) => string;
}

/** The time the person gave, in their words: "30 days", "1 year 6 months", "Jan 1, 2030"; null when none. */
function givenTime(reading: Reading): Given | null {
  if (reading.until) {
    const day = dateText(reading.until);
    return { lead: `On ${day}`, late: (reached) => `, ${reached ? "by" : "after"} ${day}` };
  }
  const parts = DURATION_UNITS.filter((unit) => reading.values[unit] !== undefined).map(
    (unit: DurationUnit) => counted(reading.values[unit]!, unit.slice(0, -1)),
  );
  const span = parts.join(" ");
  return span
    ? { lead: `In ${span}`, late: (reached) => `, ${reached ? "within" : "after"} your ${span}` }
    : null;
}

interface Shown {
  result: CalculateOutput;
  now: number;
  given: Given | null;
  ranks: readonly ExpRank[];
}

/**
 * The balance at the end, told so that what changed shows: when its compact figure is the start's
 * (`2.5M` after an hour), the digits and the gain, `2,500,312 gems (+312)`.
 */
function balanceText({ futureGems, currentGems, profit }: CalculateOutput): string {
  const figure = compactGems(futureGems, true);
  if (figure !== compactGems(currentGems, true)) return `${figure} gems`;
  const digits = new Intl.NumberFormat(lang(), { maximumFractionDigits: 2, roundingMode: "trunc" });
  return `${digits.format(futureGems as Intl.StringNumericLiteral)} gems (+${compactGems(profit)})`;
}

/** "still Member" or "Radiant from Oct 19, 2032": the rank at the end, and when the last rank crossed arrives. */
function rankThen(result: CalculateOutput, now: number): string {
  const crossed = result.milestones.filter((milestone) => milestone.withinDuration);
  const last = crossed.at(-1);
  if (!last) return `still ${result.futureRank.name}`;
  const passing =
    crossed.length > 1
      ? `, passing ${crossed
          .slice(0, -1)
          .map((rank) => rank.name)
          .join(", ")}`
      : "";
  return `${last.name} from ${dateText(new Date(now + last.duration.totalSeconds * 1000))}${passing}`;
}

/**
 * The answer to what was asked, one sentence a line: the balance and rank at the time given, then
 * when each target is reached (the goal, the gems to earn; with neither, the next rank).
 */
function headline({ result, now, given, ranks }: Shown): string[] {
  const lines: string[] = [];
  if (given) lines.push(`${given.lead} you have ${balanceText(result)}, ${rankThen(result, now)}.`);
  // The engine gives a target at or below the balance 0 seconds; one above it, at least 1.
  const reach = (
    name: string,
    { duration: { totalSeconds }, reached }: { duration: Duration; reached: boolean },
  ) =>
    lines.push(
      totalSeconds
        ? `You reach ${name} on ${dateText(new Date(now + totalSeconds * 1000))} — in ` +
            `${waitText(totalSeconds)}${given?.late(reached) ?? ""}.`
        : `You already have ${name}.`,
    );
  const { goal, additional, nextRank } = result;
  if (goal) reach(goalName(goal.targetGems, ranks), goal);
  if (additional)
    reach(
      `${compactGems(additional.targetGems)} gems (${compactGems(additional.additionalGems)} more)`,
      additional,
    );
  if (!given && !goal && !additional) {
    if (nextRank) reach(`the next rank, ${nextRank.name},`, { ...nextRank, reached: false });
    else lines.push(`You hold the top rank, ${result.currentRank.name}.`);
  }
  return lines;
}

/** A goal as a player names it: the rank it is the threshold of, or its amount. */
function goalName(targetGems: string, ranks: readonly ExpRank[]): string {
  const rank = ranks.find((entry) => compareExact(exactOf(entry.minGems), exactOf(targetGems)) === 0);
  return rank ? rank.name : `${compactGems(targetGems)} gems`;
}

/**
 * The line a player pastes in chat, the link after it:
 * `2.5M gems → Radiant on Oct 21, 2032 (in 5 years 11 months)`, `2.5M gems → 2.52M gems in 30 days`.
 */
function shareText({ result, now, given, ranks }: Shown): string {
  const parts: string[] = [];
  const when = (seconds: number) =>
    seconds ? ` on ${dateText(new Date(now + seconds * 1000))} (in ${waitText(seconds)})` : " already";
  if (given) parts.push(`${balanceText(result)} ${given.lead.toLowerCase()}`);
  const { goal, additional, nextRank } = result;
  if (goal) parts.push(goalName(goal.targetGems, ranks) + when(goal.duration.totalSeconds));
  if (additional)
    parts.push(`${compactGems(additional.targetGems)} gems${when(additional.duration.totalSeconds)}`);
  if (!parts.length && nextRank) parts.push(nextRank.name + when(nextRank.duration.totalSeconds));
  return `${compactGems(result.currentGems)} gems → ${parts.join("; ") || result.currentRank.name}`;
}

function render(region: HTMLElement, shown: Shown): string[] {
  const { result, now, given, ranks } = shown;
  const exact = exactFormat();
  const find = <T extends Element = HTMLElement>(selector: string) =>
    region.querySelector<T & HTMLElement>(selector);
  const set = (name: string, text: string | Node) => find(`[data-result="${name}"]`)?.replaceChildren(text);
  for (const name of [
    "futureGems",
    "profit",
    "profitPercent",
    "profitPerDay",
    "profitPerHour",
    "durationDays",
  ] as const) {
    const element = find<HTMLDataElement>(`data[data-result="${name}"]`);
    if (!element) continue;
    element.value = result[name];
    element.textContent = exact.format(result[name] as Intl.StringNumericLiteral);
  }
  for (const element of Array.from(region.querySelectorAll<HTMLElement>("[data-compact]"))) {
    const name = element.dataset.compact as "futureGems";
    element.textContent = compactGems(result[name], name === "futureGems");
  }
  // Up to a million percent in digits; beyond, a power of ten (a century can multiply 10^65-fold).
  const percent = result.profitPercent as Intl.StringNumericLiteral;
  find("[data-result-percent]")!.textContent =
    Number(percent) < 1e6
      ? new Intl.NumberFormat(lang(), { maximumFractionDigits: 2 }).format(percent)
      : scientificAmount(percent, lang());
  for (const element of Array.from(region.querySelectorAll<HTMLElement>("[data-timed]")))
    element.hidden = !given;
  // The end balance's day: "on Nov 23, 2027".
  const endsAt = new Date(now + Number(result.durationDays) * TIME_NORMALIZATION.secondsPerDay * 1000);
  find("[data-result-after]")!.textContent = given ? `on ${dateText(endsAt)}` : "";

  set("currentRank", rankText(result.currentRank));
  set("futureRank", rankText(result.futureRank));
  const next = result.nextRank;
  set(
    "nextRank",
    next
      ? `${rankText(next)}: ${compactGems(next.gemsNeeded)} more gems`
      : "None: the current balance holds the top rank",
  );

  const target = (progress: { targetGems: string; duration: Duration; reached: boolean }, lead: string) => {
    const line = document.createElement("span");
    line.append(lead);
    if (!progress.duration.totalSeconds) line.append("already reached");
    else line.append(timeElement(now, progress.duration), given?.late(progress.reached) ?? "");
    return line;
  };
  if (result.goal) set("goal", target(result.goal, `${compactGems(result.goal.targetGems)} gems: `));
  if (result.additional) {
    const { additionalGems, targetGems } = result.additional;
    set(
      "additional",
      target(result.additional, `${compactGems(additionalGems)} more → ${compactGems(targetGems)} target: `),
    );
  }

  const body = find<HTMLTableElement>("#calculator-milestones")!.tBodies[0]!;
  body.replaceChildren();
  const goal = result.goal?.targetGems;
  for (const milestone of result.milestones) {
    const row = body.insertRow();
    if (goal && goalName(goal, ranks) === milestone.name) row.className = "is-goal";
    cell(row, rankText(milestone));
    cell(row, compactGems(milestone.gemsNeeded), "align-right");
    cell(row, timeElement(now, milestone.duration));
    if (given) cell(row, milestone.withinDuration ? "Yes" : "No");
  }
  for (const row of Array.from(region.querySelectorAll<HTMLElement>("[data-result-row]"))) {
    const key = row.dataset.resultRow as "goal" | "additional" | "milestones";
    row.hidden = key === "milestones" ? result.milestones.length === 0 : result[key] === null;
  }
  const lines = headline(shown);
  find("#calculator-headline")!.replaceChildren(
    ...lines.map((line) => Object.assign(document.createElement("span"), { textContent: line })),
  );
  showChart(result, now);
  return lines;
}

/**
 * The query string of the fields as typed, under the tool's field names; a target date as the seconds it
 * stands for.
 */
function queryOf(form: HTMLFormElement, reading: Reading): string {
  const query = new URLSearchParams();
  for (const input of inputs(form))
    if (input.name !== UNTIL && input.value.trim() !== "") query.set(input.name, input.value.trim());
  if (reading.until) query.set("seconds", reading.values.seconds!);
  return query.toString();
}

/** A moment as a shared link writes it: `2026-11-23T12:00:00Z`. */
const momentText = (time: number) => new Date(time).toISOString().replace(/\.\d+Z$/, "Z");

/**
 * Fills the form from a query. `until` may be a date (the start of that day, local time, into the
 * date field); anything else there (a time of day read differently in each time zone) is an error
 * on the date field, never ignored. The page's own links carry the seconds instead. Returns the
 * moment the link was calculated at (`at`), or null for now.
 */
function fillFrom(form: HTMLFormElement, search: string): number | null {
  const query = new URLSearchParams(search);
  const until = query.get(UNTIL)?.slice(0, MAX_LENGTH + 1) ?? "";
  const date = isCalendarDate(until);
  for (const input of inputs(form))
    input.value =
      (input.name === UNTIL ? (date ? until : "") : query.get(input.name)?.slice(0, MAX_LENGTH + 1)) ?? "";
  untilProblem = until && !date ? `in the link ${NOT_A_DATE}` : "";
  const at = query.get(AT) ?? "";
  return /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(at) && !Number.isNaN(Date.parse(at))
    ? Date.parse(at)
    : null;
}

/** Which field a problem's message belongs to, for judging: the time fields share "duration". */
const judgedAs = (field: string) =>
  (DURATION_UNITS as readonly string[]).includes(field) ? "duration" : field;

export function mountCalculatorForm(form: HTMLFormElement, ranks: readonly ExpRank[]): void {
  const byId = (id: string) => document.getElementById(`calculator-${id}`)!;
  const region = byId("result");
  const status = byId("status");
  const summary = byId("summary");
  const emptySummary = summary.textContent;
  const shared = byId("shared");
  const share = byId("share");
  const asOf = byId("as-of");
  const more = byId("more") as HTMLDetailsElement;
  const rankPicker = byId("goal-rank") as HTMLSelectElement;
  const goal = form.elements.namedItem("goalGems") as HTMLInputElement;
  const picks = Array.from(form.querySelectorAll<HTMLButtonElement>("[data-unit]"));
  /** A shared link's moment of calculation, until a field is edited; null: now. */
  let pinned: number | null = null;
  /** The answer on screen, for Share; null while there is none. */
  let answer: { text: string; query: string; now: number } | null = null;
  /** Fields the person is done with, whose problems show (a time field stands for "duration"). */
  const judged = new Set<string>();
  const show = (part: "empty" | "stale" | "list") => {
    region.classList.remove("is-stale");
    for (const name of ["empty", "stale", "list"])
      region.querySelector(`[data-result-${name}]`)?.toggleAttribute("hidden", name !== part);
  };
  // The bar rides above an on-screen keyboard that covers the page without resizing it.
  const viewport = visualViewport;
  for (const type of ["resize", "scroll"])
    viewport?.addEventListener(type, () =>
      document.documentElement.style.setProperty(
        "--keyboard",
        `${Math.max(0, innerHeight - viewport.height - viewport.offsetTop)}px`,
      ),
    );

  /** The quick times show pressed while the time fields hold exactly theirs. */
  const syncPicks = () => {
    const typed = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value.trim();
    for (const pick of picks) {
      const { unit, count } = pick.dataset;
      const only = [...DURATION_UNITS, UNTIL].every((name) => typed(name) === (name === unit ? count : ""));
      pick.setAttribute("aria-pressed", String(only));
    }
  };

  /**
   * Recomputes from the fields and puts the answer in the summary bar. `commit` (Calculate, a
   * link, back or forward) judges every field, shows every problem and moves focus to the first
   * one, or announces the answer. Returns the reading when it gave a result.
   */
  const update = (commit: boolean): Reading | null => {
    const now = pinned ?? Date.now();
    const reading = readForm(form, now, ranks);
    showNotes(form, reading.notes);
    syncPicks();
    const { input, problems } = validate(reading);
    status.textContent = "";
    shared.textContent = "";
    if (commit) for (const problem of problems) judged.add(judgedAs(problem.field));
    const shown = problems.filter((problem) => judged.has(judgedAs(problem.field)));
    const first = showProblems(form, shown);
    // What a link or an edit uses, or a message names, is never folded away.
    const used = Array.from(more.querySelectorAll("input"), (field) => field.value).some(Boolean);
    if (used || more.querySelector(".field-error:not([hidden])")) more.open = true;
    answer = null;
    share.toggleAttribute("data-empty", !input);
    if (!input) {
      const empty = Object.keys(reading.values).length === 0 && reading.problems.length === 0;
      // A field still being typed is not judged yet: the last result dims until it reads as valid.
      if (!empty && shown.length === 0) {
        region.classList.add("is-stale");
        return null;
      }
      show(empty ? "empty" : "stale");
      const message = form.querySelector(".field-error:not([hidden])")?.textContent;
      summary.textContent = empty ? emptySummary : message || "Fix the marked field.";
      if (commit) first?.focus();
      return null;
    }
    // Shown first, so the chart is drawn at the width its box really has.
    show("list");
    const view: Shown = { result: calculateGrowth(input, ranks), now, given: givenTime(reading), ranks };
    const lines = render(region, view);
    const old =
      pinned !== null && Math.abs(Date.now() - pinned) >= 60_000 ? `As of ${dateText(new Date(pinned))}` : "";
    asOf.hidden = !old;
    asOf.textContent = old && `${old}, when this link was made: its dates count from then. ${FROM_NOW}`;
    summary.textContent = (old ? `${old}: ` : "") + lines.join(" ");
    answer = { text: shareText(view), query: queryOf(form, reading), now };
    if (commit) status.textContent = summary.textContent;
    return reading;
  };

  // One history entry per calculation: edits after a committed result start a new entry, and
  // further edits update that entry until the next commit. URLs are relative to the page.
  const record = (reading: Reading | null, commit: boolean) => {
    if (!reading || pinned !== null) return;
    const search = queryOf(form, reading);
    if (`?${search}` === location.search || (search === "" && location.search === "")) {
      if (commit) history.replaceState({ committed: true }, "");
      return;
    }
    const url = search ? `?${search}` : location.href.split(/[?#]/)[0];
    if (history.state?.committed) history.pushState({ committed: commit }, "", url);
    else history.replaceState({ committed: commit }, "", url);
  };

  let pending = 0;
  let pause = 0;
  /** The person is done with `name`: its problem, if any, shows. */
  const judge = (name: string) => {
    window.clearTimeout(pause);
    if (judged.has(judgedAs(name))) return;
    judged.add(judgedAs(name));
    window.clearTimeout(pending);
    record(update(false), false);
  };
  form.addEventListener("input", (event) => {
    const target = event.target;
    // The picker's pick arrives as its change; the rank chips keep it in step with the goal.
    if (!(target instanceof HTMLInputElement)) return;
    // A link's unreadable date stays an error until the person edits the form; an edit counts from now.
    untilProblem = "";
    pinned = null;
    judged.delete(judgedAs(target.name));
    window.clearTimeout(pending);
    window.clearTimeout(pause);
    // The old result is marked stale at once; a valid edit replaces it, an invalid one hides it once judged.
    region.classList.add("is-stale");
    pending = window.setTimeout(() => record(update(false), false), 120);
    pause = window.setTimeout(() => judge(target.name), PAUSE_MS);
  });
  // Leaving a field judges it: its message shows in the slot kept for it, so nothing moves.
  form.addEventListener("focusout", (event) => {
    const input = event.target;
    const done = input instanceof HTMLInputElement && input.name && input.value !== "";
    if (done && !judged.has(judgedAs(input.name))) judge(input.name);
  });
  rankPicker.addEventListener("change", () => {
    if (rankPicker.value === "") return;
    pinned = null;
    goal.value = understood(rankPicker.value);
    goal.dispatchEvent(new Event("change", { bubbles: true }));
    record(update(false), false);
  });
  for (const pick of picks) {
    pick.addEventListener("click", () => {
      for (const name of [...DURATION_UNITS, UNTIL])
        (form.elements.namedItem(name) as HTMLInputElement).value = "";
      const field = form.elements.namedItem(pick.dataset.unit!) as HTMLInputElement;
      field.value = pick.dataset.count!;
      field.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    window.clearTimeout(pending);
    window.clearTimeout(pause);
    const reading = update(true);
    record(reading, true);
    // A narrow screen shows the result below the form: it comes into view, focus left where it was.
    const narrow = matchMedia("(max-width: 61.99rem)").matches;
    if (reading && narrow) byId("result-heading").scrollIntoView({ block: "start" });
  });
  // Reset empties the fields itself; the result, the notes, the errors and the URL follow.
  form.addEventListener("reset", () => {
    window.setTimeout(() => {
      untilProblem = "";
      pinned = null;
      judged.clear();
      more.open = false;
      update(false);
      history.pushState({ committed: true }, "", location.href.split(/[?#]/)[0]);
      // Whatever follows the goal (the rank chips, the picker) hears that the fields changed.
      form.dispatchEvent(new Event("change"));
    });
  });
  // The answer in words with its link, pinned to the moment it was calculated: to the Web Share
  // sheet where the browser has one, else to the clipboard, and the page says which.
  share.addEventListener("click", async () => {
    if (!answer)
      return void (shared.textContent = "Nothing to share yet: enter your gems and a goal or a time.");
    const url = new URL(`?${answer.query}`, location.href);
    url.searchParams.set(AT, momentText(answer.now));
    const text = `${answer.text}: ${url.href}`;
    try {
      if (navigator.share) return void (await navigator.share({ text }));
      await navigator.clipboard.writeText(text);
      shared.textContent = "Copied the answer and its link.";
    } catch (error) {
      if ((error as Error).name !== "AbortError") shared.textContent = `Copy this: ${text}`;
    }
  });
  const load = () => {
    pinned = fillFrom(form, location.search);
    judged.clear();
    return update(location.search !== "");
  };
  window.addEventListener("popstate", () => void load());
  if (location.search && load()) history.replaceState({ committed: true }, "");
}
