/**
 * The growth chart as SVG markup: a pure function of the result, so the page draws it in the
 * browser and the docs render the same chart at build time, with no DOM. Colours come from classes
 * and `currentColor` (styled in site.css for light and dark); the CSP refuses inline styles.
 * Lines are styled there too (dashes, widths), so the markup stays small.
 * Balances are plotted as floating-point numbers: a picture needs pixels, not the exact digits.
 * Each crossing is placed at the engine's own time for it (`totalSeconds`), so the chart's dates
 * are the milestone table's.
 */
import type { CalculateOutput, Duration } from "../contract/calculate-output.ts";
import { TIME_NORMALIZATION } from "./constants.ts";
import { compactAmount, scientificAmount } from "./amount.ts";
import { dateFormat, numberFormat } from "./text/formats.ts";

/** A rank or goal the balance reaches. */
interface ChartTarget {
  /** What the point is called: a rank's name, "Goal", "+10B". */
  name: string;
  /** The target balance. */
  gems: number;
  /** Days of growth until the balance reaches it (from the engine's `totalSeconds`). */
  day: number;
  kind: "rank" | "goal";
}

/** How the page or the docs draw a result's chart. */
interface ChartOptions {
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
  /** The balance on a given day where it is not the growth of currentGems (the homepage's deposits). */
  balanceAt?: (day: number) => number;
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
  /** Each rank and goal on the way, a goal before a rank it equals: its day, gems and name, for the scrubber. */
  points: { day: number; gems: number; name: string }[];
}

const DAY_MS = TIME_NORMALIZATION.secondsPerDay * 1000;
/** The chart's font size in px (`.growth-chart` in site.css) and the rows of text it lays out. */
const FONT = 11;
const ROW = 14;

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const round = (value: number) => Math.round(value * 10) / 10;

/**
 * The width of `text` at the chart's font, over-estimated from DejaVu Sans, the widest sans-serif
 * a system font falls back to (M and W 1 em, other capitals at most 0.86, digits and lower case at
 * most 0.64, punctuation at most 0.4), and 1 em for any other character: text judged to fit fits.
 */
function textWidth(text: string): number {
  let em = 0;
  for (const char of text) {
    if (/[mwMW]/.test(char)) em += 1;
    else if (/[A-Z=+×—]/.test(char)) em += 0.86;
    else if (/[a-z0-9$%&#?]/.test(char)) em += 0.66;
    else if (/[\s.,:;·'|!()\-/]/.test(char)) em += 0.42;
    else if (/[\u00b2\u00b3\u00b9\u2070-\u207f]/.test(char)) em += 0.5;
    else em += 1;
  }
  return em * FONT;
}

/** `1.6B`, `0.0125`, and powers of ten beyond compact notation: `2.5 × 10¹⁸`, `10⁻⁹`. */
export const gemsText = (value: number, digits: number, locale?: string): string =>
  value === 0 || (value >= 1e-3 && value < 1e15)
    ? numberFormat(locale, { notation: "compact", maximumSignificantDigits: digits }).format(value)
    : scientificAmount(value, locale, digits - 1);

/** A moment as the chart's end and the scrubber say it: its date, and its hour on a chart of under two days. */
export const dateText = (time: number, days: number, locale?: string): string =>
  dateFormat(locale, { dateStyle: "medium", timeStyle: days < 2 ? "short" : undefined }).format(time);

/** Time units for the axis, finest first: the unit's size in days, the steps it may take and how its ticks read. */
const UNITS = [
  { size: 1 / 24, steps: [1, 2, 3, 6, 12], tick: { hour: "numeric" } },
  { size: 1, steps: [1, 2, 7, 14], tick: { month: "short", day: "numeric" } },
  { size: 30.4, steps: [1, 2, 3, 6], tick: { month: "short", year: "numeric" } },
  { size: 365.2, steps: [1, 2, 5, 10, 20, 25, 50, 100, 200], tick: { year: "numeric" } },
] as const;

/**
 * Ticks for `days` from `start`: local calendar boundaries (the hour, midnight, the first of a
 * month, 1 January) at the finest unit and step that fit `count` labels.
 */
function timeTicks(days: number, count: number, start: number, locale?: string) {
  const steps = UNITS.flatMap((unit, level) =>
    unit.steps.map((step) => ({ level, step, span: unit.size * step })),
  );
  const { level, step } = steps.find(({ span }) => days / span <= count) ?? { level: 3, step: 200 };
  const from = new Date(start);
  // Year, month, day and hour of the boundary before the start; the unit's own field then counts on.
  const fields = [
    from.getFullYear(),
    level > 2 ? 0 : from.getMonth(),
    level > 1 ? 1 : from.getDate(),
    level > 0 ? 0 : from.getHours(),
  ];
  // Made once per axis, not per tick: the unit's format, and the day's, which names midnight on an axis of hours.
  const [unitFormat, dayFormat] = [level, 1].map(
    (unit) => new Intl.DateTimeFormat(locale, UNITS[unit]!.tick),
  );
  const ticks: { day: number; label: string }[] = [];
  for (let next = 1, day = 0; day <= days; next++) {
    const parts = [...fields];
    parts[3 - level]! += next;
    const date = new Date(parts[0]!, parts[1]!, parts[2], parts[3]);
    day = (date.getTime() - start) / DAY_MS;
    // Steps fall on round values (every third month, every tenth year); on an axis of hours, midnight is
    // named by its date.
    if (day <= days && (parts[3 - level]! - (level === 1 ? 1 : 0)) % step === 0)
      ticks.push({ day, label: (level || date.getHours() ? unitFormat : dayFormat)!.format(date) });
  }
  return ticks;
}

/**
 * Ticks for the balance, each with its label, in the order they are placed (a label too near one placed
 * before is left out): on a log axis the start, the goal and the top (the answer's `balance`, cut, at the
 * end of the time given), then each power of ten between (at most six); on a linear one about four round
 * values, with the digits that tell them apart.
 */
function gemTicks({ low, high, log, shown, days, given }: Series, balance: string, locale?: string) {
  const labelled = (digits: number) => (value: number) => ({ value, text: gemsText(value, digits, locale) });
  const ticks: number[] = [];
  if (log) {
    const goal = shown.filter((target) => target.kind === "goal").map((target) => target.gems);
    const first = Math.ceil(Math.log10(low));
    const last = Math.floor(Math.log10(high));
    const every = Math.ceil((last - first + 1) / 6);
    for (let power = first; power <= last; power += every) ticks.push(10 ** power);
    const top = days === given ? compactAmount(balance, locale, true) : gemsText(high, 3, locale);
    return [...[low, ...goal].map(labelled(3)), { value: high, text: top }, ...ticks.map(labelled(1))];
  }
  const rough = (high - low) / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((factor) => factor * magnitude >= rough) ?? 10) * magnitude;
  for (let index = Math.ceil(low / step); index * step <= high; index++) ticks.push(index * step);
  return ticks.map(labelled(Math.floor(Math.log10(high)) - Math.floor(Math.log10(step)) + 2));
}

/** A text the chart places, and where it starts and ends across. */
type Label = { text: string; x: number; baseline: number; anchor: Anchor; left: number; right: number };
type Anchor = "start" | "middle" | "end";

/** `text` drawn at `x` with its baseline at `baseline`, anchored as SVG anchors it. */
function label(text: string, x: number, baseline: number, anchor: Anchor): Label {
  const width = textWidth(text);
  const left = anchor === "start" ? x : anchor === "middle" ? x - width / 2 : x - width;
  return { text, x, baseline, anchor, left, right: left + width };
}

const textMarkup = ({ text, x, baseline, anchor }: Label, className: string) =>
  `<text class="${className}" x="${round(x)}" y="${round(baseline)}"` +
  `${anchor === "start" ? "" : ` text-anchor="${anchor}"`}>${escapeXml(text)}</text>`;

/** The growth the chart draws: the start, the horizon and every target within it; null when there is none. */
function growthSeries(result: CalculateOutput, targets: ChartTarget[], curve: ChartOptions["balanceAt"]) {
  const growth = Math.log1p(Number(result.dailyInterestRate));
  const given = Number(result.durationDays);
  const ahead = targets.filter((target) => target.day > 0);
  // The start is taken back from the engine's time to the first target, so the curve meets every
  // crossing point even where the 8-decimal balance rounds to 0 (below 0.000000005 gems).
  const first = !curve && ahead[0];
  const current = first ? first.gems * Math.exp(-growth * first.day) : Number(result.currentGems);
  const firstRank = ahead.find((target) => target.kind === "rank");
  const reach = given > 0 ? ahead.filter((target) => target === firstRank || target.kind === "goal") : ahead;
  const days = Math.max(given, ...reach.map((target) => target.day));
  if (!(days > 0 && current > 0)) return null;
  const balanceAt = curve ?? ((day: number) => current * Math.exp(growth * day));
  const top = balanceAt(days);
  const log = top / current > 10;
  return {
    given,
    days,
    log,
    /** Growth alone is a straight line on a log axis; a balance the page gives (deposits) is bent. */
    straight: log && !curve,
    shown: ahead.filter((target) => target.day <= days),
    balanceAt,
    low: log ? current : Math.max(0, current - (top - current) * 0.1),
    high: log ? top : top + (top - current) * 0.1 || current * 1.01,
    /** The solid part ends at the time given; the rest, on to a rank or goal beyond it, is dashed. */
    solid: given > 0 ? Math.min(given, days) : days,
  };
}

type Series = NonNullable<ReturnType<typeof growthSeries>>;

/** The legend of the solid and dashed line: one row of markup from `x`, and where it ends. */
function legend(x: number, baseline: number): { markup: string; right: number } {
  const within = label("within the chosen time", x + 22, baseline, "start");
  const beyond = label("beyond it", within.right + 34, baseline, "start");
  // An 18 px swatch of the line, 4 px before its words.
  const item = (words: Label, className: string) =>
    `<line class="chart-balance${className}" x1="${round(words.left - 22)}" x2="${round(words.left - 4)}" ` +
    `y1="${baseline - 4}" y2="${baseline - 4}"/>${textMarkup(words, "chart-label")}`;
  const markup = `<g class="chart-legend">${item(within, "")}${item(beyond, " chart-beyond")}</g>`;
  return { markup, right: beyond.right };
}

/** The rows above the plot: the scale's name, and the legend (where a part is dashed) beside it or below it. */
function header(width: number, series: Series) {
  const scale = label(series.log ? "Gems, log scale" : "Gems", 4, 12, "start");
  if (series.solid >= series.days) return { scale, key: "", rows: 1 };
  const room = width - 4 - legend(0, 12).right;
  const beside = room >= scale.right + 16;
  return { scale, key: beside ? legend(room, 12).markup : legend(4, 12 + ROW).markup, rows: beside ? 1 : 2 };
}

/** Where the chart draws: the plot's edges, and the scales from days and gems to pixels. */
function frame({ width, height }: ChartOptions, series: Series, rows: number, axisWidth: number) {
  const { days, log, low, high } = series;
  // The plot starts below the header's rows, with room for the top balance label's upper half; the
  // balance's labels end left of it, the time's start under it.
  const plot = {
    left: Math.ceil(10 + axisWidth),
    top: rows * ROW + 12,
    right: width - 10,
    bottom: height - 26,
  };
  const scaled = (value: number) =>
    log ? Math.log(value / low) / Math.log(high / low) : (value - low) / (high - low);
  return {
    plot,
    x: (day: number) => round(plot.left + (day / days) * (plot.right - plot.left)),
    y: (value: number) =>
      round(plot.bottom - Math.min(1, Math.max(0, scaled(value))) * (plot.bottom - plot.top)),
  };
}

type Frame = ReturnType<typeof frame>;

/**
 * The balance's axis: a tick (no grid line) and a label per value, in the order given, leaving out a
 * label within a row of one placed before.
 */
function balanceAxis({ plot, y }: Frame, ticks: { value: number; text: string }[]): string {
  const placed: number[] = [];
  let markup = "";
  for (const { value, text } of ticks) {
    const at = y(value);
    if (placed.some((other) => Math.abs(other - at) < ROW + 2)) continue;
    placed.push(at);
    markup +=
      `<line x1="${plot.left - 4}" x2="${plot.left}" y1="${at}" y2="${at}"/>` +
      textMarkup(label(text, plot.left - 6, at + 4, "end"), "chart-label");
  }
  return markup;
}

/** The time axis: "Now", the end of the time given with its date, then each tick that fits 6 px clear of them. */
function timeAxis({ plot, x }: Frame, { start, locale, width, height }: ChartOptions, series: Series) {
  const base = height - 8;
  const now = label("Now", plot.left, base, "start");
  const placed = [now];
  const fits = (text: Label) =>
    text.left >= 1 &&
    text.right <= width - 1 &&
    placed.every((other) => text.right + 6 <= other.left || other.right + 6 <= text.left);
  if (series.given > 0) {
    const text = dateText(start + series.given * DAY_MS, series.days, locale);
    const anchors = (["middle", "end", "start"] as const).map((anchor) =>
      label(text, x(series.solid), base, anchor),
    );
    // Where the time given is short, the date follows "Now" rather than sit on it.
    const mark = [...anchors, label(text, now.right + 8, base, "start")].find(fits);
    if (mark) placed.push(mark);
  }
  const marks = placed.length;
  const count = Math.max(2, Math.floor((plot.right - plot.left) / 70));
  for (const tick of timeTicks(series.days, count, start, locale)) {
    const shown = label(tick.label, x(tick.day), base, x(tick.day) > plot.right - 30 ? "end" : "middle");
    if (fits(shown)) placed.push(shown);
  }
  return placed.map((text, index) => textMarkup(text, index < marks ? "chart-mark" : "chart-label")).join("");
}

/**
 * The balance: solid within the time given, dashed beyond; one segment where it is straight, else 96,
 * which keep a deposit's steep start on a log axis within a pixel of its curve.
 */
function balanceLine({ x, y }: Frame, { straight, solid, days, balanceAt }: Series): string {
  const segment = (from: number, to: number, className: string) => {
    const steps = straight ? 1 : 96;
    const points = Array.from({ length: steps + 1 }, (_, step) => from + ((to - from) * step) / steps).map(
      (day) => `${x(day)},${y(balanceAt(day))}`,
    );
    return `<polyline class="chart-balance ${className}" points="${points.join(" ")}"/>`;
  };
  return segment(0, solid, "") + (solid < days ? segment(solid, days, "chart-beyond") : "");
}

/**
 * The chart of a `calculate-exp-growth` result: the balance from now to the horizon, which is the time
 * given, or further when the next rank or a goal lies beyond it (the part beyond drawn dashed, and a
 * legend says so), or the last rank or goal when no time is given. "Now" marks the start and the end
 * of the time given is a line with its date. Each rank and goal on the way (the rank milestones, the
 * goal and the amount to earn) is a dot where the balance reaches it, and a goal's level a dashed line.
 * No text stands inside the plot: the milestone table under the chart names every crossing, and the
 * scrubber names the point it marks. The axis is logarithmic, and says so, when the balance spans more
 * than a factor of ten. Null when there is nothing to draw.
 */
export function resultChart(result: CalculateOutput, options: ChartOptions): Chart | null {
  const gems = (value: string) => compactAmount(value, options.locale);
  const target = (
    name: string,
    gems: string,
    duration: Duration,
    kind: ChartTarget["kind"],
  ): ChartTarget => ({
    name,
    gems: Number(gems),
    day: duration.totalSeconds / TIME_NORMALIZATION.secondsPerDay,
    kind,
  });
  const targets = result.milestones.map((rank) => target(rank.name, rank.minGems, rank.duration, "rank"));
  const { goal, additional } = result;
  if (goal) targets.push(target("Goal", goal.targetGems, goal.duration, "goal"));
  if (additional)
    targets.push(
      target(`+${gems(additional.additionalGems)}`, additional.targetGems, additional.duration, "goal"),
    );
  const series = growthSeries(result, targets, options.balanceAt);
  if (!series) return null;
  const { width, height, id, cursor } = options;
  const ticks = gemTicks(series, result.futureGems, options.locale);
  const { scale, key, rows } = header(width, series);
  const chart = frame(options, series, rows, Math.max(0, ...ticks.map((tick) => textWidth(tick.text))));
  const { plot, x, y } = chart;
  // In the order reached, as the milestone table lists them; a goal before a rank it equals.
  const shown = [...series.shown].sort(
    (a, b) => a.day - b.day || Number(a.kind === "rank") - Number(b.kind === "rank"),
  );
  // The milestone table gives the figures in text, where there is one.
  const describedBy =
    options.describedBy && result.milestones.length ? ` aria-describedby="${options.describedBy}"` : "";
  const title =
    `Growth chart: the balance from ${gems(result.currentGems)} gems, with a point where it reaches ` +
    "each rank and goal; the table gives the figures.";
  const parts = [
    `<svg class="growth-chart" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" ` +
      `aria-labelledby="${id}"${describedBy}>`,
    `<title id="${id}">${escapeXml(title)}</title>`,
    `<g class="chart-grid">${textMarkup(scale, "chart-label chart-scale")}` +
      `${balanceAxis(chart, ticks)}${timeAxis(chart, options, series)}</g>`,
    key,
    ...shown
      .filter((target) => target.kind === "goal")
      .map((target) => `<path class="chart-goal-line" d="M${plot.left} ${y(target.gems)}H${plot.right}"/>`),
    balanceLine(chart, series),
    series.given > 0 ? `<path class="chart-end" d="M${x(series.solid)} ${plot.top}V${plot.bottom}"/>` : "",
    `<path class="chart-axis" d="M${plot.left} ${plot.top}V${plot.bottom}H${plot.right}"/>`,
    `<circle class="chart-now" cx="${x(0)}" cy="${y(series.balanceAt(0))}" r="3.5"/>`,
    // A goal's dot is drawn after a rank's, so one on the same spot shows.
    ...[
      ...shown.filter((target) => target.kind !== "goal"),
      ...shown.filter((target) => target.kind === "goal"),
    ].map(
      (target) =>
        `<circle class="chart-target chart-${target.kind}" data-target="${escapeXml(target.name)}" ` +
        `cx="${x(target.day)}" cy="${y(target.gems)}" r="3.5"/>`,
    ),
    cursor === undefined
      ? ""
      : `<g class="chart-cursor"><path d="M${x(cursor)} ${plot.top}V${plot.bottom}"/>` +
        `<circle cx="${x(cursor)}" cy="${y(series.balanceAt(cursor))}" r="5"/></g>`,
  ];
  const { days, balanceAt } = series;
  return {
    svg: parts.join("") + "</svg>",
    days,
    left: plot.left,
    right: plot.right,
    balanceAt,
    points: shown,
  };
}
