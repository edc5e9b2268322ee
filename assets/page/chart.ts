/**
 * The growth chart as SVG markup: a pure function of the result, so the page draws it in the
 * browser and the docs render the same chart at build time, with no DOM. Colours come from classes
 * and `currentColor` (styled in site.css for light and dark); the CSP refuses inline styles.
 * Balances are plotted as floating-point numbers: a picture needs pixels, not the exact digits.
 */

export interface ChartTarget {
  /** The line's label, such as a rank name or "Goal". */
  label: string;
  /** The target balance, a decimal string. */
  gems: string;
  /** Days of growth to reach it, a decimal string; absent or beyond the chart when not reached. */
  daysToReach: string;
  kind: "rank" | "goal";
}

export interface ChartInput {
  currentGems: string;
  /** Days of growth the chart covers; 0 means "up to the last target". */
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
}

import type { CalculateOutput } from "../../build/schemas/calculate-output.ts";
import { compactAmount, scientificAmount } from "./amount.ts";

const MARGIN = { top: 12, right: 12, bottom: 28, left: 52 };

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Short tick labels: 1.6B, 48B, 2.5M. */
const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 2 });
const gemsLabel = (value: number) => (value < 1e15 ? compact.format(value) : scientificAmount(value, "en-US", 1));

const round = (value: number) => Math.round(value * 10) / 10;

/** Ticks for a day axis: "Now", then whole days, months or years. */
function dayTicks(days: number): { day: number; label: string }[] {
  const unit = days >= 730 ? { size: 365, name: "y" } : days >= 60 ? { size: 30, name: "mo" } : { size: 1, name: "d" };
  const span = days / unit.size;
  const step = [1, 2, 5, 10, 20, 25, 50, 100].find((candidate) => span / candidate <= 5) ?? 100;
  const ticks = [{ day: 0, label: "Now" }];
  for (let value = step; value * unit.size <= days + 1e-9; value += step) ticks.push({ day: value * unit.size, label: `${value} ${unit.name}` });
  return ticks;
}

/** Ticks for the balance: powers of ten on a log axis, about four round values on a linear one. */
function gemTicks(low: number, high: number, log: boolean): number[] {
  if (log) {
    const ticks: number[] = [];
    for (let power = Math.ceil(Math.log10(low)); power <= Math.floor(Math.log10(high)); power++) ticks.push(10 ** power);
    const every = Math.ceil(ticks.length / 6);
    return ticks.filter((_, index) => index % every === 0);
  }
  const rough = (high - low) / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((factor) => factor * magnitude >= rough) ?? 10) * magnitude;
  const ticks: number[] = [];
  for (let value = Math.ceil(low / step) * step; value <= high; value += step) ticks.push(value);
  return ticks;
}

/**
 * The chart: the balance from now over the duration (or to the last target when no duration is
 * given), each target in range as a labelled horizontal line with a dot where the balance reaches
 * it, on a logarithmic axis when the balance spans more than a factor of ten.
 */
export function growthChartSvg(input: ChartInput): string {
  const { width, height } = input;
  const current = Number(input.currentGems);
  const growth = Math.log(1 + Number(input.dailyInterestRate));
  const reachable = input.targets.filter((target) => Number(target.gems) > current);
  const given = Number(input.durationDays);
  const days = given > 0 ? given : Math.max(0, ...reachable.map((target) => Number(target.daysToReach)));
  const balanceAt = (day: number) => current * Math.exp(growth * day);
  const end = balanceAt(days);
  // The tolerance absorbs the 8-decimal rounding of daysToReach when the chart ends at a target.
  const inRange = reachable.filter((target) => Number(target.gems) <= end * (1 + 1e-9));
  const goals = reachable.filter((target) => target.kind === "goal" && !inRange.includes(target));
  const top = Math.max(end, ...goals.map((target) => Number(target.gems)));
  const log = top / current > 10;
  const low = log ? current : Math.max(0, current - (top - current) * 0.1);
  const high = log ? top : top + (top - current) * 0.1 || current * 1.01;

  const plot = { x: MARGIN.left, y: MARGIN.top, w: width - MARGIN.left - MARGIN.right, h: height - MARGIN.top - MARGIN.bottom };
  const x = (day: number) => round(plot.x + (days > 0 ? (day / days) * plot.w : 0));
  const y = (gems: number) => {
    const share = log ? Math.log(gems / low) / Math.log(high / low) : (gems - low) / (high - low);
    return round(plot.y + plot.h - share * plot.h);
  };

  const parts: string[] = [];
  const describedBy = input.describedBy ? ` aria-describedby="${escapeXml(input.describedBy)}"` : "";
  parts.push(`<svg class="growth-chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="${escapeXml(input.id)}"${describedBy} data-scale="${log ? "log" : "linear"}">`);
  parts.push(`<title id="${escapeXml(input.id)}">${escapeXml(input.title)}</title>`);

  parts.push(`<g class="chart-grid" font-size="11">`);
  for (const gems of gemTicks(low, high, log)) {
    parts.push(`<line x1="${plot.x}" x2="${plot.x + plot.w}" y1="${y(gems)}" y2="${y(gems)}"/><text class="chart-label" x="${plot.x - 6}" y="${y(gems) + 4}" text-anchor="end">${gemsLabel(gems)}</text>`);
  }
  for (const tick of dayTicks(days)) {
    const anchor = tick.day === 0 ? "start" : x(tick.day) > plot.x + plot.w - 20 ? "end" : "middle";
    parts.push(`<text class="chart-label" x="${x(tick.day)}" y="${height - 8}" text-anchor="${anchor}">${tick.label}</text>`);
  }
  parts.push(`</g>`);

  // Labels sit at the left, above their line, where the rising balance is still far below; a
  // label that would overlap the one above it moves down.
  const labelYs = new Map<ChartTarget, number>();
  let lastLabelY = -Infinity;
  for (const target of [...inRange, ...goals].sort((a, b) => Number(b.gems) - Number(a.gems))) {
    lastLabelY = Math.max(y(Number(target.gems)) - 3, lastLabelY + 12, plot.y + 9);
    labelYs.set(target, lastLabelY);
  }
  // Drawn lowest threshold first, so the lines follow the milestone table's order.
  for (const target of [...inRange, ...goals].sort((a, b) => Number(a.gems) - Number(b.gems))) {
    const lineY = y(Number(target.gems));
    const labelY = labelYs.get(target)!;
    const reachedDay = Number(target.daysToReach);
    parts.push(
      `<g class="chart-target chart-${target.kind}" data-target="${escapeXml(target.label)}">` +
        `<line x1="${plot.x}" x2="${plot.x + plot.w}" y1="${lineY}" y2="${lineY}"${target.kind === "goal" ? ' stroke-dasharray="6 4"' : ""}/>` +
        `<text x="${plot.x + 4}" y="${round(labelY)}" font-size="11">${escapeXml(target.label)}</text>` +
        (inRange.includes(target) ? `<circle cx="${x(reachedDay)}" cy="${lineY}" r="3.5"/>` : "") +
        `</g>`,
    );
  }

  // On a log axis compound growth is a straight line; a linear axis needs a few points to bend.
  const steps = log || days === 0 ? 1 : 48;
  const points = Array.from({ length: steps + 1 }, (_, step) => `${x((days * step) / steps)},${y(balanceAt((days * step) / steps))}`);
  parts.push(`<polyline class="chart-balance" points="${points.join(" ")}" fill="none" stroke-width="2.5" stroke-linejoin="round"/>`);
  parts.push(`<line class="chart-axis" x1="${plot.x}" x2="${plot.x}" y1="${plot.y}" y2="${plot.y + plot.h}"/><line class="chart-axis" x1="${plot.x}" x2="${plot.x + plot.w}" y1="${plot.y + plot.h}" y2="${plot.y + plot.h}"/>`);
  parts.push(`</svg>`);
  return parts.join("");
}

/**
 * The chart of a `calculate-exp-growth` result: its rank milestones, goal and additional target.
 * Empty when there is nothing to draw (no time given and no target above the balance).
 */
export function resultChartSvg(
  result: CalculateOutput,
  options: { id: string; describedBy?: string; width: number; height: number; locale?: string },
): string {
  const targets: ChartTarget[] = result.milestones.map((milestone) => ({ label: milestone.name, gems: milestone.minGems, daysToReach: milestone.daysToReach, kind: "rank" }));
  if (result.goal) targets.push({ label: "Goal", gems: result.goal.targetGems, daysToReach: result.goal.daysToReach, kind: "goal" });
  if (result.additional) targets.push({ label: "Goal + additional", gems: result.additional.targetGems, daysToReach: result.additional.daysToReach, kind: "goal" });
  const timed = Number(result.durationDays) > 0;
  if (!timed && !targets.some((target) => Number(target.daysToReach) > 0)) return "";
  const gems = (value: string) => compactAmount(value, options.locale);
  const days = new Intl.NumberFormat(options.locale, { maximumFractionDigits: 2 }).format(result.durationDays as Intl.StringNumericLiteral);
  const span = timed ? `over ${days} days to ${gems(result.futureGems)} gems` : "until the last rank";
  return growthChartSvg({
    currentGems: result.currentGems,
    durationDays: result.durationDays,
    dailyInterestRate: result.dailyInterestRate,
    targets,
    title: `Growth chart: the balance from ${gems(result.currentGems)} gems ${span}, with a line for each rank and goal it reaches; the table gives the figures.`,
    id: options.id,
    describedBy: result.milestones.length ? options.describedBy : undefined,
    width: options.width,
    height: options.height,
  });
}
