/**
 * The homepage calculator as players use it, on a 390×844 touch phone in light and a 1280×800 desktop in
 * dark, built for a site under a path and served as GitHub Pages serves it, the page's clock fixed at NOW:
 * - a friend's link opens on its answer, laid out from the first frame; what is typed before the page's
 *   script runs counts; no developer material outside the footer; a short phone page; every rank chip in
 *   sight; short messages that name the fix; nothing pinned over the result; the balance remembered on
 *   this device (issue #32);
 * - the answer where the player is looking: the first field on the first screen; the headline and its
 *   announcement for a goal, a time and both, with the gain and the rate; one time field that reads
 *   `1y 6mo` and plain units but never a scale; the summary bar in view while typing and picking; no
 *   stale result after an invalid entry; the rank ladder and its dates, the end of the time given marked
 *   once; links that reproduce their result, Back and Forward; a target date that is the start of its
 *   day; links that mean the same in every time zone; a result link without layout shift; no page that
 *   scrolls sideways.
 *
 * Every figure is checked against the calculate-exp-growth tool the page registers (tested exactly
 * elsewhere), or computed here with decimal.js from the specification's constants, never by the page's
 * code; compact amounts are parsed with decimal.js; dates and waits against the test's own clock and
 * calendar arithmetic.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Decimal } from "decimal.js";
import type { CDPSession, Page } from "playwright-core";
import type { CalculateOutput, Duration } from "../../contract/calculate-output.ts";
import { calculatorStarted } from "../support/calculator-started.ts";
import {
  assertCompact,
  assertOnScreen,
  assertStatusAnnouncesHeadline,
  calculateTool,
  compactValue,
  field,
  focusedId,
  freshForm,
  grown,
  layoutShifts,
  onVariants,
  openHomepage,
  openMore,
  recordLayoutShifts,
  siteAndBrowserFor,
  showQuery,
  shownFuture,
  variantPage,
  waitFor,
  unhidden,
  type VariantPage,
} from "../support/calculator-page.ts";
import { dateAfter, NOW, DAY, VARIANTS } from "../support/variants.ts";
import { DAILY_INTEREST_RATE, TIME_NORMALIZATION } from "../../common/constants.ts";
import calculator from "../../_data/calculator.ts";
import { paths } from "../../_data/site.ts";

/** The query parameters the form writes: short names for the amounts and the time, and the target date. */
const QUERY_NAMES = new Set(["gems", "goal", "earn", "time", "until"]);

const started = siteAndBrowserFor(test);

/**
 * Each variant's page, made once with the clock fixed at NOW and Share copying (support/calculator-page.ts
 * `variantPage`), loading the homepage once where a test's first load is not what it checks (a new page
 * costs a renderer, a load a document; `showQuery` shows another answer in the same one); the phone's
 * time zone is the one the Chrome DevTools Protocol sets. Contexts of their own keep each page's options
 * and history apart, and the variants run at the same time: Playwright starts Chromium with background
 * timer throttling off and emulates focus in every page, so a page need not be in front to run as a
 * person's does.
 */
const pages = new Map<string, VariantPage>();
let timeZone: (timezoneId: string) => Promise<unknown>;

test.before(async () => {
  await Promise.all(
    VARIANTS.map(async ({ name, ...options }) =>
      pages.set(
        name,
        await variantPage(started.browser, started.served, options, { now: NOW, copies: true }),
      ),
    ),
  );
  const { page } = pages.get("phone light")!;
  const session: CDPSession = await page.context().newCDPSession(page);
  timeZone = (timezoneId) => session.send("Emulation.setTimezoneOverride", { timezoneId });
});

/** Runs `check` on each variant's page, all at once, or on the one named; `phone` says which it is. */
const onEachVariant = (
  check: (page: Page, phone: boolean) => Promise<void>,
  only?: (typeof VARIANTS)[number]["name"],
) => onVariants(VARIANTS, pages, (page, { viewport }) => check(page, viewport.width < 800), { only });

/** Waits for the result a link (or `showQuery`) shows. */
const linkResult = (page: Page) => unhidden(page, "[data-result-list]", "the link's result");
/** Waits for the status region to announce an answer. */
const statusSays = (page: Page, what: string) =>
  waitFor(page, what, () => document.querySelector<HTMLElement>("#calculator-status")!.textContent !== "");

/** Waits until the summary bar's words match `pattern`. */
const summarySays = (page: Page, pattern: RegExp) =>
  waitFor(
    page,
    `the summary says ${pattern}`,
    (source) => new RegExp(source).test(document.querySelector("#calculator-summary")!.textContent!),
    pattern.source,
  );

const headlineLines = (page: Page) => page.locator("#calculator-headline > span").allTextContents();

/** Opens the fold of optional fields, fills the given ones (others left as they are), presses Enter in the last. */
async function enter(page: Page, values: Record<string, string>): Promise<void> {
  await openMore(page);
  await calculate(page, values);
  await linkResult(page);
  await statusSays(page, "a result after Enter");
}

/**
 * Where the answer is while a field is in use: the summary bar on a phone, the headline beside the form on
 * a wide screen.
 */
const answerOf = (page: Page) =>
  page.viewportSize()!.width < 800 ? "#calculator-summary" : "#calculator-headline";

/**
 * "5 years 11 months" is the duration in calendar months, to the nearest: within one month of the
 * exact days over the mean Gregorian month.
 */
function assertWait(text: string, seconds: number, what: string): void {
  const match = /^(?:(\d+) years?)? ?(?:(\d+) months?)?$/.exec(text);
  assert.ok(match && (match[1] || match[2]), `${what}: ${JSON.stringify(text)} is years and months`);
  const months = Number(match[1] ?? 0) * 12 + Number(match[2] ?? 0);
  const exact = seconds / 86_400 / (365.2425 / 12);
  assert.ok(Math.abs(months - exact) <= 1, `${what}: ${text} is ${exact.toFixed(2)} months to the nearest`);
}

/** The option of the rank picker whose label starts with `name`. */
async function pickRank(page: Page, name: string): Promise<string> {
  const value = await page
    .locator("#calculator-goal-rank option")
    .evaluateAll(
      (options, wanted) =>
        (options as HTMLOptionElement[]).find((option) => option.text.startsWith(`${wanted} (`))!.value,
      name,
    );
  await page.locator("#calculator-goal-rank").selectOption(value);
  return value;
}

/** Waits until the result shows the exact future balance `wanted`, or none (`null`). */
const waitForResult = (page: Page, wanted: string | null, what: string) =>
  waitFor(
    page,
    `${what}: the result should show ${wanted ?? "nothing"}`,
    (expected) =>
      (document.querySelector<HTMLElement>("[data-result-list]")!.hidden
        ? null
        : document.querySelector<HTMLDataElement>('data[data-result="futureGems"]')!.value) === expected,
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

/** The machine-readable date of a `<time>` is the page's fixed clock (NOW) plus `duration`, give or take a second. */
function assertDate(datetime: string | null, duration: Duration, what: string): void {
  assert.match(datetime ?? "", /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/, `${what} has an ISO date`);
  const expected = NOW + duration.totalSeconds * 1000;
  assert.ok(
    Math.abs(Date.parse(datetime!) - expected) <= 1000,
    `${what}: ${datetime} is not now + ${duration.totalSeconds} s (${new Date(expected).toISOString()})`,
  );
}

/** Loads the homepage at `query` (what is tested is the load itself), and waits for its script. */
const open = (page: Page, query = "") => openHomepage(page, started.served, query);

const text = (page: Page, selector: string) => page.locator(selector).innerText();
const visible = (page: Page, selector: string) => page.locator(selector).isVisible();

/** Types into the fields (the time in the one time field) and presses Enter in the last. */
async function calculate(page: Page, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) await page.fill(`#calculator-${name}`, value);
  await page.press(`#calculator-${Object.keys(values).at(-1)}`, "Enter");
  await page.locator("#calculator-headline").waitFor();
}

// First in each page, so the result link loads as a first visit does: nothing cached, nothing loaded before.
test(`a result link made before the one time field loads without layout shift (CLS at most 0.02)`, async () => {
  await onEachVariant(async (page) => {
    await recordLayoutShifts(page);
    await open(page, "?currentGems=2.5M&goalGems=1.6B&years=1");
    await linkResult(page);
    const shifts = (await layoutShifts(page)).reduce((sum, shift) => sum + shift.value, 0);
    assert.ok(shifts <= 0.02, `cumulative layout shift ${shifts.toFixed(3)} is at most 0.02`);
  });
});

test("the first field is on the first screen", async () => {
  await onEachVariant(async (page) => {
    await open(page);
    assert.is(await page.evaluate(() => scrollY), 0);
    await assertOnScreen(page, "#calculator-currentGems", "#calculator-currentGems");
  });
});

test(`a friend's link opens on its answer, shared with you: headline, 'as of', balance, timeline on the first \
screen, the 30 days, no Calculate row above it, and Try with my gems`, async () => {
  const link = "?currentGems=250000000&goalGems=Radiant&days=30&at=2026-11-01T12:00:00Z";
  await onEachVariant(async (page, phone) => {
    await open(page, link);
    await assertOnScreen(page, "#calculator-as-of", "the 'as of' line");
    await assertOnScreen(page, "#calculator-headline", "the headline");
    const row = await page.locator("#calculator-milestones tbody tr").first().boundingBox();
    assert.ok(
      row && row.y < page.viewportSize()!.height,
      `the timeline starts on the first screen: ${row?.y}`,
    );
    assert.match(await text(page, "#calculator-as-of"), /^Shared with you\. As of Nov 1, 2026/);
    await assertOnScreen(page, ".result-rate", "the sender's balance");
    assert.match(await text(page, ".result-rate"), /^From 250M gems, /, "whose balance this is");
    assert.match(await text(page, "#calculator-headline"), /, after the 30 days\.$/m, "not 'your' 30 days");
    await page.locator("#calculator-headline", { hasText: "To reach" }).waitFor();
    assert.match(await text(page, "#calculator-headline"), / a day to the 250M\.$/m, "not 'your' 250M");
    assert.match(await text(page, "#calculator-milestones tr.time-end"), /^End of the 30 days: /);
    assert.is(await visible(page, "#calculator-currentGems"), !phone, "the form waits on a phone");
    // On a phone no button row stands above the answer; beside it on a desktop, the form's row is its own.
    const [actions, headline] = await Promise.all(
      [".calculator-actions", "#calculator-headline"].map((selector) => page.locator(selector).boundingBox()),
    );
    const beside = phone ? !actions : actions!.x + actions!.width < headline!.x;
    assert.ok(beside, `no Calculate · Reset row above the answer: ${JSON.stringify(actions)}`);
    assert.not.ok(await visible(page, "#calculator-edit"), "a friend's numbers are not changed");
    await assertOnScreen(page, "#calculator-share", "Share");
    await assertOnScreen(page, "#calculator-try", "Try with my gems");
    const tryMine = page.getByRole("button", { name: "Try with my gems" });
    await (phone ? tryMine.tap() : tryMine.click());
    assert.ok(await visible(page, "#calculator-currentGems"), "one tap opens the form");
    assert.is(await focusedId(page), "calculator-currentGems");
    assert.is(await page.inputValue("#calculator-currentGems"), "", "the balance is the friend's to type");
    await page.keyboard.type("1M");
    await page.keyboard.press("Enter");
    await page.locator("#calculator-headline").waitFor();
    // The goal and the time kept; the answer counts from now, with the friend's balance.
    assert.match(
      await text(page, "#calculator-headline"),
      /^In 30 days: 1\.09M gems .*\nYou reach Radiant on /s,
    );
    assert.match(await text(page, ".result-rate"), /^From 1M gems, /);
    assert.is(new URL(page.url()).searchParams.get("at"), null, "the new link counts from now");
    assert.ok(await page.locator("#calculator-as-of").isHidden(), "no longer shared");
  });
});

test(`after Calculate, Share is on screen beside the answer, with what the balance earns from now under the \
headline: its first day, week and month`, async () => {
  const gain = (days: number) => grown("250000000", days).minus("250000000");
  await onEachVariant(async (page, phone) => {
    await freshForm(page);
    await page.fill("#calculator-currentGems", "250M");
    await page.fill("#calculator-goalGems", "Radiant");
    await page.fill("#calculator-period", "90 days");
    const calculateButton = page.getByRole("button", { name: "Calculate" });
    await (phone ? calculateButton.tap() : calculateButton.click());
    await page.locator("#calculator-headline").waitFor();
    await assertOnScreen(page, "#calculator-headline", "the answer");
    await assertOnScreen(page, "#calculator-share", "Share");
    await assertOnScreen(page, "#calculator-earns", "the earnings");
    const [headline, earns] = await Promise.all(
      ["#calculator-headline", "#calculator-earns"].map((selector) => page.locator(selector).boundingBox()),
    );
    assert.ok(earns!.y >= headline!.y + headline!.height, "the earnings stand under the headline");
    const earnings = await text(page, "#calculator-earns");
    const [, day, week, month] =
      /^Earnings from now: \+(\S+) the first day, \+(\S+) the first week, \+(\S+) the first month \(30 days\)\.$/.exec(
        earnings,
      ) ?? assert.unreachable(earnings)!;
    assertCompact(day!, new Decimal("250000000").times(DAILY_INTEREST_RATE), "a day");
    assertCompact(week!, gain(7), "a week of 7 days");
    assertCompact(month!, gain(TIME_NORMALIZATION.monthDays), "a month");
    // The bar's line is short and whole, not a cut copy of the headline.
    const summary = page.locator("#calculator-summary");
    assert.match(await summary.innerText(), /^In 90 days: \S+ gems · Radiant on \w{3} \d+, \d{4}$/);
    const cut = await summary.evaluate((element) => element.scrollHeight > element.clientHeight);
    assert.not.ok(cut, "the bar's line shows whole");
  });
});

test("a link is laid out as its answer from the first frame, before the page's module runs", async () => {
  // Its module never arrives (so the page prints that it failed to load; the next test loads it again).
  const { page } = pages.get(VARIANTS[0].name)!;
  const script = new URL(paths.calculatorScript, started.served.url).href;
  // Nothing kept from an earlier test: a kept answer is laid out before the first frame, the form hidden.
  await page.evaluate(() => localStorage.clear());
  await page.route(script, (route) => route.abort());
  try {
    for (const [query, answer] of [
      ["?currentGems=250000000&days=30", true],
      ["", false],
    ] as const) {
      // The failure is printed once per load; awaited, so it cannot land in the next test's messages.
      const failed = page.waitForEvent("console", (message) => message.text().includes("ERR_FAILED"));
      await page.goto(new URL(query, started.served.url).href);
      await failed;
      const form = await visible(page, "#calculator-currentGems");
      assert.is(form, !answer, `${VARIANTS[0].name}: the form with "${query}"`);
    }
  } finally {
    await page.unroute(script);
  }
});

test("what is typed before the page's script runs counts once it starts, the time included", async () => {
  await onEachVariant(async (page) => {
    const script = new URL(paths.calculatorScript, started.served.url).href;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(script, (route) => held.then(() => route.continue()));
    try {
      // Nothing kept from an earlier test: a kept answer is laid out before the first frame, the form hidden.
      await page.evaluate(() => localStorage.clear());
      await page.goto(started.served.url, { waitUntil: "domcontentloaded" });
      await page.fill("#calculator-currentGems", "1M");
      await page.fill("#calculator-period", "30 days");
      // Enter before the module: the form does not submit natively (a reload would lose the time). The
      // title carries the answer, so a page that did navigate away fails here too.
      await page.evaluate(() =>
        addEventListener("submit", (event) => (document.title = `${event.defaultPrevented}`)),
      );
      await page.press("#calculator-period", "Enter");
      assert.is(await page.title(), "true", "no native submission");
    } finally {
      release(); // a failure above must not leave the page's module held for the next tests
    }
    await calculatorStarted(page);
    await page.unroute(script);
    await page.press("#calculator-period", "Enter");
    assert.match(await text(page, "#calculator-headline"), /^In 30 days: 1\.09M gems/);
    assert.is(await page.inputValue("#calculator-period"), "30 days");
  }, "phone light");
});

test("the homepage is the players': no formula, WebMCP or API links outside the footer; short on a phone", async () => {
  await onEachVariant(async (page, phone) => {
    await freshForm(page);
    await calculate(page, { currentGems: "250M", goalGems: "Radiant", period: "30 days" });
    // The form and the answer; below them, how gems grow.
    const height = await page.evaluate(
      () => document.querySelector(".calculator-layout")!.getBoundingClientRect().bottom + scrollY,
    );
    assert.ok(!phone || height <= 2600, `the phone page after a result is ${height} px tall`);
    await page.getByText("All figures, exact to 8 decimals").click();
    const { body, links } = await page.evaluate(() => {
      const main = document.querySelector("main")!;
      return {
        body: `${document.querySelector("header")?.textContent} ${main.innerText}`,
        // Links within the page (heading anchors) aside.
        links: Array.from(main.querySelectorAll("a"))
          .filter((a) => a.pathname !== location.pathname)
          .map((a) => a.pathname + a.hash),
      };
    });
    for (const developer of [calculator.formula, /WebMCP|modelContext|OpenAPI|JSON|llms\.txt|curl|\bAPI\b/])
      assert.not.ok(body.match(developer), `the homepage says ${String(developer)}`);
    assert.equal(links, [], "links outside the footer");
    // One link for developers; the site's navigation is on the developers' pages.
    const footer = await page.locator("footer a").allInnerTexts();
    assert.equal(footer.filter((link) => !/^(Terms of use|Support)$/.test(link)).length, 1, `${footer}`);
    assert.equal(await page.locator("nav").count(), 0, "no site navigation on the players' page");
    // One title: the heading alone says the site's name.
    assert.is(await page.getByText(await text(page, "h1"), { exact: true }).count(), 1, "one title");
  });
  // The title and the link preview as served, whatever the tests did in the open document.
  const home = await (await fetch(started.served.url)).text();
  assert.match(home, /<title>When will my gems reach the next rank\?/);
  assert.match(/<meta property="og:description" content="([^"]*)"/.exec(home)?.[1] ?? "", /your gems/i);
  const docs = await (await fetch(new URL("docs/", started.served.url))).text();
  for (const moved of [
    calculator.formula,
    "--enable-features=WebMCP",
    'id="how-a-balance-grows"',
    "<title>API docs",
  ])
    assert.ok(docs.includes(moved), `/docs/ has ${moved}`);
});

test("a time-only headline and Share say the balance and the gain (cut), the percent and the rate", async () => {
  const future = grown("250000000", 29);
  const profit = future.minus("250000000");
  const percent = profit.div("250000000").times(100).toDecimalPlaces(2, Decimal.ROUND_DOWN).toString();
  const rate = new Decimal(DAILY_INTEREST_RATE).times(100).toString();
  await onEachVariant(async (page) => {
    await freshForm(page);
    await calculate(page, { currentGems: "250000000", period: "29 days" });
    const headline = await text(page, "#calculator-headline");
    const [, balance, gain, shown] =
      /^In 29 days: (\S+) gems \(\+(\S+), \+([\d.]+)%\), still Ethereal\.$/.exec(headline) ??
      assert.unreachable(headline)!;
    assertCut(balance!, future.toFixed(8), [], "the balance");
    assertCut(gain!, profit.toFixed(8), [], "the gain");
    assert.is(shown, percent, "the percent");
    assert.match(await text(page, ".result-rate"), new RegExp(`^From 250M gems, at ${rate}% a day`));
    // How it is computed, on this page in players' words: the rate, a worked example, the ranks.
    await page.locator(".result-rate a").click();
    assert.is(new URL(page.url()).hash, "#how-gems-grow");
    const top = (await page.locator("#how-gems-grow").boundingBox())!.y;
    assert.ok(top > -1 && top < 400, `how gems grow comes into view: ${top}`);
    const how = await text(page, "main");
    assert.ok(how.includes(`Your gems earn ${rate}% a day.`), "the rate");
    const example = grown("1000000", 30).toDecimalPlaces(2).toNumber().toLocaleString("en");
    assert.ok(how.includes(`1,000,000 gems left alone for 30 days become ${example} gems`), example);
    assert.match(how, /Cosmic\s+48,000,000,000/, "the ranks");
    await page.getByRole("button", { name: "Share" }).click();
    const shared = await page.evaluate(() => navigator.clipboard.readText());
    assert.ok(shared.startsWith(`250M gems → ${balance} gems in 29 days (+${gain}, +${percent}%): `), shared);
  }, "phone light");
});

test("the time field reads 1y 6mo as 545 days, with letters on its keyboard, and says the fix for a slip", async () => {
  const days = TIME_NORMALIZATION.yearDays + 6 * TIME_NORMALIZATION.monthDays;
  await onEachVariant(async (page) => {
    await freshForm(page);
    assert.is(await page.locator("#calculator-period").getAttribute("inputmode"), "text");
    assert.match(await text(page, "#calculator-period-hint"), /90 days, 1y 6mo, 2h 30m/);
    await calculate(page, { currentGems: "1000000", period: "1y 6mo" });
    assert.is(await text(page, "#calculator-period-read"), `Read as 1 year 6 months = ${days} days.`);
    const exact = await page.locator('data[data-result="futureGems"]').getAttribute("value");
    assert.is(exact, grown("1000000", days).toFixed(8), "the 545-day answer");
    assert.is(
      await page.locator('data[data-result="durationDays"]').getAttribute("value"),
      `${days}.00000000`,
    );
    await page.fill("#calculator-period", "30");
    await page.press("#calculator-period", "Enter");
    assert.is(
      await text(page, "#calculator-period-error"),
      "Time to grow needs a unit after 30; did you mean 30 days?",
    );
  }, "phone light");
});

test("a field tapped low on a phone keeps its label and its note clear of the pinned bar while typing", async () => {
  const { page } = pages.get(VARIANTS[0].name)!;
  await freshForm(page);
  await page.fill("#calculator-currentGems", "250M");
  await page.tap("#calculator-period");
  await page.keyboard.type("1y 6mo");
  await page.locator("#calculator-period-read").filter({ hasText: "545 days" }).waitFor();
  const box = async (selector: string) => (await page.locator(selector).boundingBox())!;
  const label = await box('label[for="calculator-period"]');
  const [note, bar] = [await box("#calculator-period-read"), await box(".calculator-bar")];
  assert.ok(label.y >= 0, `the label is on screen: ${JSON.stringify(label)}`);
  assert.ok(
    note.y + note.height <= bar.y,
    `the note ${JSON.stringify(note)} ends above the bar ${JSON.stringify(bar)}`,
  );
});

test("every rank chip and the rank picker's every rank are in sight at 320 and 390 px, chips 44 px tall", async () => {
  const { page } = pages.get(VARIANTS[0].name)!;
  await freshForm(page);
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 640 });
    // The goal's status at its longest: "≈ 2083333333.33× Cosmic", a bar, "under 0.01% of the way".
    await page.fill("#calculator-currentGems", "1M");
    await page.fill("#calculator-goalGems", `1${"0".repeat(20)}`);
    const chips = await page
      .locator(".rank-chips button")
      .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().toJSON() as DOMRect));
    for (const chip of chips)
      assert.ok(
        chip.left >= 0 && chip.right <= width && chip.height >= 44,
        `${width} px: ${JSON.stringify(chip)}`,
      );
    // Against the screen's width: a phone's page widens to what it holds, so innerWidth would grow too.
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= width, `${width} px: no sideways scroll (${wide} px)`);
    // The rank picker, closed, shows its longest option whole: its text, its padding and its arrow.
    const [needed, has] = await page
      .locator("#calculator-goal-rank")
      .evaluate((select: HTMLSelectElement) => {
        const style = getComputedStyle(select);
        const context = document.createElement("canvas").getContext("2d")!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = Math.max(
          ...Array.from(select.options, (option) => context.measureText(option.text).width),
        );
        return [
          text + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 20,
          select.clientWidth,
        ];
      });
    assert.ok(
      needed <= has,
      `${width} px: the rank picker is ${has} px wide, its longest rank needs ${needed}`,
    );
  }
  await page.setViewportSize(VARIANTS[0].viewport);
});

test("rank rows say when the time given ends, once, in words; never 'in time?'", async () => {
  await onEachVariant(async (page) => {
    await freshForm(page);
    await calculate(page, { currentGems: "1000000", period: "5 years" });
    assert.not.match(await page.evaluate(() => document.body.innerText), /in time\?/i);
    const ends = await page.locator("#calculator-milestones tr.time-end").allInnerTexts();
    assert.equal(ends.length, 1, "the end of the time given is marked once");
    assert.match(ends[0]!, /^End of your 5 years: \w{3} \d+, \d{4}$/);
  }, "desktop dark");
});

test("messages are short and name the fix; no Share without an answer; a focused label is in view", async () => {
  await onEachVariant(async (page, phone) => {
    await freshForm(page);
    for (const [name, typed, fix] of [
      ["currentGems", "2.5MM", "Current gems has two suffixes; did you mean 2.5M?"],
      ["currentGems", "0", "Current gems is 0; enter more than 0 gems."],
      ["currentGems", "9".repeat(72), "Current gems must be at most 100,000,000,000,000,000,000."],
      ["currentGems", "." + "1".repeat(70), "Current gems has over 64 characters; use fewer decimals."],
      ["period", "100000y", "Time to grow must be at most 100 years."],
      [
        "period",
        "100y 1mo",
        "Time to grow is 36,530 days; the total must be at most 36,500 days (100 years).",
      ],
    ]) {
      // An answer to hide, shown as a link shows it (support/calculator-page.ts `showQuery`).
      await showQuery(page, "currentGems=1M&days=30");
      await page.fill(`#calculator-${name}`, typed!);
      // Scrolled away, then Calculate tapped: leaving the field hides the result and shortens the page.
      await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
      const calculateButton = page.getByRole("button", { name: "Calculate" });
      await (phone ? calculateButton.tap() : calculateButton.click());
      const message = await text(page, `#calculator-${name}-error`);
      assert.is(message, fix);
      assert.is(await page.textContent(`#calculator-${name}-read`), "", "no note reads the value refused");
      assert.ok(message.length <= 80, message);
      assert.is(await focusedId(page), `calculator-${name}`);
      await assertOnScreen(page, `label[for="calculator-${name}"]`, "the focused field's label");
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= page.viewportSize()!.width, `nothing scrolls sideways: ${wide} px`);
    }
    // A field left by a tap on a quick time is judged before the time fills in.
    await page.fill("#calculator-currentGems", "abc");
    await page.getByRole("button", { name: "90 days" }).click();
    assert.match(await text(page, "#calculator-currentGems-error"), /^Current gems is not a number/);
    assert.not.ok(await visible(page, "#calculator-share"), "no Share without an answer");
    // Enter ends with an answer and no timer of the form left running into the next test.
    await calculate(page, { currentGems: "1M" });
  });
});

test("on a desktop nothing pinned covers a rank row or the chart while the result scrolls", async () => {
  const { page } = pages.get(VARIANTS[1].name)!;
  await showQuery(page, "currentGems=1000&years=20");
  const rows = await page.locator("#calculator-milestones tbody tr").count();
  for (let index = 0; index < rows; index++) {
    const row = page.locator("#calculator-milestones tbody tr").nth(index);
    for (const block of ["start", "center", "end"] as const) {
      await row.evaluate((element, where) => element.scrollIntoView({ block: where }), block);
      const box = (await row.boundingBox())!;
      const hit = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest("tr")?.rowIndex,
        [box.x + 4, box.y + 2],
      );
      assert.is(hit, index + 1, `row ${index + 1} is uncovered, scrolled to its ${block}`);
    }
  }
});

test("a return a day later opens on the answer for the kept balance grown to now, the goal and time kept", async () => {
  const keptAt = Date.UTC(2026, 10, 29, 12, 0, 0);
  await onEachVariant(async (page) => {
    await freshForm(page);
    await page.evaluate((kept) => {
      localStorage.setItem(
        "exp-bank-calculator:balance",
        `currentGems=250m&goalGems=Radiant&days=90&kept=${kept}`,
      );
    }, keptAt);
    // One whole day later, to the millisecond: 250M × 1.003 is 250,750,000 exactly.
    await page.clock.setFixedTime(keptAt + 86_400_000);
    try {
      await open(page);
      assert.is(await page.inputValue("#calculator-currentGems"), "250750000", "the balance, grown");
      assert.is(await page.inputValue("#calculator-goalGems"), "Radiant", "the goal, kept");
      assert.is(await page.inputValue("#calculator-period"), "90 days", "the time, kept");
      assert.is(
        await text(page, "#calculator-as-of"),
        "Your 250M of Nov 29, 2026 is about 250.75M now, if untouched.",
      );
      assert.match(await text(page, ".result-rate"), /^From 250\.75M gems/);
      await assertOnScreen(page, "#calculator-headline", "the answer on the first screen");
      assert.not.ok(await visible(page, "#calculator-currentGems"), "the form one tap away");
      await page.locator("#calculator-edit").click();
      assert.ok(await visible(page, "#calculator-currentGems"), "Change the numbers shows the form");
    } finally {
      await page.clock.setFixedTime(NOW); // back to the file's fixed clock
    }
  }, "phone light");
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

test(`a goal and no time: the headline says the date it is reached and how long until then, and is \
announced`, async () => {
  await onEachVariant(async (page) => {
    await freshForm(page);
    await field(page, "currentGems").fill("2.5M");
    const minGems = await pickRank(page, "Radiant");
    await summarySays(page, /^Radiant on /);
    await assertOnScreen(page, answerOf(page), "the answer after a pick");
    await field(page, "currentGems").press("Enter");
    await statusSays(page, "a result after Enter");
    const expected = await calculateTool(page, { currentGems: "2500000", goalGems: minGems });
    const seconds = expected.goal!.duration.totalSeconds;
    const lines = await headlineLines(page);
    assert.is(lines.length, 1, "one sentence: the goal");
    const match = /^You reach Radiant on (.+) — in (.+)\.$/.exec(lines[0]!);
    assert.ok(match, `the headline answers when: ${JSON.stringify(lines[0])}`);
    assert.is(match[1], dateAfter(seconds), "the date is now plus the tool's duration");
    assertWait(match[2]!, seconds, "the wait");
    await assertStatusAnnouncesHeadline(page);
    // No time was given, so nothing speaks of one.
    const text = (await page.locator(".calculator-layout").innerText()).toLowerCase();
    for (const phrase of ["time given", "no time", "after 0 days", "in time?"])
      assert.not.ok(text.includes(phrase), `nothing says "${phrase}"`);
  });
});

test(`a time and no goal: the headline is the balance then; both: the balance and whether the goal falls \
within the time`, async () => {
  await onEachVariant(async (page) => {
    await freshForm(page);
    await enter(page, { currentGems: "2.5M", period: "1y 6mo" });
    const timed = await calculateTool(page, { currentGems: "2500000", years: "1", months: "6" });
    const [balance] = await headlineLines(page);
    await assertBalanceHeadline(page, timed, "In 1 year 6 months");
    assert.match(balance!, /, still Member\.$/);
    assert.is(await page.locator("#calculator-status").textContent(), balance);
    // After Enter the result itself is in view, on a phone too.
    await assertOnScreen(page, "#calculator-headline", "the answer");
    assert.is(await focusedId(page), "calculator-period", "focus stays in the field where Enter was pressed");
  });
  // The goal beside the time is read from the page's logic alone: on one variant.
  await onEachVariant(async (page) => {
    for (const [goal, goalGems, name] of [
      ["1.6B", "1600000000", "Radiant"],
      ["3M", "3000000", "3M gems"],
    ] as const) {
      await enter(page, { goalGems: goal, period: "1 year" });
      const both = await calculateTool(page, { currentGems: "2500000", goalGems, years: "1" });
      // A goal not reached in time adds what it takes, once the planning module has loaded.
      const count = both.goal!.reached ? 2 : 3;
      await waitFor(
        page,
        "what it takes",
        (n) => document.querySelector("#calculator-headline")!.children.length === n,
        count,
      );
      const lines = await headlineLines(page);
      assert.is(lines.length, count, `the balance, the goal ${goal} and what it takes if not reached`);
      assert.match(lines[0]!, /^In 1 year: \S+ gems \(\+\S+, \+[\d.]+%\), still Member\.$/);
      const reached = new RegExp(
        `^You reach ${name} on (.+) — in .+, ${both.goal!.reached ? "within" : "after"} your 1 year\\.$`,
      ).exec(lines[1]!);
      assert.ok(
        reached,
        `the goal ${goal} is said to fall ${both.goal!.reached ? "within" : "after"} the year: ` +
          `${JSON.stringify(lines[1])}`,
      );
      assert.is(reached[1], dateAfter(both.goal!.duration.totalSeconds));
      if (count === 3)
        assert.match(lines[2]!, /^To reach Radiant within your 1 year: hold [\d,.]+ gems now, or add /);
      assert.is(await page.locator("#calculator-status").textContent(), lines.join(" "));
    }
  }, "phone light");
});

test("gems to earn read as an amount to earn, with the target it makes", async () => {
  await onEachVariant(async (page) => {
    await freshForm(page);
    assert.is(
      await page.getByLabel("Gems to earn").getAttribute("id"),
      "calculator-additionalGems",
      "the field is labelled as gems to earn",
    );
    const hint = (await page.locator("#calculator-additionalGems-hint").textContent())!;
    assert.ok(
      hint.includes("not a deposit") && hint.includes("into Current gems") && hint.includes("into Deposit"),
      `the hint says where a one-off deposit and a regular one go: ${hint}`,
    );
    await enter(page, { currentGems: "47B", additionalGems: "10B" });
    assert.match(await text(page, '[data-result="additional"]'), /^10B more → 57B target: /);
    assert.match((await headlineLines(page))[0]!, /^You reach 57B gems \(10B more\) on /);
  }, "desktop dark");
});

test(`the time field reads units (30m, 2h, 90d) but never a scale, and says the fix once, at the field; \
a number read as 1 is one gem`, async () => {
  await onEachVariant(async (page) => {
    await freshForm(page);
    const refused = [
      // 30M could be 30 months or 30 minutes: the field asks which.
      ["90d 30M", "Time to grow has M, which could be months or minutes; write mo or min."],
      ["2h 3h", "Time to grow names hours twice; write each unit once."],
      ["1k", 'Time to grow has "k", not a unit; use y, mo, w, d, h, m or s.'],
    ] as const;
    for (const [typed, message] of refused) {
      await field(page, "currentGems").fill("1.0");
      await field(page, "period").fill(typed);
      await field(page, "period").press("Enter");
      await unhidden(page, "#calculator-period-error", `the refusal of ${typed}`);
      assert.is(await page.locator("#calculator-period-error").textContent(), message);
      assert.is(
        await page.locator("#calculator-summary").textContent(),
        "Fix Time to grow to see your answer.",
        `the bar points at the field and does not repeat the mistake in ${typed}`,
      );
      assert.is(await field(page, "period").getAttribute("aria-invalid"), "true");
      assert.is(await focusedId(page), "calculator-period", "focus goes to the field");
      assert.is(await shownFuture(page), null, `no result for ${typed}`);
    }
    await enter(page, { period: "90d 2h 30m" });
    assert.is(await text(page, "#calculator-period-read"), "Read as 90 days 2 hours 30 minutes = 90.1 days.");
    const expected = await calculateTool(page, { currentGems: "1.0", days: "90", hours: "2", minutes: "30" });
    assert.is(
      await shownFuture(page),
      expected.futureGems,
      "90d, 2h and 30m are read as 90 days, 2 hours and 30 minutes",
    );
    assert.is(await page.locator("#calculator-currentGems-read").textContent(), "Read as 1 gem.");
    // The schema's limit message keeps decimals whole: 36,500.1157, not 36,500.1,157.
    await field(page, "period").fill("36500 days 10000 seconds");
    await field(page, "period").press("Enter");
    await unhidden(page, "#calculator-period-error", "the over-limit message");
    const limit = (await page.locator("#calculator-period-error").textContent())!;
    assert.ok(limit.includes("36,500") && !/\.\d+,\d/.test(limit), `decimals are not grouped: ${limit}`);
  }, "phone light");
});

test("the answer stays in view after each keystroke and after a pick, without scrolling the page", async () => {
  await onEachVariant(async (page) => {
    await freshForm(page);
    await field(page, "currentGems").click();
    for (const key of "2.5M") {
      await page.keyboard.type(key);
      await assertOnScreen(page, "#calculator-summary", `the answer after typing "${key}"`);
    }
    await summarySays(page, /^Ethereal on /);
    await assertOnScreen(page, "#calculator-summary", "the answer after typing");
    // The time field, low on the page: the bar follows.
    await field(page, "period").click();
    for (const key of "864s") {
      await page.keyboard.type(key);
      await assertOnScreen(page, "#calculator-summary", `the answer after typing "${key}" in Time to grow`);
    }
    await summarySays(page, /^In 864 seconds: /);
    // The pick is made with the picker high, in the middle and low on the screen, each time from
    // an empty goal, so the goal's "Read as" line and status appear with every pick. Where the page
    // sits decides which node Chromium's scroll anchoring would hold still; the clicks above leave
    // the page wherever Playwright scrolled the time field to, so each position is set here.
    const picker = page.locator("#calculator-goal-rank");
    for (const [place, rank] of [
      [0.05, "Cosmic"],
      [0.3, "Divine"],
      [0.55, "Cosmic"],
    ] as const) {
      await field(page, "goalGems").fill("");
      await waitFor(
        page,
        "the summary drops the goal",
        () => !document.querySelector("#calculator-summary")!.textContent!.includes(" on "),
      );
      await picker.evaluate(
        (select, share) => scrollBy(0, select.getBoundingClientRect().top - innerHeight * share),
        place,
      );
      await picker.focus();
      const before = await page.evaluate(() => scrollY);
      await assertOnScreen(
        page,
        "#calculator-goal-rank",
        `the picker at ${place * 100}% of the screen's height`,
      );
      await pickRank(page, rank);
      await summarySays(page, new RegExp(` · ${rank} on `));
      await assertOnScreen(page, "#calculator-summary", "the answer after a pick");
      const after = await page.evaluate(() => scrollY);
      assert.is(
        after,
        before,
        `a pick with the picker at ${place * 100}% of the screen's height does not scroll the page`,
      );
      await assertOnScreen(page, "#calculator-goal-rank", "the picker after a pick");
      assert.is(await focusedId(page), "calculator-goal-rank", "focus stays on the picker");
    }
  });
});

test("no stale result stays visible after an invalid entry, typed or submitted", async () => {
  const resultParts = [
    "#calculator-headline",
    "#calculator-milestones",
    ".growth-chart",
    'data[data-result="futureGems"]',
  ];
  // What shows and what hides is the page's logic alone: on one variant.
  await onEachVariant(async (page) => {
    for (const [bad, submit] of [
      ["12 34", false],
      ["abc", true],
      ["1,5", false],
      ["-3", true],
    ] as const) {
      // A valid result, shown in the open document as a link would show it.
      await showQuery(page, "currentGems=1000000&years=5");
      for (const selector of resultParts.slice(0, 3))
        assert.ok(await visible(page, selector), `${selector} shows the valid result`);
      await field(page, "currentGems").fill(bad);
      if (submit) await field(page, "currentGems").press("Enter");
      await waitForResult(
        page,
        null,
        `the result hides after currentGems "${bad}"${submit ? " and Enter" : ""}`,
      );
      for (const selector of resultParts)
        assert.not.ok(await visible(page, selector), `${selector} is hidden after currentGems "${bad}"`);
      assert.ok(await visible(page, "[data-result-stale]"), "the result area says why it is empty");
      if (submit) {
        assert.ok(
          await visible(page, "#calculator-currentGems-error"),
          `an error names the field after "${bad}"`,
        );
        assert.is(await field(page, "currentGems").getAttribute("aria-invalid"), "true");
      }
    }
  }, "phone light");
});

test("the milestone ladder is the tool's, each date is now plus its duration, and so is the goal's", async () => {
  await onEachVariant(async (page) => {
    await freshForm(page);
    await enter(page, { currentGems: "1 000 000", goalGems: "2.5B", period: "5y" });
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
      assertDate(datetime, milestone.duration, `${milestone.name}'s date`);
    }
    assert.ok(await visible(page, "#calculator-milestones"));
    assertDate(
      await page.locator('[data-result="goal"] time').getAttribute("datetime"),
      expected.goal!.duration,
      "the goal's date",
    );
  }, "desktop dark");
});

test("a shared URL reproduces its result, and back and forward restore earlier calculations", async () => {
  await onEachVariant(async (page) => {
    await showQuery(page, "currentGems=2.75M&days=30");
    const first = await calculateTool(page, { currentGems: "2750000", days: "30" });
    assert.is(await shownFuture(page), first.futureGems, "the link's result shows on load");
    assert.is(await field(page, "currentGems").inputValue(), "2.75M");
    assert.is(await field(page, "period").inputValue(), "30 days", "a link made before the one time field");
    await assertBalanceHeadline(page, first, "In 30 days");

    await enter(page, { currentGems: "1,000,000", period: "10 years" });
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

/** Empties the homepage's form, types a balance and a target date, presses Enter and waits for the answer. */
async function calculateUntil(page: Page, currentGems: string, until: string): Promise<void> {
  await freshForm(page);
  await field(page, "currentGems").fill(currentGems);
  await openMore(page);
  await field(page, "until").fill(until);
  await field(page, "until").press("Enter");
  await statusSays(page, `a result for ${until}`);
}

// The time zones' checks come last, on the phone: its clock and time zone then change.
test(`a date alone is the start of that day, local time, and the page says so; an unreadable or past \
date is an error`, async () => {
  await onEachVariant(async (page) => {
    await timeZone("Europe/Berlin");
    await calculateUntil(page, "1M", "2027-01-01");
    // Midnight at the start of 1 January 2027 in Berlin is 23:00 UTC on 31 December.
    const seconds = (Date.UTC(2026, 11, 31, 23, 0, 0) - NOW) / 1000;
    const expected = await calculateTool(page, { currentGems: "1000000", seconds: String(seconds) });
    assert.is(await shownFuture(page), expected.futureGems, "growth to the start of the day");
    assert.match(
      (await page.locator("#calculator-until-read").textContent())!,
      /^Counted from 00:00 that day, your time: 1 month from now\.$/,
    );
    assert.match(
      (await headlineLines(page))[0]!,
      /^On Jan 1, 2027: \S+ gems \(\+\S+, \+[\d.]+%\), still Member\.$/,
    );
    assert.equal(
      Object.fromEntries(new URL(page.url()).searchParams),
      { gems: "1M", time: "1mo8d11h" },
      "the link holds the time to the date (38 days 11 hours, a month being 30 days), not a local date",
    );

    // A time of day would be read differently in each time zone: only a plain day is taken.
    for (const [until, problem] of [
      ["not-a-date", "is not a date"],
      ["2030-02-30", "is not a date"],
      ["2030-01-01T00:00:00Z", "is not a date"],
      ["2020-01-01", "has passed"],
    ] as const) {
      await showQuery(page, `currentGems=1M&until=${until}`);
      const error = page.locator("#calculator-until-error");
      assert.ok(await error.isVisible(), `the link's date ${until} is an error`);
      assert.ok(
        (await error.textContent())!.includes(problem),
        `${await error.textContent()} says it ${problem}`,
      );
      assert.is(await shownFuture(page), null, `no result from ${until}`);
    }
  }, "phone light");
});

test("a shared link gives the same result in Los Angeles and Berlin, and still does after its date", async () => {
  await onEachVariant(async (page) => {
    // A link the page wrote in Berlin, opened in Los Angeles a year later.
    await calculateUntil(page, "2.5M", "2030-01-01");
    const written = new URL(page.url());
    const inBerlin = await shownFuture(page);

    await timeZone("America/Los_Angeles");
    await page.clock.setFixedTime(NOW + 400 * DAY);
    assert.is(
      await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
      "America/Los_Angeles",
    );
    await freshForm(page);
    await showQuery(page, written.search.slice(1));
    await linkResult(page);
    assert.is(
      await shownFuture(page),
      inBerlin,
      "the same balance in both time zones, after the link's date",
    );
  }, "phone light");
});

test(`a 3 MB paste or an 8,000-character link is refused at the field's limit, without freezing the page \
or filling the link`, async () => {
  await onEachVariant(async (page) => {
    await showQuery(page, `currentGems=${"1".repeat(8_000)}`);
    assert.ok(
      (await field(page, "currentGems").inputValue()).length <= 101,
      "the field holds at most its limit",
    );
    assert.ok(await visible(page, "#calculator-currentGems-error"), "the field says it is too long");
    await field(page, "currentGems").fill("");
    await field(page, "currentGems").focus();
    await page.keyboard.insertText("9".repeat(3_000_000));
    assert.is((await field(page, "currentGems").inputValue()).length, 100, "a paste stops at 100 characters");
    await page.keyboard.press("Enter");
    await unhidden(page, "#calculator-currentGems-error", "the refusal");
    assert.not.ok(page.url().includes("9".repeat(101)), "the link never holds the paste");
  }, "phone light");
});

test(`the balance is remembered on this device, a link's values win, Forget forgets, and a refused storage \
breaks nothing`, async () => {
  await onEachVariant(async (page) => {
    await freshForm(page);
    await calculate(page, { currentGems: "2.75M", period: "1 week" });
    await open(page);
    // Within a minute the balance comes back as typed, with its answer, the form one tap away.
    assert.is(await page.inputValue("#calculator-currentGems"), "2.75M", "the balance comes back");
    await page.locator("#calculator-headline", { hasText: /^In 7 days: / }).waitFor(); // its answer
    assert.is(await page.inputValue("#calculator-period"), "7 days", "the time comes back");
    await openMore(page);
    // Typed but not finished (the address follows as it reads, the device keeps only a finished balance).
    // The page's clock stops, so a loaded machine cannot let the 1.5 s pause that ends typing pass.
    await page.clock.install({ time: NOW });
    await page.clock.pauseAt(NOW + 1000);
    await page.fill("#calculator-currentGems", "12");
    await page.clock.runFor(200);
    await page.waitForURL(/gems=12(&|$)/);
    await page.fill("#calculator-currentGems", "12abc");
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    await page.clock.resume();
    await open(page);
    assert.is(await page.inputValue("#calculator-currentGems"), "2.75M", "a half-typed balance is not kept");
    await open(page, "?currentGems=1M&days=30");
    assert.is(await page.inputValue("#calculator-currentGems"), "1M", "the link's balance wins");
    await open(page);
    await openMore(page);
    await page.getByRole("button", { name: "Forget saved numbers" }).click();
    assert.is(await page.inputValue("#calculator-currentGems"), "");
    await open(page);
    assert.is(await page.inputValue("#calculator-currentGems"), "", "forgotten");
    // The last check on this page but for the pages loaded by the next test, which it must pass with storage
    // refused in every document it loads from here on, and the clock flowing.
    await page.addInitScript(() => {
      for (const name of ["getItem", "setItem", "removeItem"] as const)
        Storage.prototype[name] = () => {
          throw new DOMException("refused", "SecurityError");
        };
    });
    await open(page);
    await calculate(page, { currentGems: "2.75M", period: "1 week" });
  }, "desktop dark");
});

// Last: it loads other pages in place of the homepage.
test("no page scrolls sideways, the homepage with the largest valid input included", async () => {
  const largest = "currentGems=100000000000000000000&days=36500";
  const overflowing: string[] = [];
  await onEachVariant(async (page) => {
    const viewport = page.viewportSize()!;
    // The homepage's answers in its open document, then the other pages, each loaded.
    for (const [path, query] of [
      ["", ""],
      ["", largest],
      ["docs/", ""],
      ["api/", ""],
      ["auth/", ""],
    ] as const) {
      const where = `/${path}${query && "?"}${query}`;
      if (path)
        assert.is((await page.goto(new URL(path, started.served.url).href))?.status(), 200, `${where} loads`);
      else await showQuery(page, query);
      if (query)
        assert.ok(await visible(page, "#calculator-headline"), "the largest valid input gives a result");
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
