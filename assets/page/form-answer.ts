/**
 * Showing the answer: a headline that says what was asked and what was gained ("In 30 days: 273M
 * gems (+23.5M, +9.4%), still Ethereal."), every rank milestone with its local date and the end of
 * the time given marked once among them, the chart, and the exact figures one step away.
 */
import type { CalculateOutput, Duration } from "../../contract/calculate-output.ts";
import type { ExpRank } from "../../contract/rank-list.ts";
import { TIME_NORMALIZATION } from "../../common/constants.ts";
import { DURATION_UNITS } from "../../common/engine/duration.ts";
import { compareExact, exactOf } from "../../common/engine/exact.ts";
import { showChart } from "./chart-view.ts";
import type { Reading } from "./form-read.ts";
import { compactGems, counted, dateText, lang, percentText, waitText } from "./form-words.ts";

export interface Given {
  /** "In 30 days", "On Jan 1, 2030". */
  lead: string;
  /** "30 days", "Jan 1, 2030": the time as the person gave it. */
  span: string;
  /** ", within your 30 days" or ", after Jan 1, 2030", as a target is reached in that time or not. */
  late: (reached: boolean) => string;
}

/** The time the person gave, in their words; null when none. */
export function givenTime(reading: Reading): Given | null {
  if (reading.until) {
    const day = dateText(reading.until);
    return { lead: `On ${day}`, span: day, late: (reached) => `, ${reached ? "by" : "after"} ${day}` };
  }
  const span = DURATION_UNITS.filter((unit) => reading.values[unit] !== undefined)
    .map((unit) => counted(reading.values[unit]!, unit.slice(0, -1)))
    .join(" ");
  const late = (reached: boolean) => `, ${reached ? "within" : "after"} your ${span}`;
  return span ? { lead: `In ${span}`, span, late } : null;
}

export interface Shown {
  result: CalculateOutput;
  now: number;
  given: Given | null;
  ranks: readonly ExpRank[];
}

/** The date `seconds` after `now`. */
const at = (now: number, seconds: number) => new Date(now + seconds * 1000);

/**
 * The balance at the end and what was gained: `273M gems (+23.5M, +9.4%)`; digits when the compact
 * figure is the start's, so that what changed shows: `2,500,312 gems (+312, +0.01%)`.
 */
export function balanceText({ futureGems, currentGems, profit, profitPercent }: CalculateOutput): string {
  const gain = `(+${compactGems(profit)}, +${percentText(profitPercent)}%)`;
  const figure = compactGems(futureGems, true);
  if (figure !== compactGems(currentGems, true)) return `${figure} gems ${gain}`;
  const digits = new Intl.NumberFormat(lang(), { maximumFractionDigits: 2, roundingMode: "trunc" });
  return `${digits.format(futureGems as Intl.StringNumericLiteral)} gems ${gain}`;
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

/**
 * The answer to what was asked, one sentence a line: the balance and rank at the time given, then
 * when each target is reached (the goal, the gems to earn; with neither, the next rank).
 */
function headline({ result, now, given, ranks }: Shown): string[] {
  const lines: string[] = [];
  if (given) lines.push(`${given.lead}: ${balanceText(result)}, ${rankThen(result, now)}.`);
  // The engine gives a target at or below the balance 0 seconds; one above it, at least 1.
  const reach = (
    name: string,
    { duration: { totalSeconds }, reached }: { duration: Duration; reached: boolean },
  ) =>
    lines.push(
      totalSeconds
        ? `You reach ${name} on ${dateText(at(now, totalSeconds))} — in ` +
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

function timeElement(now: number, duration: Duration): HTMLTimeElement {
  const date = at(now, duration.totalSeconds);
  return Object.assign(document.createElement("time"), {
    dateTime: date.toISOString(),
    textContent: `${dateText(date)} (in ${waitText(duration.totalSeconds)})`,
  });
}

const rankText = (rank: ExpRank) => `${rank.name} (${rank.displayValue})`;

/** Fills the result region with `shown` and returns the headline's lines. */
export function render(region: HTMLElement, shown: Shown): string[] {
  const { result, now, given, ranks } = shown;
  const find = (selector: string) => region.querySelector<HTMLElement>(selector)!;
  const set = (name: string, text: string | Node) => find(`[data-result="${name}"]`).replaceChildren(text);
  const exact = new Intl.NumberFormat(lang(), { minimumFractionDigits: 2, maximumFractionDigits: 8 });
  for (const element of Array.from(region.querySelectorAll<HTMLDataElement>("data[data-result]"))) {
    const name = element.dataset.result as "futureGems";
    element.value = result[name];
    element.textContent = exact.format(result[name] as Intl.StringNumericLiteral);
  }
  for (const element of Array.from(region.querySelectorAll<HTMLElement>("[data-compact]"))) {
    const name = element.dataset.compact as "futureGems";
    element.textContent = compactGems(result[name], name === "futureGems");
  }
  find("[data-result-percent]").textContent = percentText(result.profitPercent);
  for (const element of Array.from(region.querySelectorAll<HTMLElement>("[data-timed]")))
    element.hidden = !given;
  find("[data-result-after]").textContent = given
    ? `on ${dateText(at(now, Number(result.durationDays) * TIME_NORMALIZATION.secondsPerDay))}`
    : "";

  set("currentRank", rankText(result.currentRank));
  set("futureRank", rankText(result.futureRank));
  const next = result.nextRank;
  set(
    "nextRank",
    next
      ? `${rankText(next)}: ${compactGems(next.gemsNeeded)} more gems`
      : "None: the current balance holds the top rank",
  );
  const target = (progress: { duration: Duration; reached: boolean }, lead: string) => {
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

  // The timeline: a row per rank ahead, and, once, where the time given ends among them.
  const body = (find("#calculator-milestones") as HTMLTableElement).tBodies[0]!;
  body.replaceChildren();
  const goal = result.goal && goalName(result.goal.targetGems, ranks);
  const ends = result.milestones.filter((milestone) => milestone.withinDuration).length;
  result.milestones.forEach((milestone, index) => {
    if (given && index === ends) endRow(body, given, result, now);
    const row = body.insertRow();
    if (goal === milestone.name) row.className = "is-goal";
    for (const content of [
      rankText(milestone),
      compactGems(milestone.gemsNeeded),
      timeElement(now, milestone.duration),
    ])
      row.insertCell().append(content);
    row.cells[1]!.className = "align-right";
  });
  if (given && ends === result.milestones.length) endRow(body, given, result, now);
  for (const row of Array.from(region.querySelectorAll<HTMLElement>("[data-result-row]"))) {
    const key = row.dataset.resultRow as "goal" | "additional" | "milestones";
    row.hidden = key === "milestones" ? result.milestones.length === 0 : result[key] === null;
  }
  const lines = headline(shown);
  find("#calculator-headline").replaceChildren(
    ...lines.map((line) => Object.assign(document.createElement("span"), { textContent: line })),
  );
  showChart(result, now);
  return lines;
}

/** The row where the time given ends: the ranks above it are reached within it, those below are not. */
function endRow(body: HTMLTableSectionElement, given: Given, result: CalculateOutput, now: number): void {
  const row = body.insertRow();
  row.className = "time-end";
  const cell = row.insertCell();
  cell.colSpan = 3;
  const day = dateText(at(now, Number(result.durationDays) * TIME_NORMALIZATION.secondsPerDay));
  cell.textContent = given.span === day ? `Your date: ${day}` : `End of your ${given.span}: ${day}`;
}
