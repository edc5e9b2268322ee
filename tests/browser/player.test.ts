/**
 * The homepage as the players' page (issue #32), on a 390×844 phone and a 1280×800 desktop: a
 * friend's link opens on its answer; no developer material outside the footer; a short phone page;
 * headlines with the gain and the rate; one time field that reads `1y 6mo`; every rank chip in
 * sight; the end of the time given marked once; short messages that name the fix; nothing pinned
 * over the result; the balance remembered on this device. Expected figures are computed here with
 * decimal.js from the specification's constants, never by the page's code.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Decimal } from "decimal.js";
import type { Page } from "playwright-core";
import { calculatorStarted } from "../support/calculator-started.ts";
import {
  assertCompact,
  assertOnScreen,
  onVariants,
  freshForm,
  openHomepage,
  siteAndBrowserFor,
  showQuery,
  variantPage,
  type VariantPage,
} from "../support/calculator-page.ts";
import { VARIANTS } from "../support/variants.ts";
import { DAILY_INTEREST_RATE, TIME_NORMALIZATION } from "../../common/constants.ts";
import calculator from "../../_data/calculator.ts";
import { paths } from "../../_data/site.ts";

const started = siteAndBrowserFor(test);
const pages = new Map<string, VariantPage>();

test.before(async () => {
  // Empty pages: the first test loads each.
  for (const { name, ...options } of VARIANTS)
    pages.set(name, await variantPage(started.browser, started.served, options, { copies: true }));
});

/** Runs `check` on each variant's page, one after the other, or on the one named; `phone` says which it is. */
const onEach = (
  check: (page: Page, phone: boolean) => Promise<void>,
  only?: (typeof VARIANTS)[number]["name"],
) =>
  onVariants(VARIANTS, pages, (page, { viewport }) => check(page, viewport.width < 800), {
    only,
    inTurn: true,
  });

/** Loads the homepage at `query` (what is tested is the load itself), and waits for its script. */
const open = (page: Page, query = "") => openHomepage(page, started.served, query);

const text = (page: Page, selector: string) => page.locator(selector).innerText();

/** On a phone an answer hides the form, one tap away; on a desktop both show. */
async function showForm(page: Page): Promise<void> {
  if (await page.locator("#calculator-edit").isVisible()) await page.locator("#calculator-edit").click();
}

/** Types into the fields (the time in the one time field) and presses Enter in the last. */
async function calculate(page: Page, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) await page.fill(`#calculator-${name}`, value);
  await page.press(`#calculator-${Object.keys(values).at(-1)}`, "Enter");
  await page.locator("#calculator-headline").waitFor();
}

/** The balance after `days` whole days, exactly, and the gain in percent, to 2 decimals. */
function grown(gems: string, days: number): { future: Decimal; profit: Decimal; percent: string } {
  const future = new Decimal(gems).times(new Decimal(1).plus(DAILY_INTEREST_RATE).pow(days));
  const profit = future.minus(gems);
  return { future, profit, percent: profit.div(gems).times(100).toDecimalPlaces(2).toString() };
}

test(`a friend's link opens on its answer, shared with you: headline, 'as of', balance, timeline on the first \
screen, the 30 days, no Calculate row above it, and Try with my gems`, async () => {
  const link = "?currentGems=250000000&goalGems=Radiant&days=30&at=2026-11-01T12:00:00Z";
  await onEach(async (page, phone) => {
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
    assert.is(await page.locator("#calculator-currentGems").isVisible(), !phone, "the form waits on a phone");
    // On a phone no button row stands above the answer; beside it on a desktop, the form's row is its own.
    const [actions, headline] = await Promise.all(
      [".calculator-actions", "#calculator-headline"].map((selector) => page.locator(selector).boundingBox()),
    );
    const beside = phone ? !actions : actions!.x + actions!.width < headline!.x;
    assert.ok(beside, `no Calculate · Reset row above the answer: ${JSON.stringify(actions)}`);
    assert.not.ok(await page.locator("#calculator-edit").isVisible(), "a friend's numbers are not changed");
    await assertOnScreen(page, "#calculator-share", "Share");
    await assertOnScreen(page, "#calculator-try", "Try with my gems");
    const tryMine = page.getByRole("button", { name: "Try with my gems" });
    await (phone ? tryMine.tap() : tryMine.click());
    assert.ok(await page.locator("#calculator-currentGems").isVisible(), "one tap opens the form");
    assert.is(await page.evaluate(() => document.activeElement?.id), "calculator-currentGems");
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
  const gain = (days: number) => grown("250000000", days).profit;
  await onEach(async (page, phone) => {
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
      const form = await page.locator("#calculator-currentGems").isVisible();
      assert.is(form, !answer, `${VARIANTS[0].name}: the form with "${query}"`);
    }
  } finally {
    await page.unroute(script);
  }
});

test("what is typed before the page's script runs counts once it starts, the time included", async () => {
  await onEach(async (page) => {
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
  await onEach(async (page, phone) => {
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

test("a time-only headline and Share say the balance, the gain, the percent and the rate used", async () => {
  const { future, profit, percent } = grown("250000000", 30);
  const rate = new Decimal(DAILY_INTEREST_RATE).times(100).toString();
  await onEach(async (page) => {
    await freshForm(page);
    await calculate(page, { currentGems: "250000000", period: "30 days" });
    const headline = await text(page, "#calculator-headline");
    const [, balance, gain, shown] =
      /^In 30 days: (\S+) gems \(\+(\S+), \+([\d.]+)%\), still Ethereal\.$/.exec(headline) ??
      assert.unreachable(headline)!;
    assertCompact(balance!, future, "the balance");
    assertCompact(gain!, profit, "the gain");
    assert.is(shown, percent, "the percent");
    assert.match(await text(page, ".result-rate"), new RegExp(`^From 250M gems, at ${rate}% a day`));
    // How it is computed, on this page in players' words: the rate, a worked example, the ranks.
    await page.locator(".result-rate a").click();
    assert.is(new URL(page.url()).hash, "#how-gems-grow");
    const top = await page
      .locator("#how-gems-grow")
      .evaluate((heading) => heading.getBoundingClientRect().top);
    assert.ok(top > -1 && top < 400, `how gems grow comes into view: ${top}`);
    const how = await text(page, "main");
    assert.ok(how.includes(`Your gems earn ${rate}% a day.`), "the rate");
    const example = grown("1000000", 30).future.toDecimalPlaces(2).toNumber().toLocaleString("en");
    assert.ok(how.includes(`1,000,000 gems left alone for 30 days become ${example} gems`), example);
    assert.match(how, /Cosmic\s+48,000,000,000/, "the ranks");
    await page.getByRole("button", { name: "Share" }).click();
    const shared = await page.evaluate(() => navigator.clipboard.readText());
    assert.ok(shared.startsWith(`250M gems → ${balance} gems in 30 days (+${gain}, +${percent}%): `), shared);
  }, "phone light");
});

test("the time field reads 1y 6mo as 545 days, with letters on its keyboard, and says the fix for a slip", async () => {
  const days = TIME_NORMALIZATION.yearDays + 6 * TIME_NORMALIZATION.monthDays;
  await onEach(async (page) => {
    await freshForm(page);
    assert.is(await page.locator("#calculator-period").getAttribute("inputmode"), "text");
    assert.match(await text(page, "#calculator-period-hint"), /90 days, 1y 6mo, 2h 30m/);
    await calculate(page, { currentGems: "1000000", period: "1y 6mo" });
    assert.is(await text(page, "#calculator-period-read"), `Read as 1 year 6 months = ${days} days.`);
    const exact = await page.locator('data[data-result="futureGems"]').getAttribute("value");
    assert.is(exact, grown("1000000", days).future.toDecimalPlaces(8).toFixed(8), "the 545-day answer");
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
  await onEach(async (page) => {
    await freshForm(page);
    await calculate(page, { currentGems: "1000000", period: "5 years" });
    assert.not.match(await page.evaluate(() => document.body.innerText), /in time\?/i);
    const ends = await page.locator("#calculator-milestones tr.time-end").allInnerTexts();
    assert.equal(ends.length, 1, "the end of the time given is marked once");
    assert.match(ends[0]!, /^End of your 5 years: \w{3} \d+, \d{4}$/);
  }, "desktop dark");
});

test("messages are short and name the fix; no Share without an answer; a focused label is in view", async () => {
  await onEach(async (page, phone) => {
    await freshForm(page);
    for (const [name, typed, fix] of [
      ["currentGems", "2.5MM", "Current gems has two suffixes; did you mean 2.5M?"],
      ["currentGems", "0", "Current gems is 0; enter more than 0 gems."],
      ["currentGems", "9".repeat(44), "Current gems must be at most 100,000,000,000,000,000,000."],
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
      assert.ok(message.length <= 80, message);
      assert.is(await page.evaluate(() => document.activeElement?.id), `calculator-${name}`);
      await assertOnScreen(page, `label[for="calculator-${name}"]`, "the focused field's label");
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= page.viewportSize()!.width, `nothing scrolls sideways: ${wide} px`);
    }
    // A field left by a tap on a quick time is judged before the time fills in.
    await page.fill("#calculator-currentGems", "abc");
    await page.getByRole("button", { name: "90 days" }).click();
    assert.match(await text(page, "#calculator-currentGems-error"), /^Current gems is not a number/);
    assert.not.ok(await page.locator("#calculator-share").isVisible(), "no Share without an answer");
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
  await onEach(async (page) => {
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
      const headline = (await page.locator("#calculator-headline").boundingBox())!;
      const height = page.viewportSize()!.height;
      assert.ok(headline.y + headline.height <= height, "the answer on the first screen");
      assert.not.ok(await page.locator("#calculator-currentGems").isVisible(), "the form one tap away");
      await page.locator("#calculator-edit").click();
      assert.ok(
        await page.locator("#calculator-currentGems").isVisible(),
        "Change the numbers shows the form",
      );
    } finally {
      await page.clock.setSystemTime(Date.now()); // the clock flows again
    }
  }, "phone light");
});

test(`the balance is remembered on this device, a link's values win, Forget forgets, and a refused storage \
breaks nothing`, async () => {
  await onEach(async (page) => {
    await freshForm(page);
    await calculate(page, { currentGems: "2.75M", period: "1 week" });
    await open(page);
    // Within a minute the balance comes back as typed, with its answer, the form one tap away.
    assert.is(await page.inputValue("#calculator-currentGems"), "2.75M", "the balance comes back");
    await page.locator("#calculator-headline", { hasText: /^In 7 days: / }).waitFor(); // its answer
    assert.is(await page.inputValue("#calculator-period"), "7 days", "the time comes back");
    await showForm(page);
    // Typed but not finished (the address follows as it reads, the device keeps only a finished balance).
    // The page's clock stops, so a loaded machine cannot let the 1.5 s pause that ends typing pass.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
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
    await showForm(page);
    await page.getByRole("button", { name: "Forget saved balance" }).click();
    assert.is(await page.inputValue("#calculator-currentGems"), "");
    await open(page);
    assert.is(await page.inputValue("#calculator-currentGems"), "", "forgotten");
    // The file's last check on this page, which refuses storage in every document it loads from here on.
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

test.run();
