/**
 * The homepage's growth chart and the goal's rank chips, in a real Chromium on a phone (390 px) and
 * a desktop (1280 px), light and dark, with the clock fixed and the page in UTC so every date is
 * known. The chart's geometry from its inputs is unit/chart.test.ts's; here, what only a browser
 * shows: the drawn text's real size, redraws on a resize, the scrubber, the chart's accessible
 * name. The reference values come from outside the page's chart and chip code: the engine's
 * answer through the calculate-exp-growth tool the page registers, the rank table as published at
 * `/api/ranks.json`, decimal.js, and the platform's own date formatting. Positions are measured
 * from what Chromium lays out (getBoundingClientRect). Each page loads once; later answers are
 * shown in the same document as Back or Forward would show them (support/calculator-page.ts `showQuery`).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Decimal } from "decimal.js";
import type { Page } from "playwright-core";
import { readBuilt } from "../support/build.ts";
import { schemeOnlyRecolours } from "../support/browser.ts";
import type { CalculateOutput } from "../../contract/calculate-output.ts";
import type { RankList } from "../../contract/rank-list.ts";
import {
  assertCompact,
  calculateTool,
  onVariants,
  openHomepage,
  openMore,
  siteAndBrowserFor,
  showQuery,
  variantPage,
  waitFor,
  type VariantPage,
} from "../support/calculator-page.ts";
import { chartPoints, NOW, DAY, VARIANTS } from "../support/variants.ts";

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

const fullDate = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" });

const started = siteAndBrowserFor(test);
let ranks: RankList["ranks"];
const pages = new Map<string, VariantPage>();

test.before(async () => {
  ranks = (JSON.parse(await readBuilt(started.site, "api/ranks.json")) as RankList).ranks;
  await Promise.all(
    VIEWS.map(async ({ name, turned: _, ...options }) => {
      // In UTC with the clock fixed, so every date is known.
      const opened = await variantPage(
        started.browser,
        started.served,
        { ...options, timezoneId: "UTC" },
        { now: NOW },
      );
      await openHomepage(opened.page, started.served, "?currentGems=1000000&years=5");
      pages.set(name, opened);
    }),
  );
});

/** Runs `check` on each view's page at its own size, both at once, or on the one named. */
const onEachView = (
  check: (page: Page, view: (typeof VIEWS)[number]) => Promise<void>,
  only?: (typeof VIEWS)[number]["name"],
) =>
  onVariants(
    VIEWS,
    pages,
    async (page, view) => {
      await page.setViewportSize(view.viewport);
      await check(page, view);
    },
    { only },
  );

/** A point for each rank and goal the engine crosses within the horizon (where each stands: unit/chart.test.ts). */
async function assertPoints(page: Page, result: CalculateOutput, what: string): Promise<void> {
  const names = await page
    .locator("svg.growth-chart .chart-target")
    .evaluateAll((groups) => groups.map((group) => group.getAttribute("data-target")));
  const expected = chartPoints(result).points.map((point) => point.name);
  assert.equal(names.sort(), expected.sort(), `${what}: a point for each rank and goal within the horizon`);
}

/** Waits until the chart has been drawn at the width its box now has. */
const waitForRedraw = (page: Page) =>
  waitFor(page, "the chart drawn at its box's width", () => {
    const svg = document.querySelector("svg.growth-chart");
    return (
      svg !== null && Math.abs(svg.getBoundingClientRect().width - Number(svg.getAttribute("width"))) < 1
    );
  });

const CASES: Record<string, string>[] = [
  { currentGems: "1000000", years: "5" },
  { currentGems: "1000000" },
  { currentGems: "2750000", days: "30" },
  { currentGems: "1000000", goalGems: "1600000000", days: "30" },
  { currentGems: "5000000000", goalGems: "20000000000", months: "3" },
  { currentGems: "0.00000001" },
];

test("each rank and goal on the way is a point, drawn again at the chart's new width", async () => {
  // Where each point stands, at every width, is unit/chart.test.ts's; here the page draws its own result,
  // which the view does not change, and draws it again when the view does.
  await onEachView(async (page, view) => {
    for (const values of view.name === "phone light" ? CASES : CASES.slice(-1)) {
      await showQuery(page, new URLSearchParams(values).toString());
      await assertPoints(page, await calculateTool(page, values), JSON.stringify(values));
    }
    await page.setViewportSize(view.turned);
    await waitForRedraw(page);
    const last = CASES.at(-1)!;
    await assertPoints(
      page,
      await calculateTool(page, last),
      `${JSON.stringify(last)} at ${view.turned.width} px`,
    );
  });
});

test("the browser names the chart by its title, and draws the way beyond the time given dashed", async () => {
  await onEachView(async (page) => {
    await showQuery(page, "currentGems=1000000&goalGems=20000000000&days=30");
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
    // A goal with a time loads the planning module, which then draws the answer and its chart again:
    // the line is found and read in one step, never read once it has left the page.
    await waitFor(page, "the way beyond the time given dashed", () => {
      const beyond = document.querySelector("polyline.chart-beyond");
      return beyond !== null && /\d/.test(getComputedStyle(beyond).strokeDasharray);
    });
  }, "desktop dark");
});

test("the scrubber, by keyboard, says the date, balance and rank at the moment it marks", async () => {
  await onEachView(async (page) => {
    const values = { currentGems: "1000000", years: "5" };
    await showQuery(page, new URLSearchParams(values).toString());
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
  }, "phone light");
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

const overlap = (a: Rect, b: Rect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Every text of the chart, the chart's box and the end of the time's line, in CSS pixels of the page. */
function chartText(page: Page) {
  return page.locator("svg.growth-chart").evaluate((svg: SVGSVGElement) => {
    const rect = (element: Element) => {
      const { left, right, top, bottom } = element.getBoundingClientRect();
      return { left, right, top, bottom };
    };
    const end = svg.querySelector("path.chart-end");
    return {
      box: rect(svg),
      texts: Array.from(svg.querySelectorAll("text"), (text) => ({ text: text.textContent!, ...rect(text) })),
      end: end && (rect(end).left + rect(end).right) / 2,
    };
  });
}

test(`at 320, 390, 1280 and 1600 px, no text of the chart is clipped or overlaps another, and the end's \
date stands by its line`, async () => {
  // The desktop's page (no phone's touch or zoom), resized and recoloured for each width in turn.
  const { page, messages } = pages.get("desktop dark")!;
  const given = new Map<string, number>();
  for (const query of STRETCHING)
    given.set(
      query,
      Number((await calculateTool(page, Object.fromEntries(new URLSearchParams(query)))).durationDays),
    );
  for (const { width, colorScheme } of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme });
    await waitForRedraw(page);
    messages.length = 0;
    for (const query of STRETCHING) {
      const what = `${query} at ${width} px`;
      await showQuery(page, query);
      const chart = await chartText(page);
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
      }
      const days = given.get(query)!;
      if (days > 0) {
        const mark = chart.texts.find((text) => text.text === fullDate.format(NOW + days * DAY));
        assert.ok(
          mark && chart.end !== null && Math.max(mark.left - chart.end, chart.end - mark.right) <= 60,
          `${what}: the end's date is next to its line: ${JSON.stringify(chart)}`,
        );
      }
    }
    assert.equal(
      await schemeOnlyRecolours(page),
      [],
      `at ${width} px the other colour scheme only recolours the page`,
    );
    assert.equal(messages, [], `at ${width} px the page printed nothing and requested nothing elsewhere`);
  }
  await page.emulateMedia({ colorScheme: "dark" });
});

test("the scrubber names each point, at the point's own date", async () => {
  await onEachView(async (page) => {
    const values = { currentGems: "1000", years: "100" };
    await showQuery(page, new URLSearchParams(values).toString());
    const result = await calculateTool(page, values);
    const { horizon } = chartPoints(result);
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
  }, "desktop dark");
});

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
const goalFieldShows = (page: Page, wanted: string) =>
  waitFor(
    page,
    `the goal field reads ${wanted}`,
    (goal) =>
      document.querySelector<HTMLInputElement>("#calculator-goalGems")!.value.replaceAll(",", "") === goal,
    wanted,
  );

/** Presses Enter in the goal field and waits until the link holds the goal as `wanted`, its grouping aside. */
const commitGoal = async (page: Page, wanted: string) => {
  await page.locator("#calculator-goalGems").press("Enter");
  await waitFor(
    page,
    `the link's goal ${wanted}`,
    (goal) => new URLSearchParams(location.search).get("goal")?.replaceAll(",", "") === goal,
    wanted,
  );
};

async function assertGoal(page: Page, goal: string, what: string, current = "1000000000"): Promise<void> {
  const { goal: _, progress, ...state } = await goalState(page);
  const { progress: expected, ...rest } = expectedGoal(new Decimal(goal), new Decimal(current));
  assert.equal(state, rest, `${what}: the chips pressed, the rank picker, the badge, the progress in words`);
  assert.ok(
    Math.abs(progress - expected) < 1e-9,
    `${what}: the progress bar at ${progress}, not ${expected}`,
  );
}

test(`the rank chips, multipliers, picker, badge and progress bar agree with the goal after a tap, \
typing, Back, Forward and a reload`, async () => {
  const cosmic = new Decimal(ranks.at(-1)!.minGems);
  const radiant = ranks.find((rank) => rank.name === "Radiant")!;
  await onEachView(async (page) => {
    await showQuery(page, "currentGems=1000000000&goalGems=20B");
    // A link opens on its answer on a phone: the player taps "Change the numbers" to reach the form.
    await openMore(page);
    await assertGoal(page, "20000000000", "a shared link with 20B");

    await page.locator(".rank-chips button", { hasText: /^Radiant$/ }).click();
    // A chip writes what it says, the rank's name, which the field reads as its threshold.
    assert.is((await goalState(page)).goal, radiant.name, "the Radiant chip writes its name into the goal");
    await assertGoal(page, radiant.minGems, "after the Radiant chip");
    await commitGoal(page, "Radiant");

    const twice = `2× ${ranks.at(-1)!.name}`;
    await page.locator(".rank-chips button", { hasText: twice }).click();
    assert.is((await goalState(page)).goal, twice, "the 2× chip writes what it says");
    await assertGoal(page, cosmic.times(2).toFixed(0), "after the 2× chip");
    await commitGoal(page, twice);

    await page.locator("#calculator-goalGems").fill("100B");
    await assertGoal(page, "100000000000", "typing 100B");
    await page.locator("#calculator-goalGems").fill("2000000000");
    await assertGoal(page, "2000000000", "typing 2,000,000,000");
    await page.locator("#calculator-currentGems").fill("3B");
    await assertGoal(page, "2000000000", "a balance above the goal", "3000000000");
    // Past 2^53 a float cannot tell these apart: one gem short is not reached, nor exactly a multiple.
    await page.locator("#calculator-goalGems").fill("1000000000000000001");
    await page.locator("#calculator-currentGems").fill("1000000000000000000");
    await assertGoal(
      page,
      "1000000000000000001",
      "one gem short of a goal above 2^53",
      "1000000000000000000",
    );
    await page.locator("#calculator-goalGems").fill("2000000000");
    await page.locator("#calculator-currentGems").fill("1000000000");
    await commitGoal(page, "2000000000");

    await page.goBack();
    await goalFieldShows(page, twice);
    await assertGoal(page, cosmic.times(2).toFixed(0), "after Back");
    await page.goBack();
    await goalFieldShows(page, "Radiant");
    await assertGoal(page, radiant.minGems, "after Back again");
    await page.goForward();
    await goalFieldShows(page, twice);
    await assertGoal(page, cosmic.times(2).toFixed(0), "after Forward");
    await page.reload();
    await page.locator("#calculator-headline").waitFor({ state: "visible" });
    await openMore(page);
    await assertGoal(page, cosmic.times(2).toFixed(0), "after a reload");

    await page
      .locator("#calculator-goal-rank")
      .selectOption({ label: `${radiant.name} (${radiant.displayValue})` });
    await assertGoal(page, radiant.minGems, "after picking Radiant from the picker");
    assert.is((await goalState(page)).goal, radiant.name, "the picker writes the rank's name too");
  }, "phone light");
});

test.run();
