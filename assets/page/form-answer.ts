/**
 * Showing the answer: a headline with what was asked and gained ("In 30 days: 273M gems (+23.5M, +9.4%),
 * still Ethereal."), the earnings of the first day, week and month, the rank timeline with the end of the
 * time given, the chart, the exact figures; a friend's link as a shared answer, to try with one's own gems.
 */
import type { CalculateOutput, Duration } from "../../contract/calculate-output.ts";
import type { ExpRank } from "../../contract/rank-list.ts";
import { TIME_NORMALIZATION } from "../../common/constants.ts";
import { DURATION_UNITS } from "../../common/engine/duration.ts";
import { compareExact, exactOf, exactToFixed8, subtractExact } from "../../common/engine/exact.ts";
import { showChart } from "./chart-view.ts";
import { planHook } from "./plan-hook.ts";
import type { Reading } from "./form-read.ts";
import { compactGems, counted, dateText, figureText, percentText, put, waitText } from "./form-words.ts";
import { loadModule } from "./load-module.ts";

/** The time given: its `lead` ("In 30 days"), `span` ("30 days"), `whose` and `late` (", after your 30 days"). */
export type Given = { lead: string; span: string; whose: string; late: (reached: boolean) => string };

/** The time the person gave, in their words ("the" time of a `shared` answer, not "your"); null when none. */
export function givenTime(reading: Reading, shared = false): Given | null {
  const whose = shared ? "the" : "your";
  if (reading.until) {
    const day = dateText(reading.until);
    return { lead: `On ${day}`, span: day, whose, late: (reached) => `, ${reached ? "by" : "after"} ${day}` };
  }
  const span = DURATION_UNITS.filter((unit) => reading.values[unit] !== undefined)
    .map((unit) => counted(reading.values[unit]!, unit.slice(0, -1)))
    .join(" ");
  const late = (reached: boolean) => `, ${reached ? "within" : "after"} ${whose} ${span}`;
  return span ? { lead: `In ${span}`, span, whose, late } : null;
}

/** An answer to show: `shared` when it came in a friend's link (`at=`), until a field is edited. */
export type Shown = {
  result: CalculateOutput;
  now: number;
  given: Given | null;
  ranks: readonly ExpRank[];
  shared: boolean;
};

/** The date `seconds` after `now`. */
const at = (now: number, seconds: number) => new Date(now + seconds * 1000);

/** The balance at the end and the gain: `273M gems (+23.5M, +9.4%)`; digits when the compact figure is the start's. */
export function balanceText({ futureGems, currentGems, profit, profitPercent }: CalculateOutput): string {
  const gain = `(+${compactGems(profit, true)}, +${percentText(profitPercent)}%)`;
  const figure = compactGems(futureGems, true);
  if (figure !== compactGems(currentGems, true)) return `${figure} gems ${gain}`;
  return `${figureText(futureGems, { maximumFractionDigits: 2, roundingMode: "trunc" })} gems ${gain}`;
}

/** "still Member" or "Radiant from Oct 19, 2032, passing Ethereal": the rank at the end. */
function rankThen(result: CalculateOutput, now: number): string {
  const crossed = result.milestones.filter((milestone) => milestone.withinDuration);
  const last = crossed.pop();
  if (!last) return `still ${result.futureRank.name}`;
  const passing = crossed.length ? `, passing ${crossed.map((rank) => rank.name).join(", ")}` : "";
  return `${last.name} from ${dateText(at(now, last.duration.totalSeconds))}${passing}`;
}

/** A goal as a player names it: the rank it is the threshold of, or its amount. */
export function goalName(targetGems: string, ranks: readonly ExpRank[]): string {
  const rank = ranks.find((entry) => compareExact(exactOf(entry.minGems), exactOf(targetGems)) === 0);
  return rank ? rank.name : `${compactGems(targetGems)} gems`;
}

/** The answer, a sentence a line: the balance at the time given, then when each target (or next rank) is reached. */
function headline({ result, now, given, ranks }: Shown): string[] {
  const lines: string[] = [];
  if (given) lines.push(`${given.lead}: ${balanceText(result)}, ${rankThen(result, now)}.`);
  // The engine gives a target at or below the balance 0 seconds; one above it, at least 1.
  type Target = { duration: Duration; reached: boolean };
  const reach = (name: string, { duration: { totalSeconds }, reached }: Target) =>
    lines.push(
      totalSeconds
        ? `You reach ${name} on ${dateText(at(now, totalSeconds))} — in ` +
            `${waitText(totalSeconds)}${given?.late(reached) ?? ""}.`
        : `You already have ${name}.`,
    );
  const { goal, additional, nextRank } = result;
  if (goal) reach(goalName(goal.targetGems, ranks), goal);
  const more =
    additional &&
    `${compactGems(additional.targetGems)} gems (${compactGems(additional.additionalGems)} more)`;
  if (more) reach(more, additional);
  if (!given && !goal && !additional) {
    if (nextRank) reach(`the next rank, ${nextRank.name},`, { ...nextRank, reached: false });
    else lines.push(`You hold the top rank, ${result.currentRank.name}.`);
  }
  return lines;
}

/** The pinned bar's short line: the balance at the time given, and when the goal (or next rank) is reached. */
export function summaryLine({ result, now, given, ranks }: Shown): string {
  const parts = given ? [`${given.lead}: ${compactGems(result.futureGems, true)} gems`] : [];
  const target = result.goal ?? (given ? null : result.nextRank);
  const name = result.goal ? goalName(result.goal.targetGems, ranks) : result.nextRank?.name;
  if (target && name)
    parts.push(
      target.duration.totalSeconds
        ? `${name} on ${dateText(at(now, target.duration.totalSeconds))}`
        : `${name} already reached`,
    );
  return parts.join(" · ") || `${result.currentRank.name}, the top rank`;
}

/**
 * What the balance earns from now: its first day, week (7 days) and month (as the engine counts a month),
 * computed as the answer is (`planHook`: at a what-if rate, with the deposits' interest).
 */
function earnings(result: CalculateOutput, ranks: readonly ExpRank[]): string {
  const gain = (days: number) =>
    compactGems(planHook.grow({ currentGems: result.currentGems, days }, ranks).profit);
  const month = TIME_NORMALIZATION.monthDays;
  const first = `+${gain(1)} the first day, +${gain(7)} the first week, +${gain(month)} the first month`;
  return `Earnings from now: ${first} (${month} days).`;
}

function timeElement(now: number, duration: Duration): HTMLTimeElement {
  const date = at(now, duration.totalSeconds);
  const text = `${dateText(date)} (in ${waitText(duration.totalSeconds)})`;
  return Object.assign(document.createElement("time"), { dateTime: date.toISOString(), textContent: text });
}

const rankText = (rank: ExpRank) => `${rank.name} (${rank.displayValue})`;
/** A row of the rank timeline: a rank ahead, or a goal that is no rank's. */
type Row = { name: string; gemsNeeded: string; duration: Duration };

/** Adds the date beside it, when `name` is reached, to the player's calendar (its module loads when used). */
const calendarButton = (name: string) =>
  Object.assign(document.createElement("button"), {
    type: "button",
    className: "calendar-add",
    value: name,
    title: `Add ${name} to your calendar`,
    onclick(this: HTMLButtonElement) {
      loadModule("calendar").then((add) => add(this));
    },
  });

/** Fills the result region with `shown` and returns the headline's lines. */
export function render(region: HTMLElement, shown: Shown): string[] {
  const { result, now, given, ranks, shared } = shown;
  const find = (selector: string) => region.querySelector<HTMLElement>(selector)!;
  const each = <T extends HTMLElement>(selector: string, fill: (element: T) => void) =>
    region.querySelectorAll<T>(selector).forEach(fill);
  const set = (name: string, text: string | Node) => put(find(`[data-result="${name}"]`), text);
  // Every amount with its 8 decimals: the maximum follows the minimum (ECMA-402 SetNumberFormatDigitOptions).
  each<HTMLDataElement>("data[data-result]", (element) => {
    element.value = result[element.dataset.result as "futureGems"];
    put(element, figureText(element.value, { minimumFractionDigits: 8 }));
  });
  each("[data-compact]", (element) => {
    const name = element.dataset.compact as "currentGems" | "futureGems";
    put(element, compactGems(result[name], name !== "currentGems"));
  });
  put(find("[data-result-percent]"), percentText(result.profitPercent));
  put(find("#calculator-earns"), earnings(result, ranks));
  // A friend's answer invites the friend's own gems; one's own answer offers its numbers to change.
  find("#calculator-try").hidden = !shared;
  find("#calculator-edit").hidden = shared;
  each("[data-timed]", (element) => (element.hidden = !given));
  const end = dateText(at(now, Number(result.durationDays) * TIME_NORMALIZATION.secondsPerDay));
  put(find("[data-result-after]"), given ? `on ${end}` : "");
  set("currentRank", rankText(result.currentRank));
  set("futureRank", rankText(result.futureRank));
  const next = result.nextRank;
  set(
    "nextRank",
    next ? `${rankText(next)}: ${compactGems(next.gemsNeeded)} more gems` : "None: the top rank",
  );
  const target = (progress: { duration: Duration; reached: boolean }, lead: string) => {
    const line = document.createElement("span");
    line.append(lead);
    if (!progress.duration.totalSeconds) line.append("already reached");
    else line.append(timeElement(now, progress.duration), given?.late(progress.reached) ?? "");
    return line;
  };
  const { goal, additional } = result;
  if (goal) set("goal", target(goal, `${compactGems(goal.targetGems)} gems: `));
  if (additional) {
    const { additionalGems: more, targetGems: total } = additional;
    set("additional", target(additional, `${compactGems(more)} more → ${compactGems(total)} target: `));
  }

  // The timeline: a row per rank ahead, the goal's own when it is no rank's, and, once, where the time given
  // ends: the rows above it are reached within it. Each row's button adds its date to the calendar.
  const body = (find("#calculator-milestones") as HTMLTableElement).tBodies[0]!;
  const goalRank = goal ? goalName(goal.targetGems, ranks) : "";
  const line = ({ name, gemsNeeded, duration }: Row, label: string) => {
    const row = document.createElement("tr");
    if (goalRank === name) row.className = "is-goal";
    for (const content of [label, compactGems(gemsNeeded), timeElement(now, duration), calendarButton(name)])
      row.insertCell().append(content);
    row.cells[1]!.className = "align-right";
    return row;
  };
  const rows = result.milestones.map((rank) => line(rank, rankText(rank)));
  let within = result.milestones.filter((milestone) => milestone.withinDuration).length;
  if (goal?.duration.totalSeconds && !result.milestones.some(({ name }) => name === goalRank)) {
    const { totalSeconds } = goal.duration;
    const before = result.milestones.filter((rank) => rank.duration.totalSeconds < totalSeconds).length;
    const gemsNeeded = exactToFixed8(subtractExact(exactOf(goal.targetGems), exactOf(result.currentGems)));
    rows.splice(before, 0, line({ ...goal, name: goalRank, gemsNeeded }, `Goal: ${goalRank}`));
    within += Number(goal.reached);
  }
  if (given && rows.length) {
    const row = document.createElement("tr");
    row.className = "time-end";
    Object.assign(row.insertCell(), {
      colSpan: 4,
      textContent:
        given.span === end
          ? `${given.whose === "the" ? "The" : "Your"} date: ${end}`
          : `End of ${given.whose} ${given.span}: ${end}`,
    });
    rows.splice(within, 0, row);
  }
  put(body, ...rows);
  each("[data-result-row]", (row) => {
    const key = row.dataset.resultRow as "goal" | "additional" | "milestones";
    row.hidden = key === "milestones" ? rows.length === 0 : result[key] === null;
  });
  const lines = planHook.say(shown, headline(shown));
  put(
    find("#calculator-headline"),
    ...lines.map((line) => Object.assign(document.createElement("span"), { textContent: line })),
  );
  showChart(result, now);
  return lines;
}
