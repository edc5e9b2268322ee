/**
 * The growth chart's geometry, from the pure function that draws it (`resultChart`), at every width a
 * screen may give it. The reference values come from outside the chart's code: the engine's answer
 * through the calculate-exp-growth tool, and the platform's own dates in the process's time zone, which
 * the chart's axis uses too. What only a browser can say (the drawn text's real size, the page's
 * scrubber and redraws) is browser/chart.test.ts's.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import rankList from "../../_data/ranks.ts";
import site from "../../_data/site.ts";
import { resultChart } from "../../common/chart.ts";
import { executeTool } from "../../common/tools/execute.ts";
import type { CalculateOutput } from "../../contract/calculate-output.ts";
import { chartPoints, DAY, NOW } from "../support/variants.ts";

/** The chart's widths (a small phone, the phone, the phone turned, desktops) and the heights the page gives it. */
const SIZES = [320, 390, 844, 900, 1280, 1600].flatMap((width) =>
  [240, 288].map((height) => ({ width, height })),
);

/** Inputs that stretch the chart: a goal rank, the smallest and largest balances, a century, a goal beyond the time. */
const INPUTS: Record<string, string>[] = [
  { currentGems: "1000000", years: "5" },
  { currentGems: "1000000" },
  { currentGems: "2750000", days: "30" },
  { currentGems: "1000000", goalGems: "1600000000", days: "30" },
  { currentGems: "5000000000", goalGems: "20000000000", months: "3" },
  { currentGems: "2500000", goalGems: "1600000000" },
  { currentGems: "2500000", goalGems: "1600000000", years: "1" },
  { currentGems: "0.00000001" },
  { currentGems: "0.00000001", days: "1" },
  { currentGems: "0.000000001", days: "3" },
  { currentGems: "0.00000001", years: "100" },
  { currentGems: "100000000000000000000", years: "100" },
  { currentGems: "100000000000000000000", seconds: "1" },
  { currentGems: "1000", years: "100" },
  { currentGems: "900000000", days: "30" },
  { currentGems: "1600000000", goalGems: "48000000000", days: "90" },
];

const answer = (input: Record<string, string>) =>
  executeTool("calculate-exp-growth", input, rankList).structuredContent as CalculateOutput;

interface Element {
  name: string;
  attributes: Record<string, string>;
  /** The element's own class names and its ancestors'. */
  within: string[];
  text: string;
}

/** The chart's elements, read from its markup (which holds no comments or CDATA). */
function elements(svg: string): Element[] {
  const found: Element[] = [];
  const open: Element[] = [];
  for (const [tag, closing, name, rest, text] of svg.matchAll(/<(\/?)(\w+)([^>]*)>|([^<]+)/g)) {
    if (text !== undefined) open.at(-1)!.text += text;
    else if (closing) open.pop();
    else {
      const attributes = Object.fromEntries(
        Array.from(rest!.matchAll(/([\w-]+)="([^"]*)"/g), ([, key, value]) => [key!, value!]),
      );
      const classes = (attributes.class ?? "").split(" ").filter(Boolean);
      const element = {
        name: name!,
        attributes,
        within: [...(open.at(-1)?.within ?? []), ...classes],
        text: "",
      };
      found.push(element);
      if (!tag!.endsWith("/>")) open.push(element);
    }
  }
  return found;
}

/** The chart of `input`'s answer at a size, its elements, the plot's box from its axis, and a name for messages. */
function draw(input: Record<string, string>, size: { width: number; height: number }) {
  const result = answer(input);
  const name = `${JSON.stringify(input)} at ${size.width}×${size.height}`;
  const chart = resultChart(result, { id: "chart", ...size, locale: site.language, start: NOW });
  assert.ok(chart, `${name}: a chart is drawn`);
  const all = elements(chart.svg);
  const axis = all.find((element) => element.within.includes("chart-axis"))!;
  const [left, top, bottom, right] = axis.attributes.d!.match(/[\d.]+/g)!.map(Number);
  const number = (element: Element, attribute: string) => Number(element.attributes[attribute]);
  const plot = { left: left!, top: top!, bottom: bottom!, right: right! };
  return { result, chart, all, plot, number, name };
}

/** The balance axis's labels: texts ending left of the plot (the scale's name and the legend start there). */
const balanceLabels = (all: Element[], left: number) =>
  all.filter(
    (text) =>
      text.name === "text" && text.attributes["text-anchor"] === "end" && Number(text.attributes.x) < left,
  );

test(`each rank and goal on the way is a dot at the engine's date, each no lower than the one before, with no \
text in the plot; the smallest and the largest balances draw without NaN, with balance labels that differ`, () => {
  for (const input of INPUTS)
    for (const size of SIZES) {
      const { result, chart, all, plot, number, name } = draw(input, size);
      assert.not.match(chart.svg, /NaN|Infinity|undefined/, `${name}: every coordinate is a number`);
      const labels = balanceLabels(all, plot.left).map((text) => text.text);
      assert.ok(labels.length >= 2, `${name}: the balance axis has labels: ${labels}`);
      assert.is(new Set(labels).size, labels.length, `${name}: no two balance labels read the same`);
      const { horizon, points } = chartPoints(result);
      const dots = all.filter((element) => element.within.includes("chart-target"));
      assert.equal(
        dots.map((dot) => dot.attributes["data-target"]).sort(),
        points.map((point) => point.name).sort(),
        `${name}: a dot for each rank and goal within the horizon`,
      );
      const goalLine = all.find((element) => element.within.includes("chart-goal-line"))?.attributes.d;
      let below = plot.bottom;
      for (const point of points.sort((a, b) => a.seconds - b.seconds)) {
        const dot = dots.find((target) => target.attributes["data-target"] === point.name)!;
        const [x, y] = [plot.left + (point.seconds / horizon) * (plot.right - plot.left), number(dot, "cy")];
        assert.ok(
          Math.abs(number(dot, "cx") - x) <= 0.1,
          `${name}: ${point.name}'s dot stands at its date (x ${number(dot, "cx")}, expected ${x.toFixed(2)})`,
        );
        assert.ok(y <= below, `${name}: ${point.name}'s dot is no lower than the one before`);
        below = y;
        if (point.name === "Goal") {
          assert.ok(goalLine?.includes(` ${y}H`), `${name}: the goal's dot is on its line`);
          assert.is(dots.at(-1), dot, `${name}: the goal's dot is drawn last, over a rank it equals`);
        }
      }
      for (const text of all.filter((element) => element.name === "text")) {
        const [x, y] = [number(text, "x"), number(text, "y")];
        assert.ok(
          text.within.some((name) => name === "chart-grid" || name === "chart-legend") &&
            !(x > plot.left && x < plot.right && y > plot.top && y < plot.bottom),
          `${name}: ${JSON.stringify(text.text)} is an axis's or the legend's, outside the plot`,
        );
      }
    }
});

test(`Now, the end of the time given with its date, the legend, the start, and ticks, not grid lines`, () => {
  const fullDate = new Intl.DateTimeFormat(site.language, { dateStyle: "medium" });
  for (const input of INPUTS)
    for (const size of SIZES) {
      const { result, all, plot, number, name } = draw(input, size);
      const texts = all.filter((element) => element.name === "text");
      const now = texts.find((text) => text.text === "Now");
      assert.ok(
        now && number(now, "x") === plot.left && number(now, "y") > plot.bottom,
        `${name}: "Now" stands at the start of the time axis, under it`,
      );
      const end = all.find((element) => element.within.includes("chart-end"));
      const given = Number(result.durationDays);
      if (given > 0) {
        const date = fullDate.format(NOW + given * DAY);
        // Within two days the date gives the hour too.
        assert.ok(
          texts.some((text) => text.text.startsWith(date)),
          `${name}: the end of the time given is marked with its date, ${date}`,
        );
        const x = plot.left + ((given * 86_400) / chartPoints(result).horizon) * (plot.right - plot.left);
        const drawnAt = Number(end?.attributes.d?.match(/^M([\d.]+)/)?.[1]);
        assert.ok(
          Math.abs(drawnAt - x) <= 0.1,
          `${name}: the end's line stands at its time (${drawnAt}, not ${x})`,
        );
      } else assert.is(end, undefined, `${name}: no end is marked when no time is given`);
      const beyond = all.some((element) => element.within.includes("chart-beyond"));
      assert.equal(
        texts.filter((text) => text.within.includes("chart-legend")).map((text) => text.text),
        beyond ? ["within the chosen time", "beyond it"] : [],
        `${name}: a legend says what is solid and dashed, where both are drawn`,
      );
      const start = all.find((element) => element.within.includes("chart-now"));
      assert.is(start && number(start, "cx"), plot.left, `${name}: the start is drawn on the axis`);
      for (const line of all.filter(
        (element) => element.name === "line" && element.within.includes("chart-grid"),
      ))
        assert.ok(
          number(line, "x2") - number(line, "x1") <= 6,
          `${name}: the balance's axis draws ticks of at most 6 px, not grid lines`,
        );
    }
});

test("the axis shows years at 1 January and months on a chart of months, and names a logarithmic scale", () => {
  for (const size of SIZES) {
    const years = draw({ currentGems: "1000000", goalGems: "20000000000" }, size);
    const ticks = years.all.filter((text) => text.name === "text" && /^\d{4}$/.test(text.text));
    // From the phone to the desktop; narrower, less room, and wider, the axis counts a finer unit.
    const counted = Number(size.width >= 390 && size.width <= 1280);
    assert.ok(ticks.length >= counted * 2, `years on the axis at ${size.width} px`);
    const { left, right } = years.plot;
    const horizon = chartPoints(years.result).horizon;
    for (const tick of ticks) {
      const x =
        left + ((new Date(Number(tick.text), 0, 1).getTime() - NOW) / 1000 / horizon) * (right - left);
      assert.ok(
        Math.abs(years.number(tick, "x") - x) <= 0.1,
        `the tick ${tick.text} stands at 1 January (x ${years.number(tick, "x")}, expected ${x.toFixed(2)})`,
      );
    }
    assert.ok(years.all.some((element) => element.text === "Gems, log scale"));
    const months = draw({ currentGems: "5000000000", months: "9" }, size);
    const monthTicks = months.all.filter(
      (text) => text.name === "text" && /^[A-Z][a-z]{2} \d{4}$/.test(text.text),
    );
    // "Now" and the end's date take their room first; a month between them still reads as a month.
    assert.ok(monthTicks.length >= counted, `months on a chart of months at ${size.width} px`);
    assert.ok(
      months.all.some((element) => element.text === "Gems"),
      "a linear scale is not called logarithmic",
    );
  }
});

test("a log axis labels the start, the goal, the top (the answer's balance, cut) and each power of ten", () => {
  assert.is((1.003 ** 36500 * 1e20).toPrecision(4), "3.048e+67");
  for (const size of SIZES) {
    const { all, plot } = draw({ currentGems: "1600000000", goalGems: "48000000000", days: "90" }, size);
    const labels = balanceLabels(all, plot.left).map((text) => text.text);
    assert.equal(labels.sort(), ["1.6B", "10B", "48B"], `1.6B to 48B at ${size.width}×${size.height}`);
    const century = draw({ currentGems: "100000000000000000000", years: "100" }, size);
    assert.ok(balanceLabels(century.all, century.plot.left).some((label) => label.text === "3.04 × 10⁶⁷"));
  }
});

test("a balance the page gives (deposits) is drawn along its curve, on a log axis too", () => {
  const result = answer({ currentGems: "250000000", days: "365" });
  // 20M a day on 250M: straight in gems, so bent on the log axis its 250M to 7.55B needs.
  const balanceAt = (day: number) => 250e6 + 2e7 * day;
  const size = { width: 640, height: 320 };
  const chart = resultChart(result, { id: "chart", ...size, locale: site.language, start: NOW, balanceAt })!;
  assert.match(chart.svg, /log scale/);
  const dayAt = (x: number) => ((x - chart.left) / (chart.right - chart.left)) * chart.days;
  for (const line of elements(chart.svg).filter((element) => element.name === "polyline")) {
    const points = line.attributes
      .points!.split(" ")
      .map((pair) => pair.split(",").map(Number) as [number, number]);
    // The balance axis is linear in log(gems): fixed here by the line's two ends.
    const [[x0, y0], [x1, y1]] = [points[0]!, points.at(-1)!];
    const [low, high] = [Math.log(balanceAt(dayAt(x0))), Math.log(balanceAt(dayAt(x1)))];
    const yOf = (gems: number) => y0 + ((Math.log(gems) - low) / (high - low)) * (y1 - y0);
    for (const [index, [xb, yb]] of points.slice(1).entries()) {
      const [xa, ya] = points[index]!;
      const middle = yOf(balanceAt(dayAt((xa + xb) / 2)));
      assert.ok(
        Math.abs((ya + yb) / 2 - middle) < 1.5,
        `between x ${xa} and ${xb} the line is ${Math.abs((ya + yb) / 2 - middle).toFixed(1)} px off the balance`,
      );
    }
  }
});

test.run();
