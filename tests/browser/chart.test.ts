/**
 * The homepage's growth chart and the goal's rank chips, in a real Chromium on a phone (390 px) and
 * a desktop (1280 px), light and dark, with the clock fixed and the page in UTC so every date is
 * known. The reference values come from outside the page's chart and chip code: the engine's
 * answer through the calculate-exp-growth tool the page registers, the rank table as published at
 * `/api/ranks.json`, decimal.js, and the platform's own date formatting. Positions are measured
 * from what Chromium lays out (getBoundingClientRect), before and after a resize.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Decimal } from "decimal.js";
import type { Browser, Page } from "playwright-core";
import { readBuilt } from "../support/build.ts";
import type { ServedSite } from "../support/serve.ts";
import { recordPageMessages, recordSchemeQueries, schemeOnlyRecolours } from "../support/browser.ts";
import type { CalculateOutput } from "../../contract/calculate-output.ts";
import type { RankList } from "../../contract/rank-list.ts";
import { HANG_GUARD_MS } from "../support/browser.ts";
import { calculateTool, servedSiteAndBrowser } from "../support/calculator-page.ts";
import { NOW, DAY, VARIANTS } from "../support/variants.ts";

/**
 * Each variant's viewport (support/variants.ts), and the size it is turned or resized to. What is
 * measured here (positions, text, the drawing's markup, the form's state) is the same in the other
 * scheme as long as the scheme only recolours the page, which each check asserts of its page
 * (support/browser.ts `schemeOnlyRecolours`); the colours are axe's to check (browser/a11y.test.ts).
 */
const TURNED = {
  "phone light": { width: 844, height: 390 },
  "desktop dark": { width: 900, height: 800 },
};
const VIEWS = VARIANTS.map((variant) => ({ ...variant, turned: TURNED[variant.name] }));

/** The page's clock: Date.now() returns this instant, so dates on screen are known exactly. */
const month = new Intl.DateTimeFormat("en", { month: "short", year: "numeric", timeZone: "UTC" });
const fullDate = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" });

let served: ServedSite;
let browser: Browser;
let ranks: RankList["ranks"];
const pages = new Map<string, { page: Page; messages: string[] }>();

test.before(async () => {
  const started = await servedSiteAndBrowser();
  ({ served, browser } = started);
  ranks = (JSON.parse(await readBuilt(started.site, "api/ranks.json")) as RankList).ranks;
  await Promise.all(
    VIEWS.map(async ({ name, viewport, colorScheme, isMobile, hasTouch }) => {
      const page = await (
        await browser.newContext({ viewport, colorScheme, isMobile, hasTouch, timezoneId: "UTC" })
      ).newPage();
      await page.clock.setFixedTime(NOW);
      await recordSchemeQueries(page);
      pages.set(name, { page, messages: recordPageMessages(page, served.origin) });
    }),
  );
});

test.after(async () => {
  await browser?.close();
  await served?.close();
});

/**
 * Runs `check` on each viewport's page, both at once (each has a context of its own, and
 * Playwright runs Chromium with background throttling off and focus emulated in every page),
 * naming the viewport in any failure.
 */
async function onEachView(check: (page: Page, view: (typeof VIEWS)[number]) => Promise<void>): Promise<void> {
  const outcomes = await Promise.allSettled(
    VIEWS.map(async (view) => {
      const { page, messages } = pages.get(view.name)!;
      await page.setViewportSize(view.viewport);
      try {
        await check(page, view);
        assert.equal(await schemeOnlyRecolours(page), [], "the other colour scheme only recolours this page");
      } catch (error) {
        (error as Error).message = `[${view.name}] ${(error as Error).message}`;
        throw error;
      }
      assert.equal(
        messages,
        [],
        `[${view.name}] the page printed nothing, threw nothing and requested nothing from other sites`,
      );
    }),
  );
  // Every view finishes before the test does, so none is still at work when the next test begins.
  const failed = outcomes.find((outcome) => outcome.status === "rejected");
  if (failed) throw failed.reason;
}

/** Opens the homepage with a query and waits for its result (or for `selector`). */
async function open(page: Page, query: string, selector = "svg.growth-chart"): Promise<void> {
  const response = await page.goto(new URL(`?${query}`, served.url).href);
  assert.is(response?.status(), 200);
  await page.locator(selector).first().waitFor({ state: "visible", timeout: HANG_GUARD_MS });
}

/** A link opens on its answer on a phone: the player taps "Change the numbers" to reach the form. */
async function openForm(page: Page): Promise<void> {
  const edit = page.locator("#calculator-edit");
  if (await edit.isVisible()) await edit.click();
  await page.locator("#calculator-goal-badge").waitFor({ state: "visible", timeout: HANG_GUARD_MS });
}

interface Point {
  name: string;
  seconds: number;
}

/**
 * What the chart should show for a result: the horizon (the time given, or on to the next rank
 * and the goal beyond it; with no time, to the last of them) and every crossing within it.
 */
function expectedPoints(result: CalculateOutput): { horizon: number; points: Point[] } {
  const given = Number(result.durationDays) * 86_400;
  const ranksAhead = result.milestones.map((milestone) => ({
    name: milestone.name,
    seconds: milestone.duration.totalSeconds,
  }));
  const goals =
    result.goal && result.goal.duration.totalSeconds > 0
      ? [{ name: "Goal", seconds: result.goal.duration.totalSeconds }]
      : [];
  const reach = given > 0 ? [...ranksAhead.slice(0, 1), ...goals] : [...ranksAhead, ...goals];
  const horizon = Math.max(given, ...reach.map((point) => point.seconds));
  return { horizon, points: [...ranksAhead, ...goals].filter((point) => point.seconds <= horizon) };
}

interface Drawn {
  svg: { left: number; top: number; width: number };
  plot: { left: number; right: number; bottom: number };
  targets: {
    name: string;
    cx: number;
    cy: number;
    lineY: number;
    label: { text: string; left: number; right: number; top: number; bottom: number } | null;
  }[];
  ticks: { text: string; x: number }[];
  gems: string[];
  scale: string;
  markup: string;
}

/** The chart as Chromium laid it out, in CSS pixels of the page. */
function drawn(page: Page): Promise<Drawn> {
  return page.locator("svg.growth-chart").evaluate((svg: SVGSVGElement) => {
    const box = (element: Element) => element.getBoundingClientRect();
    const [x0, , y1, x1] = svg
      .querySelector("path.chart-axis")!
      .getAttribute("d")!
      .match(/[\d.]+/g)!
      .map(Number);
    const origin = box(svg);
    const scale = origin.width / svg.viewBox.baseVal.width;
    return {
      svg: { left: origin.left, top: origin.top, width: origin.width },
      plot: {
        left: origin.left + x0! * scale,
        right: origin.left + x1! * scale,
        bottom: origin.top + y1! * scale,
      },
      targets: Array.from(svg.querySelectorAll("g.chart-target"), (group) => {
        const dot = box(group.querySelector("circle")!);
        const line = box(group.querySelector("line")!);
        const text = group.querySelector("text");
        const label = text && box(text);
        return {
          name: group.getAttribute("data-target")!,
          cx: dot.left + dot.width / 2,
          cy: dot.top + dot.height / 2,
          lineY: line.top + line.height / 2,
          label: label && {
            text: text.textContent!,
            left: label.left,
            right: label.right,
            top: label.top,
            bottom: label.bottom,
          },
        };
      }),
      // The time axis's labels sit on the chart's bottom line; the balance's at the left, anchored at their end.
      ticks: Array.from(svg.querySelectorAll(".chart-grid text"))
        .filter((text) => Number(text.getAttribute("y")) === svg.viewBox.baseVal.height - 8)
        .map((text) => ({
          text: text.textContent!,
          x: Number(text.getAttribute("x")) * scale + origin.left,
        })),
      gems: Array.from(svg.querySelectorAll(".chart-grid text[text-anchor='end']"))
        .filter((text) => Number(text.getAttribute("y")) !== svg.viewBox.baseVal.height - 8)
        .map((text) => text.textContent!),
      scale: svg.querySelector(".chart-scale")!.textContent!,
      markup: svg.outerHTML,
    };
  });
}

/** Distance from a point to a rectangle (0 inside it). */
const distance = (x: number, y: number, box: { left: number; right: number; top: number; bottom: number }) =>
  Math.hypot(Math.max(box.left - x, 0, x - box.right), Math.max(box.top - y, 0, y - box.bottom));

const overlap = (a: { left: number; right: number; top: number; bottom: number }, b: typeof a) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Every crossing the engine reports within the horizon is a point at its date, labelled beside it with its
 * name and month, no label over another.
 */
function assertPoints(chart: Drawn, result: CalculateOutput, what: string, everyLabel = true): void {
  const { horizon, points } = expectedPoints(result);
  assert.equal(
    chart.targets.map((target) => target.name).sort(),
    points.map((point) => point.name).sort(),
    `${what}: a point for each rank and goal within the horizon`,
  );
  const labels = chart.targets.flatMap((target) => (target.label ? [target.label] : []));
  for (const point of points) {
    const target = chart.targets.find((candidate) => candidate.name === point.name)!;
    const x = chart.plot.left + (point.seconds / horizon) * (chart.plot.right - chart.plot.left);
    assert.ok(
      Math.abs(target.cx - x) <= 1.5,
      `${what}: ${point.name}'s point stands at its date (x ${target.cx.toFixed(1)}, expected ${x.toFixed(1)})`,
    );
    assert.ok(Math.abs(target.cy - target.lineY) <= 1, `${what}: ${point.name}'s point is on its line`);
    // A goal at a rank's threshold shares that rank's label ("Goal = Radiant · …").
    const label =
      target.label ??
      chart.targets.find(
        (other) =>
          other.label && Math.abs(other.cy - target.cy) < 0.5 && Math.abs(other.cx - target.cx) < 0.5,
      )?.label;
    if (!label) {
      // A goal is what the player asked for: its label always finds a place.
      assert.not.ok(everyLabel || point.name === "Goal", `${what}: ${point.name}'s point has a label`);
      continue;
    }
    // A label is the names and the month, or the names alone where the month has no room.
    const [names, when] = label.text.split(" · ");
    assert.ok(
      names!.split(" = ").includes(point.name),
      `${what}: ${JSON.stringify(label.text)} names ${point.name}`,
    );
    if (when !== undefined)
      assert.is(
        when,
        month.format(NOW + point.seconds * 1000),
        `${what}: ${JSON.stringify(label.text)} gives the month ${point.name} is reached`,
      );
    const gap = distance(target.cx, target.cy, label);
    assert.ok(
      gap <= 8,
      `${what}: ${JSON.stringify(label.text)} is beside its point (${gap.toFixed(1)} px away)`,
    );
    for (const other of chart.targets) {
      if (other === target || Math.abs(other.cy - target.cy) < 0.5) continue;
      assert.ok(
        distance(other.cx, other.cy, label) > gap,
        `${what}: ${JSON.stringify(label.text)} is nearer its own point than ${other.name}'s`,
      );
    }
  }
  for (const [index, label] of labels.entries()) {
    assert.ok(
      label.left >= chart.svg.left - 0.5 && label.right <= chart.svg.left + chart.svg.width + 0.5,
      `${what}: ${JSON.stringify(label.text)} lies within the chart`,
    );
    for (const other of labels.slice(index + 1))
      assert.not.ok(
        overlap(label, other),
        `${what}: ${JSON.stringify(label.text)} and ${JSON.stringify(other.text)} do not overlap`,
      );
  }
}

/** Waits until the chart has been drawn at the width its box now has. */
async function waitForRedraw(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const svg = document.querySelector("svg.growth-chart");
      return (
        svg !== null && Math.abs(svg.getBoundingClientRect().width - Number(svg.getAttribute("width"))) < 1
      );
    },
    undefined,
    { timeout: HANG_GUARD_MS },
  );
}

const CASES: Record<string, string>[] = [
  { currentGems: "1000000", years: "5" },
  { currentGems: "1000000" },
  { currentGems: "2750000", days: "30" },
  { currentGems: "1000000", goalGems: "1600000000", days: "30" },
  { currentGems: "5000000000", goalGems: "20000000000", months: "3" },
];

test(`each rank and goal on the way is a point at the engine's date, labelled beside it, before and after \
a resize`, async () => {
  await onEachView(async (page, view) => {
    for (const values of CASES) {
      await open(page, new URLSearchParams(values).toString());
      const result = await calculateTool(page, values);
      // A point whose label finds no room keeps its dot; the scrubber names the rank there.
      assertPoints(await drawn(page), result, JSON.stringify(values), false);
      await page.setViewportSize(view.turned);
      await waitForRedraw(page);
      assertPoints(await drawn(page), result, `${JSON.stringify(values)} at ${view.turned.width} px`, false);
      // The next case loads at the viewport's own size; this chart's redraw is not awaited.
      await page.setViewportSize(view.viewport);
    }
  });
});

test(`the axis shows dates where they fall, names a logarithmic scale, and draws the way beyond the time \
given dashed`, async () => {
  await onEachView(async (page) => {
    // No time given, so no end's date stands among the years.
    await open(page, "currentGems=1000000&goalGems=20000000000");
    const result = await calculateTool(page, { currentGems: "1000000", goalGems: "20000000000" });
    const chart = await drawn(page);
    const horizon = expectedPoints(result).horizon;
    assert.is(chart.scale, "Gems, log scale");
    const name = await page
      .locator("svg.growth-chart")
      .evaluate(
        (svg) => document.getElementById(svg.getAttribute("aria-labelledby") ?? "")?.textContent ?? "",
      );
    assert.match(name, /^Growth chart/, "the chart's name comes from its title");
    assert.is(
      await page.getByRole("img", { name, exact: true }).count(),
      1,
      "the browser exposes the chart as an image with that name",
    );
    const years = chart.ticks.filter((tick) => /^\d{4}$/.test(tick.text));
    assert.ok(years.length >= 2, `years on the axis: ${JSON.stringify(chart.ticks)}`);
    for (const tick of years) {
      // A year's tick stands at its 1 January, counted from the page's clock.
      const x =
        chart.plot.left +
        ((Date.UTC(Number(tick.text), 0, 1) - NOW) / 1000 / horizon) * (chart.plot.right - chart.plot.left);
      assert.ok(
        Math.abs(tick.x - x) <= 1,
        `the tick ${tick.text} stands at 1 January ${tick.text} (x ${tick.x.toFixed(1)}, expected ${x.toFixed(1)})`,
      );
    }
    await open(page, "currentGems=1000000&goalGems=20000000000&days=30");
    assert.is(
      await page.locator("polyline.chart-beyond").count(),
      1,
      "the way beyond the time given is drawn apart",
    );
    assert.match(
      await page.locator("polyline.chart-beyond").evaluate((line) => getComputedStyle(line).strokeDasharray),
      /\d/,
      "and dashed",
    );

    // The end of the nine months stands near the horizon, so the months before it keep their ticks.
    await open(page, "currentGems=5000000000&months=9");
    const months = (await drawn(page)).ticks.filter((tick) => /^[A-Z][a-z]{2} \d{4}$/.test(tick.text));
    // "Now" and the end's date take their room first; a month between them still reads as a month.
    assert.ok(
      months.length >= 1,
      `months on the axis of a chart of months: ${JSON.stringify((await drawn(page)).ticks)}`,
    );
    assert.is((await drawn(page)).scale, "Gems", "a linear scale is not called logarithmic");
  });
});

test("the smallest and the largest balances draw without NaN or an error, with axis labels that differ", async () => {
  const queries = [
    "currentGems=0.00000001",
    "currentGems=0.00000001&days=1",
    "currentGems=0.000000001&days=3",
    "currentGems=100000000000000000000&days=36500",
    "currentGems=100000000000000000000&seconds=1",
  ];
  await onEachView(async (page) => {
    for (const query of queries) {
      await open(page, query);
      const chart = await drawn(page);
      assert.not.match(chart.markup, /NaN|Infinity|undefined/, `${query}: every coordinate is a number`);
      const yLabels = chart.gems;
      assert.ok(yLabels.length >= 2, `${query}: the balance axis has labels: ${JSON.stringify(yLabels)}`);
      assert.is(
        new Set(yLabels).size,
        yLabels.length,
        `${query}: no two balance labels read the same: ${JSON.stringify(yLabels)}`,
      );
      if (query === "currentGems=0.00000001")
        assertPoints(chart, await calculateTool(page, { currentGems: "0.00000001" }), query, false);
    }
  });
});

test("the scrubber, by keyboard, says the date, balance and rank at the moment it marks", async () => {
  await onEachView(async (page) => {
    const values = { currentGems: "1000000", years: "5" };
    await open(page, new URLSearchParams(values).toString());
    const result = await calculateTool(page, values);
    const readout = page.locator("#calculator-scrub-readout");
    assert.is(await readout.getAttribute("aria-live"), "polite");
    const slider = page.locator("#calculator-scrub");
    await slider.focus();
    await page.keyboard.press("End");
    // At the end of five years: the engine's future balance and rank.
    const end = new Date(NOW + Number(result.durationDays) * DAY);
    assert.ok(
      (await readout.textContent())!.startsWith(`${fullDate.format(end)}: `),
      `the end reads ${fullDate.format(end)}: ${await readout.textContent()}`,
    );
    const [, amount, rank] = /: (.+) gems, (.+)$/.exec((await readout.textContent())!)!;
    assertCompact(amount!, result.futureGems, "the balance at the end");
    assert.is(rank, result.futureRank.name);
    assert.is(await slider.getAttribute("aria-valuetext"), fullDate.format(end));
    await page.keyboard.press("Home");
    assert.is(await readout.textContent(), `${fullDate.format(NOW)}: 1M gems, ${result.currentRank.name}`);
    // Page Up moves a tenth of the way; five of them, half way. One step back and forward again.
    for (let step = 0; step < 5; step++) await page.keyboard.press("PageUp");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowRight");
    const [, date, halfway, rankThen] = /^(.+): (.+) gems, (.+)$/.exec((await readout.textContent())!)!;
    const middle = NOW + (Number(result.durationDays) * DAY) / 2;
    assert.is(date, fullDate.format(middle), "half way along, the date is half way through the time");
    assertCompact(
      halfway!,
      new Decimal(result.currentGems)
        .times(new Decimal("1.003").pow(Number(result.durationDays) / 2))
        .toFixed(8),
      "the balance half way",
    );
    const held =
      result.milestones
        .filter((milestone) => milestone.duration.totalSeconds * 1000 <= middle - NOW)
        .at(-1) ?? result.currentRank;
    assert.is(rankThen, held.name, "the rank half way");
  });
});

/** The widths a player's screen may have, from the smallest phone to a wide desktop, each in one colour scheme. */
const WIDTHS = [
  { width: 320, colorScheme: "light" },
  { width: 390, colorScheme: "dark" },
  { width: 1280, colorScheme: "light" },
  { width: 1600, colorScheme: "dark" },
] as const;

/**
 * The inputs that stretch the chart: a goal rank, the smallest and largest balances, a century, a goal
 * beyond the time.
 */
const STRETCHING = [
  "currentGems=2500000&goalGems=1600000000",
  "currentGems=2500000&goalGems=1600000000&years=1",
  "currentGems=0.00000001",
  "currentGems=0.00000001&years=100",
  "currentGems=100000000000000000000&years=100",
  "currentGems=1000&years=100",
  "currentGems=900000000&days=30",
];

type Rect = { left: number; right: number; top: number; bottom: number };

/** Every text of the chart and every line and point it must keep clear of, in CSS pixels of the page. */
function chartText(page: Page) {
  return page.locator("svg.growth-chart").evaluate((svg: SVGSVGElement) => {
    const rect = (element: Element) => {
      const { left, right, top, bottom } = element.getBoundingClientRect();
      return { left, right, top, bottom };
    };
    const origin = svg.getBoundingClientRect();
    const scale = origin.width / svg.viewBox.baseVal.width;
    const point = (x: number, y: number) => ({ x: origin.left + x * scale, y: origin.top + y * scale });
    const number = (element: Element, name: string) => Number(element.getAttribute(name));
    const horizontal = (line: Element) => ({
      ...point(number(line, "x1"), number(line, "y1")),
      length: (number(line, "x2") - number(line, "x1")) * scale,
      right: point(number(line, "x2"), 0).x,
    });
    return {
      box: rect(svg),
      texts: Array.from(svg.querySelectorAll("text"), (text) => ({
        text: text.textContent!,
        ...rect(text),
        inPlot: !text.closest(".chart-grid, .chart-legend"),
      })),
      targetLines: Array.from(svg.querySelectorAll(".chart-target line"), horizontal),
      gridLines: Array.from(svg.querySelectorAll(".chart-grid line"), horizontal),
      balance: Array.from(svg.querySelectorAll("polyline.chart-balance"), (line) =>
        line
          .getAttribute("points")!
          .split(" ")
          .map((pair) => point(...(pair.split(",").map(Number) as [number, number]))),
      ),
      beyond: svg.querySelector("polyline.chart-beyond") !== null,
      legend: Array.from(svg.querySelectorAll(".chart-legend text"), (text) => text.textContent),
      end:
        svg.querySelector("path.chart-end") &&
        point(
          Number(
            svg
              .querySelector("path.chart-end")!
              .getAttribute("d")!
              .match(/^M([\d.]+)/)![1],
          ),
          0,
        ).x,
      band: svg.querySelector("rect.chart-band") && rect(svg.querySelector("rect.chart-band")!),
      now: svg.querySelector("circle.chart-now") && rect(svg.querySelector("circle.chart-now")!),
      axis: (([x0, y0, y1, x1]) => ({
        left: point(x0!, y0!).x,
        top: point(x0!, y0!).y,
        bottom: point(x1!, y1!).y,
        right: point(x1!, y1!).x,
      }))(
        svg
          .querySelector("path.chart-axis")!
          .getAttribute("d")!
          .match(/[\d.]+/g)!
          .map(Number),
      ),
    };
  });
}

/** Whether the segment from `a` to `b` passes through the inside of `box` (its edges shrunk by `inset`). */
function crosses(
  a: { x: number; y: number },
  b: { x: number; y: number },
  box: Rect,
  inset: number,
): boolean {
  for (let step = 0; step <= 200; step++) {
    const x = a.x + ((b.x - a.x) * step) / 200;
    const y = a.y + ((b.y - a.y) * step) / 200;
    if (x > box.left + inset && x < box.right - inset && y > box.top + inset && y < box.bottom - inset)
      return true;
  }
  return false;
}

test(`at 320, 390, 1280 and 1600 px, no text of the chart is clipped, overlaps another or is struck by a \
line; Now, the end of the time, the legend and the current rank's band are \
drawn`, async () => {
  await Promise.all(
    WIDTHS.map(async ({ width, colorScheme }) => {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        colorScheme,
        timezoneId: "UTC",
      });
      const page = await context.newPage();
      await page.clock.setFixedTime(NOW);
      await recordSchemeQueries(page);
      const messages = recordPageMessages(page, served.origin);
      for (const query of STRETCHING) {
        const what = `${query} at ${width} px`;
        await open(page, query);
        const chart = await chartText(page);
        const result = await calculateTool(page, Object.fromEntries(new URLSearchParams(query)));
        for (const [index, text] of chart.texts.entries()) {
          const name = `${what}: ${JSON.stringify(text.text)}`;
          assert.ok(
            text.left >= chart.box.left - 0.5 &&
              text.right <= chart.box.right + 0.5 &&
              text.top >= chart.box.top - 0.5 &&
              text.bottom <= chart.box.bottom + 0.5,
            `${name} lies within the chart (${JSON.stringify(text)} in ${JSON.stringify(chart.box)})`,
          );
          for (const other of chart.texts.slice(index + 1))
            assert.not.ok(overlap(text, other), `${name} and ${JSON.stringify(other.text)} do not overlap`);
          if (!text.inPlot) continue;
          // A line may pass above the capitals' tops, within the box's top 2 px, never through the letters.
          const letters = { ...text, top: text.top + 2 };
          for (const line of chart.targetLines)
            assert.not.ok(
              line.y > letters.top &&
                line.y < letters.bottom &&
                line.x < text.right &&
                line.right > text.left,
              `${name} is not struck by a rank's or goal's line`,
            );
          for (const points of chart.balance)
            for (const [at, from] of points.slice(1).entries())
              assert.not.ok(
                crosses(points[at]!, from, text, 1),
                `${name} is not crossed by the balance's line`,
              );
          if (chart.end !== null)
            assert.not.ok(
              chart.end > text.left + 1 && chart.end < text.right - 1,
              `${name} is not crossed by the end of the time`,
            );
        }
        // The balance's axis has ticks, never a grid line beside a rank's or goal's line.
        for (const line of chart.gridLines)
          assert.ok(
            line.length <= 6,
            `${what}: the balance's axis draws ticks of at most 6 px, not a grid line of ${line.length.toFixed(0)} px`,
          );
        const { left, right, bottom } = chart.axis;
        const now = chart.texts.find((text) => text.text === "Now");
        assert.ok(
          now && Math.abs(now.left - left) <= 1 && now.top >= bottom,
          `${what}: "Now" stands at the start of the time axis, under it`,
        );
        const given = Number(result.durationDays);
        if (given > 0) {
          const date = fullDate.format(NOW + given * DAY);
          const mark = chart.texts.find((text) => text.text === date);
          assert.ok(
            mark,
            `${what}: the end of the time given is marked with its date, ${date}: ` +
              `${JSON.stringify(chart.texts.map((text) => text.text))}`,
          );
          const x = left + ((given * 86_400) / expectedPoints(result).horizon) * (right - left);
          assert.ok(
            chart.end !== null && Math.abs(chart.end - x) <= 1.5,
            `${what}: the end's line stands at its time (x ${chart.end}, expected ${x.toFixed(1)})`,
          );
          assert.ok(
            Math.max(mark.left - chart.end!, chart.end! - mark.right) <= 60,
            `${what}: the end's date is next to its line`,
          );
        } else assert.is(chart.end, null, `${what}: no end is marked when no time is given`);
        assert.equal(
          chart.legend,
          chart.beyond ? ["within the chosen time", "beyond it"] : [],
          `${what}: a legend says what is solid and dashed, where both are drawn`,
        );
        assert.ok(chart.band && chart.now, `${what}: the current rank's band and the start are drawn`);
        const start = (chart.now.top + chart.now.bottom) / 2;
        assert.ok(
          chart.band.bottom - chart.band.top >= 2 &&
            chart.band.top - 0.5 <= start &&
            start <= chart.band.bottom + 0.5,
          `${what}: the start lies in the current rank's band (${JSON.stringify(chart.band)}, start at ${start})`,
        );
      }
      assert.equal(
        await schemeOnlyRecolours(page),
        [],
        `at ${width} px the other colour scheme only recolours the page`,
      );
      assert.equal(messages, [], `at ${width} px the page printed nothing and requested nothing elsewhere`);
      await context.close();
    }),
  );
});

test("the scrubber names each point, its label drawn or not, at the point's own date", async () => {
  await onEachView(async (page) => {
    const values = { currentGems: "1000", years: "100" };
    await open(page, new URLSearchParams(values).toString());
    const result = await calculateTool(page, values);
    const { horizon } = expectedPoints(result);
    for (const milestone of result.milestones) {
      // The slider's step nearest the crossing, set as a player's drag would leave it.
      const step = Math.round((milestone.duration.totalSeconds / horizon) * 240);
      await page.locator("#calculator-scrub").evaluate((slider: HTMLInputElement, value) => {
        slider.value = String(value);
        slider.dispatchEvent(new Event("input", { bubbles: true }));
      }, step);
      const reached = fullDate.format(NOW + milestone.duration.totalSeconds * 1000);
      const text = (await page.locator("#calculator-scrub-readout").textContent())!;
      assert.ok(
        text.startsWith(`${reached}: `) && text.endsWith(`, ${milestone.name} — ${milestone.name}`),
        `at ${milestone.name}'s point the scrubber reads ${JSON.stringify(text)}, not its date ${reached} and its name`,
      );
    }
  });
});

/** A compact amount shows the exact value to three significant digits. */
function assertCompact(shown: string, exact: string, what: string): void {
  const match = /^([\d.]+)([KMBT]?)$/.exec(shown);
  assert.ok(match, `${what}: ${JSON.stringify(shown)} is a compact amount`);
  const value = new Decimal(match[1]!).times(Decimal.pow(10, { "": 0, K: 3, M: 6, B: 9, T: 12 }[match[2]!]!));
  assert.ok(
    value.minus(exact).abs().lte(new Decimal(exact).times("0.005")),
    `${what}: ${shown} is not ${exact} to three significant digits`,
  );
}

/** The goal's chips, picker, badge and progress as the page shows them. */
async function goalState(page: Page) {
  return page.evaluate(() => ({
    goal: document.querySelector<HTMLInputElement>("#calculator-goalGems")!.value,
    pressed: Array.from(
      document.querySelectorAll(".rank-chips button[aria-pressed='true']"),
      (chip) => chip.textContent,
    ),
    picker: document.querySelector<HTMLSelectElement>("#calculator-goal-rank")!.value,
    badge: document.querySelector("#calculator-goal-status")!.hasAttribute("hidden")
      ? null
      : document.querySelector("#calculator-goal-badge")!.textContent,
    progress: document.querySelector<HTMLProgressElement>("#calculator-goal-status progress")!.value,
    progressText: document.querySelector("#calculator-goal-status progress + span")!.textContent,
  }));
}

const grouped = (value: Decimal) => new Intl.NumberFormat("en-US").format(BigInt(value.toFixed(0)));

/** What every part of the goal should say for a goal and a balance, from the published rank table. */
function expectedGoal(goal: Decimal, current: Decimal) {
  const top = ranks.at(-1)!;
  const held = ranks.filter((rank) => goal.gte(rank.minGems)).at(-1)!;
  const chips = [
    ...ranks
      .filter((rank) => rank.minGems !== "0")
      .map((rank) => ({ text: rank.name, gems: new Decimal(rank.minGems) })),
    ...[2, 5, 10].map((times) => ({
      text: `${times}× ${top.name}`,
      gems: new Decimal(top.minGems).times(times),
    })),
  ];
  const times = goal.div(top.minGems).toDecimalPlaces(2);
  const badge =
    held === top && !goal.eq(top.minGems)
      ? `${times.times(top.minGems).eq(goal) ? "=" : "≈"} ${times.toString()}× ${top.name}`
      : `= ${held.name}`;
  const share = current.div(goal);
  return {
    pressed: chips.filter((chip) => chip.gems.eq(goal)).map((chip) => chip.text),
    picker: ranks.find((rank) => rank.minGems !== "0" && goal.eq(rank.minGems))?.minGems ?? "",
    badge,
    progress: Math.min(1, share.toNumber()),
    progressText: share.gte(1)
      ? "reached"
      : `${share.lt("0.0001") ? "under 0.01" : share.times(100).toDecimalPlaces(2, Decimal.ROUND_DOWN).toString()}% ` +
        "of the way",
  };
}

/** Waits until the goal field reads `wanted`, its digit grouping aside (as after Back or Forward). */
async function goalFieldShows(page: Page, wanted: string): Promise<void> {
  await page.waitForFunction(
    (goal) =>
      document.querySelector<HTMLInputElement>("#calculator-goalGems")!.value.replaceAll(",", "") === goal,
    wanted,
  );
}

async function assertGoal(page: Page, goal: string, current: string, what: string): Promise<void> {
  const state = await goalState(page);
  const expected = expectedGoal(new Decimal(goal), new Decimal(current));
  assert.equal(state.pressed, expected.pressed, `${what}: the chips pressed`);
  assert.is(state.picker, expected.picker, `${what}: the rank picker`);
  assert.is(state.badge, expected.badge, `${what}: the badge`);
  assert.ok(
    Math.abs(state.progress - expected.progress) < 1e-9,
    `${what}: the progress bar at ${state.progress}, not ${expected.progress}`,
  );
  assert.is(state.progressText, expected.progressText, `${what}: the progress in words`);
}

test(`the rank chips, multipliers, picker, badge and progress bar agree with the goal after a tap, \
typing, Back, Forward and a reload`, async () => {
  const cosmic = new Decimal(ranks.at(-1)!.minGems);
  const radiant = ranks.find((rank) => rank.name === "Radiant")!;
  await onEachView(async (page) => {
    await open(page, "currentGems=1000000000&goalGems=20B", "#calculator-headline");
    await openForm(page);
    await assertGoal(page, "20000000000", "1000000000", "a shared link with 20B");

    await page.locator(".rank-chips button", { hasText: /^Radiant$/ }).click();
    assert.is(
      (await goalState(page)).goal,
      grouped(new Decimal(radiant.minGems)),
      "the Radiant chip writes its threshold into the goal",
    );
    await assertGoal(page, radiant.minGems, "1000000000", "after the Radiant chip");
    await page.locator("#calculator-goalGems").press("Enter");
    await page.waitForFunction(
      () => new URLSearchParams(location.search).get("goalGems")?.replaceAll(",", "") === "1600000000",
    );

    await page.locator(".rank-chips button", { hasText: `2× ${ranks.at(-1)!.name}` }).click();
    assert.is(
      (await goalState(page)).goal,
      grouped(cosmic.times(2)),
      "2× the top rank is twice its threshold",
    );
    await assertGoal(page, cosmic.times(2).toFixed(0), "1000000000", "after the 2× chip");
    await page.locator("#calculator-goalGems").press("Enter");
    await page.waitForFunction(
      (wanted) => new URLSearchParams(location.search).get("goalGems")?.replaceAll(",", "") === wanted,
      cosmic.times(2).toFixed(0),
    );

    await page.locator("#calculator-goalGems").fill("100B");
    await assertGoal(page, "100000000000", "1000000000", "typing 100B");
    await page.locator("#calculator-goalGems").fill("2000000000");
    await assertGoal(page, "2000000000", "1000000000", "typing 2,000,000,000");
    await page.locator("#calculator-currentGems").fill("3B");
    await assertGoal(page, "2000000000", "3000000000", "a balance above the goal");
    // Past 2^53 a float cannot tell these apart: one gem short is not reached, nor exactly a multiple.
    await page.locator("#calculator-goalGems").fill("1000000000000000001");
    await page.locator("#calculator-currentGems").fill("1000000000000000000");
    await assertGoal(
      page,
      "1000000000000000001",
      "1000000000000000000",
      "one gem short of a goal above 2^53",
    );
    await page.locator("#calculator-goalGems").fill("2000000000");
    await page.locator("#calculator-currentGems").fill("1000000000");
    await page.locator("#calculator-goalGems").press("Enter");
    await page.waitForFunction(
      () => new URLSearchParams(location.search).get("goalGems")?.replaceAll(",", "") === "2000000000",
    );

    await page.goBack();
    await goalFieldShows(page, cosmic.times(2).toFixed(0));
    await assertGoal(page, cosmic.times(2).toFixed(0), "1000000000", "after Back");
    await page.goBack();
    await goalFieldShows(page, "1600000000");
    await assertGoal(page, radiant.minGems, "1000000000", "after Back again");
    await page.goForward();
    await goalFieldShows(page, cosmic.times(2).toFixed(0));
    await assertGoal(page, cosmic.times(2).toFixed(0), "1000000000", "after Forward");
    await page.reload();
    await page.locator("#calculator-headline").waitFor({ state: "visible" });
    await openForm(page);
    await assertGoal(page, cosmic.times(2).toFixed(0), "1000000000", "after a reload");

    await page
      .locator("#calculator-goal-rank")
      .selectOption({ label: `${radiant.name} (${radiant.displayValue})` });
    await assertGoal(page, radiant.minGems, "1000000000", "after picking Radiant from the picker");
  });
});

test.run();
