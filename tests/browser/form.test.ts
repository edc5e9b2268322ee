/**
 * The homepage on a 390×844 phone, in one page (issue 43). The form's one state: a short link
 * (`?gems=250m&goal=radiant&time=90d`) opens on its answer and links made before still do; one time
 * field, no per-unit boxes; a mistake is said once, at its field; no goal badge beside an invalid
 * balance; a goal typed key by key is judged when the player is done; nothing moves while typing and
 * tapping (CLS 0, the Forget control appearing included). The planning: a deposit each day, what it
 * takes to reach a goal in time, a what-if rate; each from a link and the deposit typed. The day in a
 * calendar, in Tokyo: each rank's row of the timeline, and an amount goal's row among them, has a
 * button named after it, thumb-sized, that downloads an `.ics` file made in the page (nothing sent
 * anywhere, nothing moved) whose event starts at the moment the page shows: the `<time datetime>` and,
 * in the page's time zone, its visible date. The page's clock is fixed; expected balances, days and
 * moments are computed here with decimal.js from the specification's rate, walking deposits one day at
 * a time, never by the page's code.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFile } from "node:fs/promises";
import { Decimal } from "decimal.js";
import type { CDPSession, Locator, Page } from "playwright-core";
import {
  checkVariant,
  focusedId,
  freshForm,
  grown,
  layoutShifts,
  openHomepage,
  openMore,
  recordLayoutShifts,
  siteAndBrowserFor,
  showQuery,
  shownFuture,
  variantPage,
  waitFor,
} from "../support/calculator-page.ts";
import { DAY, NOW, VARIANTS } from "../support/variants.ts";
import { DAILY_INTEREST_RATE } from "../../common/constants.ts";

const started = siteAndBrowserFor(test);
let page: Page;
let messages: string[];
/** The page's time zone is set here, not by its context, so the calendar's tests can move it to Tokyo. */
let devtools: CDPSession;
const phone = VARIANTS[0];

test.before(async () => {
  const { name: _name, ...options } = phone;
  ({ page, messages } = await variantPage(started.browser, started.served, options));
  devtools = await page.context().newCDPSession(page);
  await devtools.send("Emulation.setTimezoneOverride", { timezoneId: "UTC" });
  await page.clock.install({ time: NOW });
  // Each load starts with nothing kept from before.
  await page.addInitScript(() => localStorage.clear());
  await recordLayoutShifts(page);
});

/** Loads the homepage with `query` (the load is what is tested), nothing kept from before. */
const open = (query = "") => openHomepage(page, started.served, query);

const text = (selector: string) => page.locator(selector).innerText();

test("a short link opens on its answer, and links made before keep theirs", async () => {
  await open("?gems=250m&goal=radiant&time=90d");
  assert.is(await shownFuture(page), grown("250000000", 90).toFixed(8), "250M for 90 days");
  assert.match(await text("#calculator-headline"), /^In 90 days: .*\nYou reach Radiant on /);
  assert.is(await page.inputValue("#calculator-period"), "90 days", "the time, in words");
  for (const [link, gems, days, period] of [
    // The tool's field names, grouped digits, each unit apart, and the moment of calculation.
    [
      "?currentGems=250%2C000%2C000&goalGems=1%2C600%2C000%2C000&days=60&hours=12&at=2026-11-20T03%3A09%3A56Z",
      "250000000",
      60.5,
      "60 days 12 hours",
    ],
    ["?currentGems=1M&weeks=2", "1000000", 14, "2 weeks"],
    ["?currentGems=2.75M&years=1&months=6", "2750000", 545, "1 year 6 months"],
    ["?currentGems=1M&days=30d", "1000000", 30, "30 days"],
    // A target date, as the page wrote it before: its seconds from the link's moment.
    ["?currentGems=1M&seconds=86400&at=2026-11-22T12%3A00%3A00Z", "1000000", 1, "86400 seconds"],
  ] as const) {
    // In the open document: the page reads a link as on Back or Forward (support/calculator-page.ts `showQuery`).
    await showQuery(page, link.slice(1));
    assert.is(await shownFuture(page), grown(gems, days).toFixed(8), link);
    assert.is(await page.inputValue("#calculator-period"), period, `${link}: the time field`);
  }
  assert.match(
    await text("#calculator-as-of"),
    /^Shared with you\. As of Nov 22, 2026/,
    "an old link's moment still counts",
  );
  // A date alone, as an old link may hold it: the start of that day, the page's time (UTC here).
  await showQuery(page, "currentGems=1M&until=2026-12-23&at=2026-11-23T12%3A00%3A00Z");
  assert.is(await shownFuture(page), grown("1000000", 29.5).toFixed(8), "until Dec 23, 2026");
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

// The planning, with the clock stopped at NOW: a date the page shows is NOW plus whole days.

/** The date the page shows `seconds` after NOW, in its time zone (UTC). */
const dateAfter = (seconds: number) =>
  new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }).format(NOW + seconds * 1000);

const grouped = (value: Decimal) =>
  new Intl.NumberFormat("en", { minimumFractionDigits: 8 }).format(
    value.toFixed() as Intl.StringNumericLiteral,
  );

/**
 * Shows the homepage at `query` in the document open (support/calculator-page.ts `showQuery`), or with
 * `load` in a new one, and waits for `line` in the headline.
 */
async function openAt(page: Page, query: string, line: RegExp, load = false): Promise<string> {
  if (load) await openHomepage(page, started.served, query);
  else await showQuery(page, query.slice(1));
  await waitFor(
    page,
    `the headline says ${line}`,
    (pattern) => new RegExp(pattern).test(document.querySelector("#calculator-headline")?.textContent ?? ""),
    line.source,
  );
  return text("#calculator-headline");
}

test("250M plus 20M a day reaches Radiant exactly at the end of day 60, from a link and typed", async () => {
  await page.clock.setFixedTime(NOW);
  // The reference: each day's interest, then the deposit, until the balance reaches 1.6B.
  let balance = new Decimal(250e6);
  let day = 0;
  while (balance.lt(1.6e9)) {
    day += 1;
    const withInterest = balance.times(new Decimal(1).plus(DAILY_INTEREST_RATE));
    assert.ok(withInterest.lt(1.6e9), "the interest alone never crosses 1.6B on the way: the deposit does");
    balance = withInterest.plus(20e6);
  }
  assert.is(day, 60);
  const reached = new RegExp(
    `You reach Radiant on ${dateAfter(day * 86_400)} — in 2 months(, within your 90 days|, adding 20M a day)\\.`,
  );
  await checkVariant(phone.name, { page, messages }, async (page) => {
    const said = await openAt(
      page,
      "?currentGems=250m&goalGems=radiant&days=90&deposit=20m&every=day",
      reached,
      true,
    );
    assert.match(said, /^In 90 days: .*, adding 20M a day\./m, "the time's line says the deposit too");
    const radiant = page.locator("#calculator-milestones tr", { hasText: "Radiant" }).locator("time");
    assert.is(await radiant.getAttribute("datetime"), new Date(NOW + day * DAY).toISOString());
    // Typed into the disclosure's field, the deposit counts and travels in the link.
    await openAt(page, "?currentGems=250m&goalGems=radiant", /Radiant/);
    await openMore(page);
    await page.fill("#calculator-deposit", "20m");
    await waitFor(page, "the typed deposit counts", () => location.search.includes("deposit=20m"));
    assert.match(await text("#calculator-headline"), reached);
  });
});

test("250M for Radiant in 365 days, typed key by key: what it takes, rounded up, in each missed answer", async () => {
  const factor = new Decimal(1).plus(DAILY_INTEREST_RATE).pow(365);
  const now = new Decimal(1.6e9).div(factor).toDecimalPlaces(8, Decimal.ROUND_UP);
  const daily = new Decimal(1.6e9).minus(factor.times(250e6)).times(DAILY_INTEREST_RATE).div(factor.minus(1));
  const perDay = daily.toDecimalPlaces(8, Decimal.ROUND_UP);
  assert.match(grouped(now), /^536,141,506\.34/);
  assert.match(grouped(perDay), /^1,291,035\.63/);
  const takes = `To reach Radiant within your 365 days: hold ${grouped(now)} gems now, or add ${grouped(perDay)} a day`;
  await checkVariant(phone.name, { page, messages }, async (page) => {
    await openHomepage(page, started.served);
    const headlines = await page.locator("#calculator-headline").evaluateHandle((shown, seen: string[]) => {
      new MutationObserver(() => seen.push(shown.textContent!)).observe(shown, { childList: true });
      return seen;
    }, []);
    await page.locator("#calculator-currentGems").pressSequentially("250m");
    await page.locator("#calculator-goalGems").pressSequentially("radiant");
    assert.is(await page.locator('script[src$="/plan.js"]').count(), 0, "no plan for a goal alone");
    await page.locator("#calculator-period").pressSequentially("365d");
    await waitFor(page, "what it takes", () => /To reach/.test(document.body.innerText));
    const missed = (await headlines.jsonValue()).filter((line) => line.includes("after your 365 days"));
    assert.ok(missed.length && missed.every((line) => line.includes(takes)), missed.join("\n"));
  });
});

test("rate=0.5 for 90 days from 250M gives 391,638,669.75 and names both rates; 1.5 is the largest", async () => {
  const future = new Decimal("1.005").pow(90).times(250e6).toDecimalPlaces(8, Decimal.ROUND_HALF_UP);
  assert.is(future.toFixed(2), "391638669.75");
  // 10^20 gems and 10^20 a day at 1.5 % for 100 years: P·q^n + D·(q^n − 1)/(q − 1) ≈ 6.93 × 10²⁵⁷, finite.
  const max = "1" + "0".repeat(20);
  const power = new (Decimal.clone({ precision: 300 }))("1.015").pow(36500);
  const largest = power.plus(power.minus(1).div("0.015")).times(max);
  await checkVariant(phone.name, { page, messages }, async (page) => {
    const said = await openAt(page, "?currentGems=250m&days=90&rate=0.5", /what-if/);
    assert.match(said, /^In 90 days: 391\.63M gems/m);
    assert.match(said, /At 0\.5 % a day, a what-if rate: the bank's rate is 0\.3 %\./);
    assert.match(await text(".result-rate"), /at 0\.5% a day/);
    assert.is(await page.locator('data[data-result="futureGems"]').getAttribute("value"), future.toFixed(8));
    // The earnings are at the same rate: a week is 250M × (1.005^7 − 1) = 8,882,…, shown as +8.88M.
    const week = new Decimal(250e6).times(new Decimal("1.005").pow(7).minus(1));
    assert.is(week.toFixed(0).slice(0, 3), "888");
    assert.match(await text("#calculator-earns"), /\+1\.25M the first day, \+8\.88M the first week/);
    // A mistake in the rate holds the answer as the form's own do: the answer gives way to the message,
    // and the pinned bar, no longer reading the answer the mistake holds, points at the field.
    await page.fill("#calculator-rate", "1.5001");
    await page.locator("#calculator-rate").press("Tab");
    await page.locator("#calculator-rate-error:not([hidden])").waitFor();
    await page.locator("[data-result-stale]").waitFor();
    assert.match(await text("#calculator-rate-error"), /^Daily rate in % must be above 0 and at most 1\.5, /);
    assert.is(await text("#calculator-summary"), "Fix Daily rate in % to see your answer.");
    // Calculate takes the player to the field to fix, as it does for the form's own.
    await page.press("#calculator-currentGems", "Enter");
    assert.is(await focusedId(page), "calculator-rate");
    await page.fill("#calculator-rate", "abc");
    await page.locator("#calculator-rate").press("Enter");
    assert.match(await text("#calculator-rate-error"), /^Daily rate in % is not a number; write one such/);
    await openAt(page, `?gems=${max}&time=100y&deposit=${max}&rate=1.5`, /^In 100 years: 6\.93 × 10²⁵⁷ gems/);
    assert.is(await page.locator('data[data-result="futureGems"]').getAttribute("value"), largest.toFixed(8));
    assert.not.match((await page.locator("main").textContent())!, /∞|NaN/, "every figure is finite");
    assert.ok(await page.locator("[data-chart] polyline").count(), "the chart is drawn");
  });
});

// The day in a calendar.

/** East of UTC, so Radiant's moment (23:38 UTC) falls on the next day on the player's screen. */
const TIME_ZONE = "Asia/Tokyo";
const AT = Date.UTC(2026, 10, 29, 7, 0, 0);

/** The moment `gems` grows to `target` at the bank's rate, compounded continuously, rounded up to the second. */
function reachedAt(gems: string, target: string): Date {
  const days = new Decimal(target).div(gems).ln().div(new Decimal(1).plus(DAILY_INTEREST_RATE).ln());
  return new Date(AT + days.times(86_400).ceil().toNumber() * 1000);
}

/** The date as the page names it in Tokyo: "Aug 10, 2028". */
const tokyoDate = (date: Date) =>
  new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: TIME_ZONE }).format(date);

/** The `.ics` file a click on `button` downloads, and every request the page made meanwhile. */
async function download(button: Locator): Promise<{ file: string; name: string; requests: string[] }> {
  const requests: string[] = [];
  const record = (request: { url(): string; resourceType(): string }) =>
    requests.push(`${request.resourceType()} ${request.url()}`);
  page.on("request", record);
  const [file] = await Promise.all([page.waitForEvent("download"), button.click()]);
  page.off("request", record);
  return { file: await readFile((await file.path())!, "utf8"), name: file.suggestedFilename(), requests };
}

/** A property of the file's event: its lines unfolded (RFC 5545 §3.1), the first value of `name`. */
function property(file: string, name: string): string {
  const line = file
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .find((entry) => entry.startsWith(`${name}:`));
  assert.ok(line, `the file has ${name}: ${file}`);
  return line.slice(name.length + 1);
}

/** `20280809T233855Z` from a date. */
const icsMoment = (date: Date) => date.toISOString().replace(/[-:]|\.000/g, "");

test("each rank's row, and the amount goal's among them, has a button named after it, 44 px or more", async () => {
  // The same page, moved to Tokyo at AT: the answer to a link made then.
  await devtools.send("Emulation.setTimezoneOverride", { timezoneId: TIME_ZONE });
  await page.clock.setFixedTime(AT);
  messages.length = 0;
  const at = new Date(AT).toISOString().replace(".000", "");
  await page.goto(new URL(`?currentGems=250000000&goalGems=1000000000&at=${at}`, started.served.url).href);
  await page.locator("#calculator-milestones tbody tr").first().waitFor();
  const rows = page.locator("#calculator-milestones tbody tr");
  const ranks = ["Luminary", "1B gems", "Radiant", "Catalyst", "Divine", "Cosmic"];
  assert.is(await rows.count(), ranks.length);
  for (const [index, rank] of ranks.entries()) {
    const button = rows.nth(index).getByRole("button", { name: `Add ${rank} to your calendar` });
    const [box, row] = [await button.boundingBox(), await rows.nth(index).boundingBox()];
    assert.ok(box && row, `${rank}'s button is displayed`);
    assert.ok(box.width >= 44 && box.height >= 44, `${rank}'s button is thumb-sized: ${JSON.stringify(box)}`);
    assert.ok(box.x + box.width <= 390 && box.y >= row.y && box.y + box.height <= row.y + row.height);
  }
});

test("Radiant's button and the goal's download their events at the moment the page shows, made here", async () => {
  const row = page.locator("#calculator-milestones tbody tr", { hasText: "Radiant" });
  const radiant = reachedAt("250000000", "1600000000");
  assert.is(radiant.toISOString(), "2028-08-09T23:38:55.000Z", "Radiant is reached late on Aug 9 in UTC");
  const time = row.locator("time");
  assert.is(await time.getAttribute("datetime"), radiant.toISOString());
  const shown = await time.textContent();
  assert.ok(shown!.startsWith(`${tokyoDate(radiant)} (`), `${shown} names ${tokyoDate(radiant)}`);
  assert.is(tokyoDate(radiant), "Aug 10, 2028", "in Tokyo it is Aug 10: a UTC date would be a day early");
  await row.scrollIntoViewIfNeeded(); // the click scrolls nothing then: what it might move shows
  const table = await page.locator("#calculator-milestones").boundingBox();
  const loaded = page.evaluate(() => Boolean(document.querySelector('script[src$="/calendar.js"]')));
  assert.not.ok(await loaded, "the calendar's module waits until a button is pressed");
  const { file, name, requests } = await download(row.getByRole("button"));
  assert.is(name, "radiant-in-the-exp-bank.ics");
  assert.is(property(file, "DTSTART"), icsMoment(radiant));
  assert.is(property(file, "DTSTAMP"), icsMoment(new Date(AT)));
  assert.is(property(file, "SUMMARY"), "Radiant in the EXP Bank");
  assert.is(property(file, "TRIGGER"), "-P1D");
  assert.is(property(file, "URL"), page.url());
  // The calendar's module, from the site itself, is the only request: nothing is sent anywhere.
  assert.equal(requests, [`script ${new URL("assets/calendar.js", started.served.url)}`]);
  assert.equal(await page.locator("#calculator-milestones").boundingBox(), table, "nothing moved");
  // The amount goal's row, seen with the answer, adds the goal's moment under its name.
  const goal = await download(page.locator("tr.is-goal", { hasText: "Goal: 1B gems" }).getByRole("button"));
  assert.is(property(goal.file, "DTSTART"), icsMoment(reachedAt("250000000", "1000000000")));
  assert.is(property(goal.file, "SUMMARY"), "1B gems in the EXP Bank");
  assert.equal(messages, [], "the page printed nothing and requested nothing from other sites");
});

test.run();
