/**
 * The homepage form's one state, on a 390×844 phone, in one page (issue 43): a short link
 * (`?gems=250m&goal=radiant&time=90d`) opens on its answer and links made before still do; one time
 * field, no per-unit boxes; a mistake is said once, at its field; no goal badge beside an invalid
 * balance; a goal typed key by key is judged when the player is done; nothing moves while typing and
 * tapping (CLS 0, the Forget control appearing included). Expected balances are computed here with
 * decimal.js from the specification's rate, never by the page's code.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Decimal } from "decimal.js";
import type { Page } from "playwright-core";
import { recordPageMessages } from "../support/browser.ts";
import {
  focusedId,
  freshForm,
  layoutShifts,
  openHomepage,
  recordLayoutShifts,
  siteAndBrowserFor,
  showQuery,
  shownFuture,
  waitFor,
} from "../support/calculator-page.ts";
import { NOW, VARIANTS } from "../support/variants.ts";
import { DAILY_INTEREST_RATE, TIME_NORMALIZATION } from "../../common/constants.ts";

const started = siteAndBrowserFor(test);
let page: Page;
let messages: string[];
const phone = VARIANTS[0];

test.before(async () => {
  const { name: _name, ...options } = phone;
  page = await (await started.browser.newContext({ ...options, timezoneId: "UTC" })).newPage();
  messages = recordPageMessages(page, started.served.origin);
  await page.clock.install({ time: NOW });
  // Each load starts with nothing kept from before.
  await page.addInitScript(() => localStorage.clear());
  await recordLayoutShifts(page);
});

/** Loads the homepage with `query` (the load is what is tested), nothing kept from before. */
const open = (query = "") => openHomepage(page, started.served, query);

const text = (selector: string) => page.locator(selector).innerText();

/** `gems` after `seconds` at the bank's rate, compounding per day and within a day, to 8 decimals half-up. */
function grown(gems: string, seconds: number): string {
  const Exact = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_HALF_UP });
  const days = new Exact(seconds).div(TIME_NORMALIZATION.secondsPerDay);
  return new Exact(gems).times(new Exact(1).plus(DAILY_INTEREST_RATE).pow(days)).toFixed(8);
}

test("a short link opens on its answer, and links made before keep theirs", async () => {
  await open("?gems=250m&goal=radiant&time=90d");
  assert.is(await shownFuture(page), grown("250000000", 90 * 86_400), "250M for 90 days");
  assert.match(await text("#calculator-headline"), /^In 90 days: .*\nYou reach Radiant on /);
  assert.is(await page.inputValue("#calculator-period"), "90 days", "the time, in words");
  for (const [link, gems, seconds, period] of [
    // The tool's field names, grouped digits, each unit apart, and the moment of calculation.
    [
      "?currentGems=250%2C000%2C000&goalGems=1%2C600%2C000%2C000&days=60&hours=12&at=2026-11-20T03%3A09%3A56Z",
      "250000000",
      60.5 * 86_400,
      "60 days 12 hours",
    ],
    ["?currentGems=1M&weeks=2", "1000000", 14 * 86_400, "2 weeks"],
    ["?currentGems=2.75M&years=1&months=6", "2750000", 545 * 86_400, "1 year 6 months"],
    ["?currentGems=1M&days=30d", "1000000", 30 * 86_400, "30 days"],
    // A target date, as the page wrote it before: its seconds from the link's moment.
    ["?currentGems=1M&seconds=86400&at=2026-11-22T12%3A00%3A00Z", "1000000", 86_400, "86400 seconds"],
  ] as const) {
    // In the open document: the page reads a link as on Back or Forward (support/calculator-page.ts `showQuery`).
    await showQuery(page, link.slice(1));
    assert.is(await shownFuture(page), grown(gems, seconds), link);
    assert.is(await page.inputValue("#calculator-period"), period, `${link}: the time field`);
  }
  assert.match(
    await text("#calculator-as-of"),
    /^Shared with you\. As of Nov 22, 2026/,
    "an old link's moment still counts",
  );
  // A date alone, as an old link may hold it: the start of that day, the page's time (UTC here).
  await showQuery(page, "currentGems=1M&until=2026-12-23&at=2026-11-23T12%3A00%3A00Z");
  assert.is(await shownFuture(page), grown("1000000", 29.5 * 86_400), "until Dec 23, 2026");
  assert.equal(messages, []);
});

test("one time field and no per-unit time boxes; the form writes short links", async () => {
  await freshForm(page);
  const names = await page
    .locator("#calculator input[name]")
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).name));
  // The planning's fields (a deposit, its period, a what-if rate) join the state as named inputs too.
  const planning = ["deposit", "every", "rate"];
  assert.equal(names, ["currentGems", "goalGems", "period", "additionalGems", "until", ...planning]);
  await page.fill("#calculator-currentGems", "250m");
  await page.getByRole("button", { name: "Radiant", exact: true }).tap();
  await page.getByRole("button", { name: "90 days", exact: true }).tap();
  await page.getByRole("button", { name: "Calculate" }).tap();
  assert.is(new URL(page.url()).search, "?gems=250m&goal=Radiant&time=90d");
  assert.match(
    (await page.evaluate(() => localStorage.getItem("exp-bank-calculator:balance")))!,
    /^gems=250m&goal=Radiant&time=90d&kept=\d+$/,
    "the device keeps the same query",
  );
});

test("no goal badge or progress beside an invalid balance", async () => {
  await freshForm(page);
  await page.fill("#calculator-goalGems", "Radiant");
  for (const balance of ["0", "abc", "1e30", ""]) {
    await page.fill("#calculator-currentGems", balance);
    await page.locator("#calculator-goalGems").focus();
    const shown = await page
      .locator("#calculator-goal-status")
      .evaluate((status) => status.checkVisibility({ visibilityProperty: true }));
    assert.is(shown, balance === "", `the goal's status beside the balance "${balance}"`);
  }
  assert.is(await text("#calculator-goal-badge"), "= Radiant", "without a balance, the goal's badge alone");
});

test("a mistake is said once, at its field", async () => {
  await freshForm(page);
  for (const balance of ["abc", "0", "-5"]) {
    await page.fill("#calculator-currentGems", balance);
    await page.fill("#calculator-goalGems", "Radiant");
    await page.getByRole("button", { name: "Calculate" }).tap();
    const message = await text("#calculator-currentGems-error");
    assert.match(message, /^Current gems /, `${balance}: the field says what is wrong`);
    const said = (await page.evaluate(() => document.body.innerText)).split(message).length - 1;
    assert.is(said, 1, `${balance}: "${message}" is on the page once`);
    for (const status of await page.locator("[role=status]").allInnerTexts())
      assert.not.ok(status.includes(message), `${balance}: no status repeats it`);
  }
  // Two mistakes: the bar points at the first on the page, where the focus goes.
  await page.fill("#calculator-goalGems", "Radiantx2");
  await page.getByRole("button", { name: "Calculate" }).tap();
  assert.is(await text("#calculator-summary"), "Fix Current gems to see your answer.");
  assert.is(await focusedId(page), "calculator-currentGems");
});

test("a goal typed key by key is judged once the player is done: no 'You already have 2' before 2B", async () => {
  await freshForm(page);
  await showQuery(page, "currentGems=250M");
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  const said = () =>
    page.evaluate(() =>
      ["#calculator-summary", "#calculator-headline", "#calculator-status", "#calculator-goal-status"]
        .map((selector) => document.querySelector<HTMLElement>(selector)!.innerText)
        .join(" | "),
    );
  await page.locator("#calculator-goalGems").tap();
  for (const key of "2B") {
    await page.keyboard.type(key);
    // Long enough for the answer to follow a valid edit, shorter than the pause that judges the field.
    await page.clock.runFor(500);
    assert.not.match(
      await said(),
      /already have|You reach 2 gems|reached/,
      `after "${key}": ${await said()}`,
    );
  }
  assert.match(await text("#calculator-headline"), /^You reach 2B gems on /);
  // "2" and done: leaving the field judges it.
  await page.fill("#calculator-goalGems", "2");
  await page.clock.runFor(500);
  assert.not.match(await said(), /already have/, "not while the field is being typed in");
  await page.locator("#calculator-currentGems").focus();
  assert.is(await text("#calculator-headline"), "You already have 2 gems.");
  await page.clock.resume();
});

test("nothing moves while typing and tapping: CLS 0, Forget appearing included", async () => {
  await open();
  assert.not.ok(await page.locator("#calculator-forget").isVisible(), "no Forget while nothing is kept");
  await page.evaluate(() => ((window as unknown as { shifts: unknown[] }).shifts.length = 0));
  await page.locator("#calculator-currentGems").tap();
  await page.keyboard.type("250M");
  await waitFor(page, "Forget to appear once the balance is kept", () =>
    document.querySelector<HTMLElement>("#calculator-forget")!.checkVisibility(),
  );
  for (const name of ["Radiant", "90 days", "Cosmic", "1 year", "2× Cosmic"])
    await page.getByRole("button", { name, exact: true }).tap();
  await page.locator("#calculator-goalGems").tap();
  await page.keyboard.type("x");
  await page.locator("#calculator-period").tap();
  await page.keyboard.press("Backspace");
  await page.getByRole("button", { name: "Calculate" }).tap();
  assert.equal(await layoutShifts(page), [], "layout shifts (value, nodes moved)");
  assert.equal(messages, []);
});

test.run();
