/**
 * The homepage's planning (issue 43) on a 390×844 phone: a deposit each day, what it takes to reach a
 * goal in time, a what-if rate; each from a link and the deposit typed. The page's clock is fixed at
 * NOW. Expected figures and days are computed here with decimal.js, walking the deposits one day at a
 * time, never by the page's code.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Decimal } from "decimal.js";
import type { Page } from "playwright-core";
import { recordPageMessages, recordSchemeQueries } from "../support/browser.ts";
import { calculatorStarted } from "../support/calculator-started.ts";
import { checkVariant, openMore, siteAndBrowserFor, showQuery, waitFor } from "../support/calculator-page.ts";
import { dateAfter, DAY, NOW, VARIANTS } from "../support/variants.ts";
import { DAILY_INTEREST_RATE } from "../../common/constants.ts";

const started = siteAndBrowserFor(test);
const phone = { page: undefined as unknown as Page, messages: [] as string[] };
const PHONE = VARIANTS.find((variant) => variant.viewport.width === 390)!;

test.before(async () => {
  const { name: _, ...options } = PHONE;
  phone.page = await (await started.browser.newContext(options)).newPage();
  await phone.page.clock.setFixedTime(NOW);
  await recordSchemeQueries(phone.page);
  phone.messages = recordPageMessages(phone.page, started.served.origin);
});

const headline = (page: Page) => page.locator("#calculator-headline").innerText();
const grouped = (value: Decimal) =>
  new Intl.NumberFormat("en", { minimumFractionDigits: 8 }).format(
    value.toFixed() as Intl.StringNumericLiteral,
  );

/**
 * Shows the homepage at `query` in the document open (support/calculator-page.ts `showQuery`), or with
 * `load` in a new one, and waits for `line` in the headline.
 */
async function open(page: Page, query: string, line: RegExp, load = false): Promise<string> {
  if (load) {
    await page.goto(new URL(query, started.served.url).href);
    await calculatorStarted(page);
  } else await showQuery(page, query.slice(1));
  await waitFor(
    page,
    `the headline says ${line}`,
    (pattern) => new RegExp(pattern).test(document.querySelector("#calculator-headline")?.textContent ?? ""),
    line.source,
  );
  return headline(page);
}

test("250M plus 20M a day reaches Radiant exactly at the end of day 60, from a link and typed", async () => {
  // The reference: each day's interest, then the deposit, until the balance reaches 1.6B.
  let balance = new Decimal(250e6);
  let day = 0;
  while (balance.lt(1.6e9)) {
    day += 1;
    const grown = balance.times(new Decimal(1).plus(DAILY_INTEREST_RATE));
    assert.ok(grown.lt(1.6e9), "the interest alone never crosses 1.6B on the way: the deposit does");
    balance = grown.plus(20e6);
  }
  assert.is(day, 60);
  const reached = new RegExp(
    `You reach Radiant on ${dateAfter(day * 86_400)} — in 2 months(, within your 90 days|, adding 20M a day)\\.`,
  );
  await checkVariant(PHONE.name, phone, async (page) => {
    const said = await open(
      page,
      "?currentGems=250m&goalGems=radiant&days=90&deposit=20m&every=day",
      reached,
      true,
    );
    assert.match(said, /^In 90 days: .*, adding 20M a day\./m, "the time's line says the deposit too");
    const radiant = page.locator("#calculator-milestones tr", { hasText: "Radiant" }).locator("time");
    assert.is(await radiant.getAttribute("datetime"), new Date(NOW + day * DAY).toISOString());
    // Typed into the disclosure's field, the deposit counts and travels in the link.
    await open(page, "?currentGems=250m&goalGems=radiant", /Radiant/);
    await openMore(page);
    await page.fill("#calculator-deposit", "20m");
    await waitFor(page, "the typed deposit counts", () => location.search.includes("deposit=20m"));
    assert.match(await headline(page), reached);
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
  await checkVariant(PHONE.name, phone, async (page) => {
    await page.evaluate(() => localStorage.clear());
    await page.goto(started.served.url);
    await calculatorStarted(page);
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

test("rate=0.5 for 90 days from 250M gives 391,638,669.75 and names both rates", async () => {
  const future = new Decimal(250e6)
    .times(new Decimal("1.005").pow(90))
    .toDecimalPlaces(8, Decimal.ROUND_HALF_UP);
  assert.is(future.toFixed(2), "391638669.75");
  await checkVariant(PHONE.name, phone, async (page) => {
    const said = await open(page, "?currentGems=250m&days=90&rate=0.5", /what-if/);
    assert.match(said, /^In 90 days: 391\.63M gems/m);
    assert.match(said, /At 0\.5 % a day, a what-if rate: the bank's rate is 0\.3 %\./);
    assert.match(await page.locator(".result-rate").innerText(), /at 0\.5% a day/);
    assert.is(await page.locator('data[data-result="futureGems"]').getAttribute("value"), future.toFixed(8));
    // The earnings are at the same rate: a week is 250M × (1.005^7 − 1) = 8,882,…, shown as +8.88M.
    const week = new Decimal(250e6).times(new Decimal("1.005").pow(7).minus(1));
    assert.is(week.toFixed(0).slice(0, 3), "888");
    assert.match(
      await page.locator("#calculator-earns").innerText(),
      /\+1\.25M the first day, \+8\.88M the first week/,
    );
    // A mistake in the rate holds the answer as the form's own do: the answer gives way to the message,
    // and the pinned bar, no longer reading the answer the mistake holds, points at the field.
    await page.fill("#calculator-rate", "20");
    await page.locator("#calculator-rate").press("Tab");
    await page.locator("#calculator-rate-error:not([hidden])").waitFor();
    await page.locator("[data-result-stale]").waitFor();
    assert.is(
      await page.locator("#calculator-summary").textContent(),
      "Fix Daily rate in % to see your answer.",
    );
    // Calculate takes the player to the field to fix, as it does for the form's own.
    await page.locator("#calculator-currentGems").focus();
    await page.locator("#calculator-currentGems").press("Enter");
    assert.is(await page.evaluate(() => document.activeElement?.id), "calculator-rate");
  });
});

test.run();
