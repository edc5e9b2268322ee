/**
 * The homepage's chart in the page: drawn at the size its box has, drawn again when that size
 * changes (a resize, a phone turned), and read with a scrubber: a slider under the chart, or a
 * pointer on it, marks a moment and says its date, balance and rank in a live region.
 * The box is measured as it changes, not at each answer: read after the answer's writes, its size
 * would cost a layout of the page in the middle of the script.
 */
import type { CalculateOutput } from "../../contract/calculate-output.ts";
import { TIME_NORMALIZATION } from "../../common/constants.ts";
import { dateText, gemsText, resultChart, type Chart } from "../../common/chart.ts";
import { planHook } from "./plan-hook.ts";
import { lang } from "./form-words.ts";

let shown: { result: CalculateOutput; start: number } | null = null;
let chart: Chart | null = null;
/** The box's size when last shown (0 before), and the markup drawn in it. */
let box = { width: 0, height: 0 };
let drawn = "";

const area = document.querySelector<HTMLElement>("[data-chart]")!;
const slider = document.getElementById("calculator-scrub") as HTMLInputElement;
const readout = document.getElementById("calculator-scrub-readout")!;

/** Draws the chart at its box's width; `speak` marks the slider's moment and says it. */
function draw(speak?: boolean): void {
  if (!shown) return;
  const { result, start } = shown;
  area.parentElement!.hidden = false;
  if (!box.width) box = { width: area.clientWidth, height: area.clientHeight };
  const width = Math.max(280, box.width);
  const marked = speak || readout.textContent !== "";
  const { at, names } = moment(Number(slider.value) / Number(slider.max));
  chart = resultChart(result, {
    id: "calculator-chart-title",
    describedBy: "calculator-milestones",
    width,
    height: box.height || 240,
    locale: lang(),
    start,
    cursor: marked ? at : undefined,
    balanceAt: planHook.curve,
  });
  area.parentElement!.hidden = !chart;
  // The same chart (an answer given again) is left as it is: nothing to draw.
  if (drawn !== (chart?.svg ?? "")) area.innerHTML = drawn = chart?.svg ?? "";
  if (!chart) return;
  // The slider spans the plot, so its thumb stands under the moment it names.
  slider.style.marginInline = `${chart.left}px ${width - chart.right}px`;
  if (!marked) return;
  const seconds = Math.round(at * TIME_NORMALIZATION.secondsPerDay);
  const rank =
    result.milestones.findLast(({ duration }) => duration.totalSeconds <= seconds) ?? result.currentRank;
  const date = dateText(start + seconds * 1000, chart.days, lang());
  slider.setAttribute("aria-valuetext", date);
  const here = names ? ` — ${names}` : "";
  if (speak)
    readout.textContent = `${date}: ${gemsText(chart.balanceAt(at), 3, lang())} gems, ${rank.name}${here}`;
}

/**
 * The day the slider's `share` of the way marks: a point's own day when the slider's step nearest
 * to it is this one, so every point can be read, with the names of all that equal it ("Goal = Radiant").
 */
function moment(share: number): { at: number; names?: string } {
  const days = chart?.days ?? 0;
  const at = days * share;
  const step = days / Number(slider.max);
  const point = chart?.points.find((candidate) => Math.abs(candidate.day - at) <= step / 2);
  if (!point) return { at };
  const equal = chart!.points.filter((other) => other.day === point.day && other.gems === point.gems);
  const names = equal.map((other) => other.name);
  return { at: point.day, names: names.join(" = ") };
}

/** Shows the chart of `result`, its dates counted from `start` (ms since the epoch). */
export function showChart(result: CalculateOutput, start: number): void {
  shown = { result, start };
  slider.value = "0";
  readout.textContent = "";
  draw();
}

export function mountChart(): void {
  new ResizeObserver(() => {
    const { clientWidth: width, clientHeight: height } = area;
    if (!width || (width === box.width && height === box.height)) return;
    box = { width, height };
    draw();
  }).observe(area);
  slider.addEventListener("input", () => draw(true));
  const point = (event: PointerEvent) => {
    if (!chart) return;
    const share =
      (event.clientX - area.getBoundingClientRect().left - chart.left) / (chart.right - chart.left);
    slider.value = String(Math.round(Math.min(1, Math.max(0, share)) * Number(slider.max)));
    draw(true);
  };
  area.addEventListener("pointermove", point);
  area.addEventListener("pointerdown", point);
}
