/**
 * The homepage calculator as a person uses it, in a real Chromium on a phone (390×844) and a
 * desktop (1280×800), built for a site under a path and served the way GitHub Pages serves it.
 * The figures on screen are checked against the calculate-exp-growth tool the same page registers
 * (the engine's own answer, tested exactly elsewhere), read back from what the page shows: compact
 * amounts are parsed with decimal.js, dates from their `<time datetime>` and the test's clock.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Decimal } from "decimal.js";
import type { Page } from "playwright-core";
import { VARIANTS } from "../support/variants.ts";
import { calculatorStarted } from "../support/calculator-started.ts";
import type { CalculateOutput, Duration } from "../../contract/calculate-output.ts";
import {
  assertCompact,
  assertOnScreen,
  calculateTool,
  compactValue,
  field,
  freshForm,
  onVariants,
  openMore,
  siteAndBrowserFor,
  showQuery,
  shownFuture,
  variantPage,
  waitFor,
  type VariantPage,
} from "../support/calculator-page.ts";

/** The query parameters the form writes: short names for the amounts and the time, and the target date. */
const QUERY_NAMES = new Set(["gems", "goal", "earn", "time", "until"]);

const started = siteAndBrowserFor(test);
/** One page per viewport, reused by every test; `messages` collects what each page printed. */
const pages = new Map<string, VariantPage>();

test.before(async () => {
  await Promise.all(
    VARIANTS.map(async ({ name, ...options }) =>
      pages.set(name, await variantPage(started.browser, started.served, options)),
    ),
  );
});

/** Runs `check` on each variant's page, both at once, or on the one named. */
const onEachViewport = (
  check: (page: Page, viewport: { width: number; height: number }) => Promise<void>,
  only?: (typeof VARIANTS)[number]["name"],
) => onVariants(VARIANTS, pages, (page, { viewport }) => check(page, viewport), { only });

async function open(page: Page, path = ""): Promise<void> {
  const response = await page.goto(new URL(path, started.served.url).href);
  assert.is(response?.status(), 200, `${path || "/"} loads`);
  if (path === "") await calculatorStarted(page);
}

/** Sets every field of the form: the given ones to their text, all others empty. */
async function setFields(page: Page, values: Record<string, string>): Promise<void> {
  await openMore(page);
  for (const name of ["currentGems", "goalGems", "additionalGems", "period", "until"]) {
    const wanted = values[name] ?? "";
    if ((await field(page, name).inputValue()) !== wanted) await field(page, name).fill(wanted);
  }
}

/** Fills the form and presses Enter in `enterIn`; returns the test's clock around the calculation. */
async function calculate(
  page: Page,
  values: Record<string, string>,
  enterIn: string,
): Promise<{ before: number; after: number }> {
  const before = Date.now();
  await setFields(page, values);
  await field(page, enterIn).press("Enter");
  await waitForResult(page, true, "a result after Enter");
  return { before, after: Date.now() };
}

/** Waits until the result shows the exact future balance `wanted`, any result (`true`), or none (`null`). */
const waitForResult = (page: Page, wanted: string | true | null, what: string) =>
  waitFor(
    page,
    `${what}: the result should show ${wanted === true ? "a result" : (wanted ?? "nothing")}`,
    (expected) => {
      const value = document.querySelector<HTMLElement>("[data-result-list]")!.hidden
        ? null
        : document.querySelector<HTMLDataElement>('data[data-result="futureGems"]')!.value;
      return expected === true ? value !== null : value === expected;
    },
    wanted,
  );

/**
 * A balance read against thresholds is cut, never rounded up: the figure is at most the exact value
 * and within one unit of its third significant digit, and below every mark the value is below.
 */
function assertCut(shown: string, exact: string, marks: readonly string[], what: string): void {
  const figure = compactValue(shown);
  const unit = Decimal.pow(10, figure.abs().log(10).floor().minus(2));
  assert.ok(
    figure.lte(exact) && new Decimal(exact).minus(figure).lt(unit),
    `${what}: ${shown} is ${exact} cut to three or more significant digits`,
  );
  for (const mark of marks)
    if (new Decimal(exact).lt(mark))
      assert.ok(figure.lt(mark), `${what}: ${shown} reads below ${mark}, as ${exact} is`);
}

/** The machine-readable date of a `<time>` equals the test's clock plus `duration`, give or take a second. */
function assertDate(
  datetime: string | null,
  duration: Duration,
  clock: { before: number; after: number },
  what: string,
): void {
  assert.match(datetime ?? "", /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/, `${what} has an ISO date`);
  const at = Date.parse(datetime!);
  const earliest = clock.before + duration.totalSeconds * 1000 - 1000;
  const latest = clock.after + duration.totalSeconds * 1000 + 1000;
  assert.ok(
    at >= earliest && at <= latest,
    `${what}: ${datetime} is not now + ${duration.totalSeconds} s ` +
      `(${new Date(earliest).toISOString()} to ${new Date(latest).toISOString()})`,
  );
}

test("the first field is on the first screen", async () => {
  await onEachViewport(async (page) => {
    await open(page);
    assert.is(await page.evaluate(() => scrollY), 0);
    await assertOnScreen(page, "#calculator-currentGems", "#calculator-currentGems");
  });
});

/** The balance a time-only headline states, checked against the tool's exact value and the rank thresholds. */
async function assertBalanceHeadline(page: Page, expected: CalculateOutput, lead: string): Promise<void> {
  const headline = (await page.locator("#calculator-headline").textContent())!;
  const match = new RegExp(
    `^${lead}: (\\S+) gems \\(\\+\\S+, \\+[\\d.]+%\\), (still \\w+|\\w+ from .+)\\.$`,
  ).exec(headline);
  assert.ok(match, `the headline states the balance then: ${JSON.stringify(headline)}`);
  assertCut(
    match[1]!,
    expected.futureGems,
    expected.milestones.map((milestone) => milestone.minGems),
    "the headline figure",
  );
}

test("no stale result stays visible after an invalid entry, typed or submitted", async () => {
  const resultParts = [
    "#calculator-headline",
    "#calculator-milestones",
    ".growth-chart",
    'data[data-result="futureGems"]',
  ];
  await onEachViewport(async (page) => {
    for (const [bad, submit] of [
      ["12 34", false],
      ["abc", true],
      ["1,5", false],
      ["-3", true],
    ] as const) {
      // A valid result, shown in the open document as a link would show it.
      await showQuery(page, "currentGems=1000000&years=5");
      for (const selector of resultParts.slice(0, 3))
        assert.ok(await page.locator(selector).isVisible(), `${selector} shows the valid result`);
      await field(page, "currentGems").fill(bad);
      if (submit) await field(page, "currentGems").press("Enter");
      await waitForResult(
        page,
        null,
        `the result hides after currentGems "${bad}"${submit ? " and Enter" : ""}`,
      );
      for (const selector of resultParts)
        assert.not.ok(
          await page.locator(selector).isVisible(),
          `${selector} is hidden after currentGems "${bad}"`,
        );
      assert.ok(
        await page.locator("[data-result-stale]").isVisible(),
        "the result area says why it is empty",
      );
      if (submit) {
        assert.ok(
          await page.locator("#calculator-currentGems-error").isVisible(),
          `an error names the field after "${bad}"`,
        );
        assert.is(await field(page, "currentGems").getAttribute("aria-invalid"), "true");
      }
    }
  });
});

test("the milestone ladder is the tool's, each date is now plus its duration, and so is the goal's", async () => {
  await onEachViewport(async (page) => {
    await freshForm(page);
    const clock = await calculate(
      page,
      { currentGems: "1 000 000", goalGems: "2.5B", period: "5y" },
      "period",
    );
    const expected = await calculateTool(page, {
      currentGems: "1000000",
      goalGems: "2500000000",
      years: "5",
    });
    assert.ok(
      expected.milestones.some((milestone) => milestone.withinDuration) &&
        expected.milestones.some((milestone) => !milestone.withinDuration),
      "the case has ranks within and beyond the duration",
    );
    // The end of the time given is one row among the ranks: after those reached within it.
    const within = expected.milestones.filter((milestone) => milestone.withinDuration).length;
    assert.is(
      await page.locator("#calculator-milestones tbody tr").nth(within).getAttribute("class"),
      "time-end",
    );
    const rows = await page.locator("#calculator-milestones tbody tr:not([class])").evaluateAll((trs) =>
      trs.map((tr) => ({
        cells: Array.from((tr as HTMLTableRowElement).cells, (td) => td.textContent!.trim()),
        datetime: tr.querySelector("time")?.getAttribute("datetime") ?? null,
      })),
    );
    assert.is(rows.length, expected.milestones.length, "one row per rank above the balance");
    for (const [index, milestone] of expected.milestones.entries()) {
      const { cells, datetime } = rows[index]!;
      assert.is(cells[0], `${milestone.name} (${milestone.displayValue})`, `row ${index + 1} names the rank`);
      assertCompact(cells[1]!, milestone.gemsNeeded, `${milestone.name}'s gems needed`);
      assertDate(datetime, milestone.duration, clock, `${milestone.name}'s date`);
    }
    assert.ok(await page.locator("#calculator-milestones").isVisible());
    assertDate(
      await page.locator('[data-result="goal"] time').getAttribute("datetime"),
      expected.goal!.duration,
      clock,
      "the goal's date",
    );
  }, "desktop dark");
});

test("a shared URL reproduces its result, and back and forward restore earlier calculations", async () => {
  await onEachViewport(async (page) => {
    await showQuery(page, "currentGems=2.75M&days=30");
    const first = await calculateTool(page, { currentGems: "2750000", days: "30" });
    assert.is(await shownFuture(page), first.futureGems, "the link's result shows on load");
    assert.is(await field(page, "currentGems").inputValue(), "2.75M");
    assert.is(await field(page, "period").inputValue(), "30 days", "a link made before the one time field");
    await assertBalanceHeadline(page, first, "In 30 days");

    await calculate(page, { currentGems: "1,000,000", period: "10 years" }, "period");
    const second = await calculateTool(page, { currentGems: "1000000", years: "10" });
    assert.is(await shownFuture(page), second.futureGems);
    const query = new URL(page.url()).searchParams;
    assert.equal(
      Object.fromEntries(query),
      { gems: "1,000,000", time: "10y" },
      "the URL holds the inputs, short",
    );
    for (const name of query.keys()) assert.ok(QUERY_NAMES.has(name), `${name} is a name the form writes`);

    await page.goBack();
    await waitForResult(page, first.futureGems, "back restores the link's result");
    assert.is(await field(page, "currentGems").inputValue(), "2.75M");
    assert.is(await field(page, "period").inputValue(), "30 days");
    await page.goForward();
    await waitForResult(page, second.futureGems, "forward restores the later result");
    assert.is(await field(page, "currentGems").inputValue(), "1,000,000");
  }, "desktop dark");
});

test("no page scrolls sideways, the homepage with the largest valid input included", async () => {
  const largest = "currentGems=100000000000000000000&days=36500";
  const overflowing: string[] = [];
  await onEachViewport(async (page, viewport) => {
    // The homepage's answers in its open document, then the other pages, each loaded.
    for (const [path, query] of [
      ["", ""],
      ["", largest],
      ["docs/", ""],
      ["api/", ""],
      ["auth/", ""],
    ] as const) {
      const where = `/${path}${query && "?"}${query}`;
      if (path) await open(page, path);
      else await showQuery(page, query);
      if (query)
        assert.ok(
          await page.locator("#calculator-headline").isVisible(),
          "the largest valid input gives a result",
        );
      const { scrollWidth, clientWidth, widest } = await page.evaluate(() => {
        const { scrollWidth, clientWidth } = document.documentElement;
        // The outermost element reaching past the right edge, to say what overflows.
        const over = Array.from(document.body.querySelectorAll("*")).find(
          (element) => element.getBoundingClientRect().right > clientWidth + 0.5,
        );
        return {
          scrollWidth,
          clientWidth,
          widest: over?.outerHTML.replace(/\s+/g, " ").slice(0, 100) ?? "nothing",
        };
      });
      assert.is(clientWidth, viewport.width, `${where} lays out at the viewport's width`);
      if (scrollWidth > clientWidth)
        overflowing.push(
          `${viewport.width} px ${where}: ${scrollWidth} px of content in ${clientWidth} px, widest ${widest}`,
        );
    }
  });
  assert.equal(overflowing, [], "pages that scroll sideways");
});

test.run();
