/**
 * The growth chart as SVG markup: a pure function of the result, so the page draws it in the
 * browser and the docs render the same chart at build time, with no DOM. Colours come from classes
 * and `currentColor` (styled in site.css for light and dark); the CSP refuses inline styles.
 * Lines are styled there too (dashes, widths), so the markup stays small.
 * Balances are plotted as floating-point numbers: a picture needs pixels, not the exact digits.
 * Each crossing is placed at the engine's own time for it (`totalSeconds`), so the chart's dates
 * are the milestone table's.
 */
import type { CalculateOutput } from "../../build/schemas/calculate-output.ts";
import { TIME_NORMALIZATION } from "../constants.ts";
import { compactAmount, scientificAmount } from "./amount.ts";

export interface ChartTarget {
  /** What the point is called: a rank's name, "Goal", "+10B". */
  label: string;
  /** The target balance, a decimal string. */
  gems: string;
  /** Seconds of growth until the balance reaches it (the engine's `totalSeconds`). */
  seconds: number;
  kind: "rank" | "goal";
}

export interface ChartInput {
  currentGems: string;
  /** Days of growth the person asked for; 0 when no time was given. */
  durationDays: string;
  dailyInterestRate: string;
  targets: readonly ChartTarget[];
  /** The chart's accessible name. */
  title: string;
  /** Id for the `<title>`, unique in the page. */
  id: string;
  /** Id of the element (the milestone table) that gives the figures in text. */
  describedBy?: string;
  width: number;
  height: number;
  /** The moment the growth starts (ms since the epoch), in the local time zone of the axis's dates. */
  start: number;
  locale?: string;
  /** A day to mark with the scrubber's cursor. */
  cursor?: number;
}

/** A drawn chart and the mapping the page's scrubber needs to point into it. */
export interface Chart {
  svg: string;
  /** The horizon, in days. */
  days: number;
  /** The plot's left and right edges, in the SVG's units (pixels at its drawn size). */
  left: number;
  right: number;
  balanceAt: (day: number) => number;
}

const DAY_MS = TIME_NORMALIZATION.secondsPerDay * 1000;
/** An over-estimate of a character's width at 11 px, so labels judged apart are apart. */
const CHAR = 6.4;

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const round = (value: number) => Math.round(value * 10) / 10;

/** `1.6B`, `0.0125`, and powers of ten beyond compact notation: `2.5 × 10¹⁸`, `10⁻⁹`. */
export const gemsText = (value: number, digits: number, locale?: string): string =>
  value === 0 || (value >= 1e-3 && value < 1e15) ? new Intl.NumberFormat(locale, { notation: "compact", maximumSignificantDigits: digits }).format(value) : scientificAmount(value, locale, digits - 1);

/** Time units for the axis, finest first: the unit's size in days, the steps it may take and how its ticks read. */
const UNITS = [
  { size: 1 / 24, steps: [1, 2, 3, 6, 12], tick: { hour: "numeric" } },
  { size: 1, steps: [1, 2, 7, 14], tick: { month: "short", day: "numeric" } },
  { size: 30.4, steps: [1, 2, 3, 6], tick: { month: "short", year: "numeric" } },
  { size: 365.2, steps: [1, 2, 5, 10, 20, 25, 50, 100, 200], tick: { year: "numeric" } },
] as const;

/**
 * Ticks for `days` from `start`: local calendar boundaries (the hour, midnight, the first of a
 * month, 1 January) at the finest unit and step that fit `count` labels; and that unit's index.
 */
function timeTicks(days: number, count: number, start: number, locale?: string) {
  let level = 3;
  let step = 200;
  UNITS.some((unit, index) => unit.steps.some((size) => days / (unit.size * size) <= count && ((level = index), (step = size))));
  const from = new Date(start);
  // Year, month, day and hour of the boundary before the start; the unit's own field then counts on.
  const fields = [from.getFullYear(), level > 2 ? 0 : from.getMonth(), level > 1 ? 1 : from.getDate(), level > 0 ? 0 : from.getHours()];
  const ticks: { day: number; label: string }[] = [];
  for (let next = 1, day = 0; day <= days; next++) {
    const parts = [...fields];
    parts[3 - level]! += next;
    const date = new Date(parts[0]!, parts[1]!, parts[2], parts[3]);
    day = (date.getTime() - start) / DAY_MS;
    // Steps fall on round values (every third month, every tenth year); on an axis of hours, midnight is named by its date.
    if (day <= days && (parts[3 - level]! - (level === 1 ? 1 : 0)) % step === 0) ticks.push({ day, label: new Intl.DateTimeFormat(locale, UNITS[level || date.getHours() ? level : 1]!.tick).format(date) });
  }
  return { level, ticks };
}

/** Ticks for the balance: powers of ten on a log axis, about four round values on a linear one, with the digits that tell them apart. */
function gemTicks(low: number, high: number, log: boolean): { ticks: number[]; digits: number } {
  const ticks: number[] = [];
  if (log) {
    const first = Math.ceil(Math.log10(low));
    const last = Math.floor(Math.log10(high));
    const every = Math.ceil((last - first + 1) / 6);
    for (let power = first; power <= last; power += every) ticks.push(10 ** power);
    return { ticks, digits: 1 };
  }
  const rough = (high - low) / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((factor) => factor * magnitude >= rough) ?? 10) * magnitude;
  for (let index = Math.ceil(low / step); index * step <= high; index++) ticks.push(index * step);
  return { ticks, digits: Math.floor(Math.log10(high)) - Math.floor(Math.log10(step)) + 2 };
}

/**
 * The chart: the balance from now to the horizon, which is the time given, or further when the
 * next rank or a goal lies beyond it (the part beyond drawn dashed), or the last target when no
 * time is given. Each target on the way is a faint horizontal line with a point where the balance
 * crosses it, labelled with its name and date beside the point; the axis is logarithmic, and says
 * so, when the balance spans more than a factor of ten. Null when there is nothing to draw.
 */
export function growthChart(input: ChartInput): Chart | null {
  const { width, height, locale, start } = input;
  const growth = Math.log1p(Number(input.dailyInterestRate));
  const given = Number(input.durationDays);
  const dayOf = (target: ChartTarget) => target.seconds / TIME_NORMALIZATION.secondsPerDay;
  const ahead = input.targets.filter((target) => target.seconds > 0);
  // The start is taken back from the engine's time to the first target, so the curve meets every
  // crossing point even where the 8-decimal balance rounds to 0 (below 0.000000005 gems).
  const first = ahead[0];
  const current = first ? Number(first.gems) * Math.exp(-growth * dayOf(first)) : Number(input.currentGems);
  const firstRank = ahead.find((target) => target.kind === "rank");
  const days = Math.max(given, ...(given > 0 ? ahead.filter((target) => target === firstRank || target.kind === "goal") : ahead).map(dayOf));
  if (!(days > 0 && current > 0)) return null;
  const shown = ahead.filter((target) => dayOf(target) <= days);
  const balanceAt = (day: number) => current * Math.exp(growth * day);
  const top = balanceAt(days);
  const log = top / current > 10;
  const low = log ? current : Math.max(0, current - (top - current) * 0.1);
  const high = log ? top : top + (top - current) * 0.1 || current * 1.01;
  const { ticks: gems, digits } = gemTicks(low, high, log);
  const gemLabels = gems.map((value) => gemsText(value, digits, locale));

  const plot = { x: 8 + CHAR * Math.max(4, ...gemLabels.map((label) => label.length)), y: 22, w: 0, h: height - 22 - 26 };
  plot.w = width - plot.x - 14;
  const x = (day: number) => round(plot.x + (day / days) * plot.w);
  const y = (value: number) => round(plot.y + plot.h - (log ? Math.log(value / low) / Math.log(high / low) : (value - low) / (high - low)) * plot.h);
  const { level: unit, ticks } = timeTicks(days, Math.max(2, Math.floor(plot.w / 70)), start, locale);

  const parts: string[] = [];
  // Ids and the Intl-formatted axis labels are the code's own; only names and the title are escaped.
  const describedBy = input.describedBy ? ` aria-describedby="${input.describedBy}"` : "";
  parts.push(
    `<svg class="growth-chart" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="${input.id}"${describedBy}>`,
    `<title id="${input.id}">${escapeXml(input.title)}</title>`,
    `<g class="chart-grid"><text class="chart-label chart-scale" x="4" y="12">${log ? "Gems, log scale" : "Gems"}</text>`,
  );
  gems.forEach((value, index) => parts.push(`<line x1="${plot.x}" x2="${plot.x + plot.w}" y1="${y(value)}" y2="${y(value)}"/><text class="chart-label" x="${plot.x - 6}" y="${y(value) + 4}" text-anchor="end">${gemLabels[index]}</text>`));
  for (const tick of ticks) {
    const anchor = x(tick.day) > plot.x + plot.w - 30 ? "end" : "middle";
    parts.push(`<text class="chart-label" x="${x(tick.day)}" y="${height - 8}" text-anchor="${anchor}">${tick.label}</text>`);
  }
  parts.push(`</g>`);

  // One label per point: targets at the same balance (a goal picked from the ranks) share one.
  // The balance rises to the right, so a label left of its point and above it, or right of it and
  // below it, stays clear of the line; the first of those that fits in the plot without touching
  // a label already placed is used, the rightmost points first since they have least room.
  // A crossing reads as a month ("Oct 2032"), or as a day and hour on a chart of days or hours.
  const when = new Intl.DateTimeFormat(locale, unit > 1 ? UNITS[2].tick : { month: "short", day: "numeric", hour: "numeric" });
  // The scale's name holds the top left corner; a label may rise into the rest of the top margin.
  const placed: (readonly number[])[] = [[0, 0, 110, 14]];
  const labels = new Map<ChartTarget, string>();
  const level = (target: ChartTarget) => Number(target.gems);
  const spot = (target: ChartTarget) => [x(dayOf(target)), y(level(target))] as const;
  for (const target of [...shown].sort((a, b) => b.seconds - a.seconds || (a.kind === "goal" ? -1 : 1))) {
    const same = shown.filter((other) => level(other) === level(target));
    if (same.some((other) => labels.has(other))) continue;
    const text = `${same.sort((a) => (a.kind === "goal" ? -1 : 1)).map((other) => other.label).join(" = ")} · ${when.format(start + target.seconds * 1000)}`;
    const [px, py] = spot(target);
    const w = text.length * CHAR;
    // Last, right of it and above, across the line, where the halo keeps it legible.
    for (const [left, baseline, anchor] of [[px - 6 - w, py - 5, "end"], [px + 6, py + 13, "start"], [px + 6, py - 5, "start"]] as const) {
      const box = [left, baseline - 10, left + w, baseline + 3] as const;
      const near = ([a, b, c = a, d = b]: readonly number[], margin: number) => a! < box[2] + margin && box[0] < c! + margin && b! < box[3] + margin && box[1] < d! + margin;
      // Inside the plot (or its top margin), clear of every label placed, and so far from any
      // other point that it cannot be read as that one's.
      if (left < plot.x || box[2] > width - 2 || box[1] < 0 || box[3] > plot.y + plot.h || placed.some((other) => near(other, 0))) continue;
      if (shown.some((other) => level(other) !== level(target) && near(spot(other), 8))) continue;
      placed.push(box);
      // Anchored at the end nearest the point, so the label's true width never moves it away.
      labels.set(target, `<text x="${anchor === "end" ? px - 6 : px + 6}" y="${round(baseline)}" text-anchor="${anchor}">${escapeXml(text)}</text>`);
      break;
    }
  }
  // Drawn lowest first, so the lines follow the milestone table's order.
  for (const target of [...shown].sort((a, b) => a.seconds - b.seconds)) {
    const lineY = y(level(target));
    parts.push(
      `<g class="chart-target chart-${target.kind}" data-target="${escapeXml(target.label)}">` +
        `<line x1="${plot.x}" x2="${plot.x + plot.w}" y1="${lineY}" y2="${lineY}"/>` +
        `<circle cx="${x(dayOf(target))}" cy="${lineY}" r="3.5"/>${labels.get(target) ?? ""}</g>`,
    );
  }

  // On a log axis compound growth is a straight line; a linear axis needs a few points to bend.
  const segment = (from: number, to: number, className: string) => {
    const steps = log ? 1 : 32;
    const points = Array.from({ length: steps + 1 }, (_, step) => from + ((to - from) * step) / steps).map((day) => `${x(day)},${y(balanceAt(day))}`);
    parts.push(`<polyline class="chart-balance ${className}" points="${points.join(" ")}"/>`);
  };
  const solid = given > 0 ? Math.min(given, days) : days;
  segment(0, solid, "");
  if (solid < days) segment(solid, days, "chart-beyond");
  const bottom = plot.y + plot.h;
  parts.push(`<path class="chart-axis" d="M${plot.x} ${plot.y}V${bottom}H${plot.x + plot.w}"/>`);
  const { cursor } = input;
  if (cursor !== undefined) parts.push(`<g class="chart-cursor"><path d="M${x(cursor)} ${plot.y}V${bottom}"/><circle cx="${x(cursor)}" cy="${y(balanceAt(cursor))}" r="5"/></g>`);
  return { svg: parts.join("") + "</svg>", days, left: plot.x, right: plot.x + plot.w, balanceAt };
}

/** The chart of a `calculate-exp-growth` result (its rank milestones, goal and amount to earn), or null when there is nothing to draw. */
export function resultChart(result: CalculateOutput, options: { id: string; describedBy?: string; width: number; height: number; locale?: string; start: number; cursor?: number }): Chart | null {
  const gems = (value: string) => compactAmount(value, options.locale);
  const targets: ChartTarget[] = result.milestones.map((milestone) => ({ label: milestone.name, gems: milestone.minGems, seconds: milestone.duration.totalSeconds, kind: "rank" }));
  const { goal, additional } = result;
  if (goal) targets.push({ label: "Goal", gems: goal.targetGems, seconds: goal.duration.totalSeconds, kind: "goal" });
  if (additional) targets.push({ label: `+${gems(additional.additionalGems)}`, gems: additional.targetGems, seconds: additional.duration.totalSeconds, kind: "goal" });
  return growthChart({
    ...options,
    ...result,
    targets,
    title: `Growth chart: the balance from ${gems(result.currentGems)} gems, with a point where it reaches each rank and goal; the table gives the figures.`,
    describedBy: result.milestones.length ? options.describedBy : undefined,
  });
}

/** The same chart as markup, empty when there is nothing to draw: the docs draw it at build time. */
export const resultChartSvg = (...args: Parameters<typeof resultChart>): string => resultChart(...args)?.svg ?? "";
