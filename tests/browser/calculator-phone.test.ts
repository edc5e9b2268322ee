/**
 * The homepage form as a player uses it on a 390×844 touch phone and a 1280×800 desktop, with the
 * page's clock installed and paused, so that no timer runs unless the test moves time on: typing
 * key by key is judged only when the player is done (a pause, leaving the field, Calculate); no
 * control moves under the finger; every control is at least 44 px; the answer comes into view;
 * the optional parts fold away; Share copies the answer in words with a link pinned to its moment,
 * and that link, opened 200 days later, shows the same dates "as of" then; Reset starts over.
 *
 * Figures and dates are checked against the calculate-exp-growth tool the page registers (tested
 * exactly elsewhere) and the test's own clock; positions against the boxes Chromium lays out.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { BrowserContextOptions, Page } from "playwright-core";
import {
  assertStatusAnnouncesHeadline,
  calculateTool,
  freshForm,
  onVariants,
  openHomepage,
  siteAndBrowserFor,
  showQuery,
  variantPage,
  waitFor,
  type VariantPage,
} from "../support/calculator-page.ts";
import { dateAfter, NOW, DAY, VARIANTS } from "../support/variants.ts";

/** Longer than the form's pause before it judges a field (1.5 s), in the page's paused time. */
const PAUSE = 2_000;
/** The smallest target a finger hits, in CSS pixels. */
const TARGET = 44;

const started = siteAndBrowserFor(test);
const pages = new Map<string, VariantPage>();

test.before(async () => {
  await Promise.all(VARIANTS.map(async ({ name, ...options }) => pages.set(name, await newPage(options))));
});

/** A page where Share copies (a test adds a share sheet where it needs one), its clock installed. */
async function newPage(options: BrowserContextOptions): Promise<VariantPage> {
  const opened = await variantPage(started.browser, started.served, options, { copies: true });
  // Each load starts with no balance remembered from an earlier test.
  await opened.page.addInitScript(() => localStorage.clear());
  await opened.page.clock.install({ time: NOW - 60_000 });
  return opened;
}

/** Runs `check` on each variant's page in turn (they share the browser's one clipboard), or on the one named. */
const onEachVariant = (check: (page: Page) => Promise<void>, only?: (typeof VARIANTS)[number]["name"]) =>
  onVariants(VARIANTS, pages, check, { only, inTurn: true });

const isPhone = (page: Page) => page.viewportSize()!.width < 800;

/**
 * Opens the homepage (with `query`) at `at`, the clock flowing while it loads and starts, then
 * paused at `at`: from here on no timer fires unless the test moves time on with `wait`.
 */
async function open(page: Page, query = "", at = NOW): Promise<void> {
  await page.clock.resume();
  await page.clock.setSystemTime(at - 60_000);
  await openHomepage(page, started.served, query);
  await page.clock.pauseAt(at);
}

/** Moves the page's paused clock on by `ms`, firing the timers due. */
const wait = (page: Page, ms: number) => page.clock.runFor(ms);

/**
 * Shows the homepage with `query` at `at` in the document already open, as Back or Forward would: the
 * form's timers left from before fire first, in the state they were set in; then the clock stays paused at
 * `at`, the form as a fresh visit finds it (support/calculator-page.ts `freshForm`) before `query` fills it.
 */
async function show(page: Page, query = "", at = NOW): Promise<void> {
  await wait(page, PAUSE);
  await page.clock.setSystemTime(at);
  await freshForm(page);
  if (query) await showQuery(page, query);
}

const gemsField = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true });
const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
const text = (page: Page, selector: string) => page.locator(selector).textContent();
const visibleErrors = (page: Page) => page.locator(".field-error:not([hidden])").allTextContents();

type Box = { x: number; y: number; width: number; height: number };

/**
 * What a key or a tap may change, read in one round trip: every control on screen (fields, buttons, chips,
 * the disclosure) by a name that says which, with its box; the errors shown; the focused field's value;
 * whether the bar's summary of the answer is dimmed, as the answer is, until what is typed is read.
 */
function readControls(): { boxes: Record<string, Box>; errors: string[]; value: string; dimmed: boolean } {
  const boxes: Record<string, Box> = {};
  const controls = document.querySelectorAll<HTMLElement>("#calculator :is(input, select, button, summary)");
  for (const [index, element] of Array.from(controls).entries()) {
    // A closed disclosure's content is skipped by layout, though Chromium may still give it a box.
    if (!element.checkVisibility()) continue;
    const { x, y, width, height } = element.getBoundingClientRect();
    const name = `${element.tagName.toLowerCase()} ${element.id || element.textContent!.trim() || index}`;
    boxes[name] = { x, y: y + scrollY, width, height };
  }
  const shown = document.querySelectorAll(".field-error:not([hidden])");
  const errors = Array.from(shown, (error) => error.textContent!);
  const dimmed = getComputedStyle(document.getElementById("calculator-summary")!).opacity !== "1";
  return { boxes, errors, value: (document.activeElement as HTMLInputElement).value, dimmed };
}

const controlBoxes = async (page: Page) => (await page.evaluate(readControls)).boxes;

/** The controls whose box differs between two readings, with both boxes. */
function moved(before: Record<string, Box>, after: Record<string, Box>): string[] {
  return Object.keys({ ...before, ...after })
    .filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]))
    .map((name) => `${name}: ${JSON.stringify(before[name])} → ${JSON.stringify(after[name])}`);
}

/** Types `text` into a field key by key, checking after each key: no error shows, no control moved, the bar dims. */
async function typeKeyByKey(page: Page, label: string, text: string): Promise<void> {
  await gemsField(page, label).click();
  const start = await controlBoxes(page);
  for (const key of text) {
    await page.keyboard.type(key);
    const { value, errors, boxes, dimmed } = await page.evaluate(readControls);
    assert.equal(errors, [], `no error while "${value}" is typed`);
    assert.ok(dimmed, `the bar's answer is dimmed while "${value}" is typed`);
    assert.equal(moved(start, boxes), [], `no control moves while "${value}" is typed`);
  }
}

test(`a number is judged when the player is done: never while typing, after a pause, and beside its \
field`, async () => {
  await onEachVariant(async (page) => {
    await open(page);
    for (const [typed, read] of [
      ["2,500,000", "Read as 2,500,000 gems."],
      ["2,5M", "Read as 2,500,000 gems (the comma as a decimal point)."],
    ]) {
      await gemsField(page, "Current gems").fill("");
      await typeKeyByKey(page, "Current gems", typed!);
      await wait(page, PAUSE);
      assert.is(await text(page, "#calculator-currentGems-read"), read);
      assert.equal(await visibleErrors(page), []);
      const headline = (await text(page, "#calculator-headline"))!;
      assert.match(headline, /^You reach the next rank, /, "the result follows the valid fields");
    }

    await gemsField(page, "Current gems").fill("");
    await typeKeyByKey(page, "Current gems", "12 34");
    const before = await controlBoxes(page);
    await wait(page, PAUSE);
    const message = page.locator("#calculator-currentGems-error");
    assert.is(
      await message.textContent(),
      "Current gems has a space that does not group digits in threes, as in 1 000 000.",
      "after a pause the field is judged",
    );
    assert.equal(moved(before, await controlBoxes(page)), [], "the message takes the slot kept for it");
    const fieldBox = await gemsField(page, "Current gems").boundingBox();
    const messageBox = await message.boundingBox();
    assert.ok(
      messageBox!.y >= fieldBox!.y + fieldBox!.height && messageBox!.y - (fieldBox!.y + fieldBox!.height) < 8,
      "the message sits right below its field",
    );
    assert.is(await page.locator("[data-result-list]").isVisible(), false, "no result for a refused balance");
    assert.is(await gemsField(page, "Current gems").getAttribute("aria-invalid"), "true");
  });
});

test(`leaving a field judges it; Calculate judges every field; a rank name, 1.6B gems and 90d are read as \
meant`, async () => {
  // Texts and focus, read from the page's logic alone: on one variant.
  await onEachVariant(async (page) => {
    await show(page);
    await gemsField(page, "Current gems").fill("abc");
    assert.equal(await visibleErrors(page), [], "no error while the field has focus");
    await gemsField(page, "Goal gems").focus();
    assert.equal(
      await visibleErrors(page),
      ["Current gems is not a number; write it as in 2.75M or 1,000,000."],
      "leaving the field judges it",
    );

    await gemsField(page, "Current gems").fill("1.6B gems");
    await gemsField(page, "Goal gems").fill("cosmic");
    await button(page, "Calculate").click();
    assert.equal(await visibleErrors(page), []);
    assert.is(
      await text(page, "#calculator-goalGems-read"),
      "Read as 48,000,000,000 gems (Cosmic's minimum).",
    );
    assert.is(
      await button(page, "Cosmic").getAttribute("aria-pressed"),
      "true",
      "the typed rank presses its chip",
    );
    const expected = await calculateTool(page, { currentGems: "1600000000", goalGems: "48000000000" });
    assert.is(
      await text(page, "#calculator-headline"),
      `You reach Cosmic on ${dateAfter(expected.goal!.duration.totalSeconds)} — in ${await waitOf(page)}.`,
    );

    // The time field never reads a scale (30M, months or minutes?): player.test.ts, "the time field reads units".
    const time = page.getByRole("textbox", { name: "Time to grow", exact: true });
    await time.fill("90d 30min");
    await time.press("Enter");
    assert.equal(await visibleErrors(page), []);
    assert.is(await text(page, "#calculator-period-read"), "Read as 90 days 30 minutes = 90.02 days.");
  }, "phone light");
});

/** The wait the headline gives, as the page wrote it: "5 years 11 months". */
async function waitOf(page: Page): Promise<string> {
  return /— in (.+)\.$/.exec((await text(page, "#calculator-headline"))!)?.[1] ?? "(none)";
}

test(`tapping chips and quick times moves no control; every control is at least 44 px; the bar at rest \
covers none`, async () => {
  await onEachVariant(async (page) => {
    await show(page);
    assert.is(
      await page.locator("#calculator-more").getAttribute("open"),
      null,
      "the optional parts fold away while empty",
    );
    await gemsField(page, "Current gems").fill("2.5M");
    await gemsField(page, "Current gems").blur();
    for (const name of ["Radiant", "Ethereal", "1 year", "30 days"]) {
      const before = await controlBoxes(page);
      if (isPhone(page)) await button(page, name).tap();
      else await button(page, name).click();
      await wait(page, PAUSE);
      const after = await controlBoxes(page);
      // Tapping a quick time fills the time field below the chips: everything above it stays put.
      const fold = before["summary Gems to earn, a deposit, a rate or a date"]!.y;
      const above = (boxes: typeof before) =>
        Object.fromEntries(Object.entries(boxes).filter(([key]) => before[key] && before[key]!.y < fold));
      assert.equal(moved(above(before), above(after)), [], `tapping ${name} moves no control above the fold`);
      assert.is(await button(page, name).getAttribute("aria-pressed"), "true", `${name} shows pressed`);
    }
    assert.is(await page.inputValue("#calculator-period"), "30 days", "a quick time shows in the time field");
    assert.is(await button(page, "1 year").getAttribute("aria-pressed"), "false");

    if (isPhone(page)) {
      const small = Object.entries(await controlBoxes(page)).filter(
        ([name, box]) => box.height < TARGET - 0.5 || (!name.startsWith("input") && box.width < TARGET - 0.5),
      );
      assert.equal(small, [], "every control is at least 44×44 px (a field 44 px tall)");
    }
    // At rest (no field typed in) the bar keeps its place at the end of the form, over no control.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    for (const top of [0, 300, 600]) {
      await page.evaluate((y) => scrollTo(0, y), top);
      const covered = await page.evaluate(() => {
        const bar = document.querySelector(".calculator-bar")!.getBoundingClientRect();
        return Array.from(
          document.querySelectorAll<HTMLElement>("#calculator :is(input, select, button, summary)"),
        )
          .filter((element) => !element.closest(".calculator-bar"))
          .filter((element) => {
            const box = element.getBoundingClientRect();
            return (
              element.checkVisibility() &&
              box.bottom > bar.top &&
              box.top < bar.bottom &&
              box.top < innerHeight
            );
          })
          .map((element) => element.id || element.textContent);
      });
      assert.equal(covered, [], `the bar covers no control at scrollY ${top}`);
    }
  });
});

test(`after Calculate the answer is on the first screen: the headline, the goal's row and the next rank; \
the chart a swipe below`, async () => {
  await onEachVariant(async (page) => {
    await show(page);
    await gemsField(page, "Current gems").pressSequentially("2.5M");
    await button(page, "Radiant").click();
    await button(page, "Calculate").click();
    const viewport = page.viewportSize()!;
    const inView = async (selector: string, what: string) => {
      const box = (await page.locator(selector).first().boundingBox())!;
      assert.ok(
        box.y >= 0 && box.y + box.height <= viewport.height,
        `${what} is on the first screen: ${JSON.stringify(box)}`,
      );
    };
    await inView("#calculator-headline", "the headline");
    // A wide screen shows the result beside the form, its headline kept in view (below).
    if (isPhone(page)) {
      await inView("#calculator-milestones tbody tr.is-goal", "the goal's row of the rank timeline");
      await inView("#calculator-milestones tbody tr", "the next rank's row");
    }
    assert.is(
      await page.locator("#calculator-milestones tbody tr.is-goal td").first().textContent(),
      "Radiant (1.6B+)",
    );
    if (isPhone(page)) {
      const chart = (await page.locator("[data-chart]").boundingBox())!;
      assert.ok(chart.y < 2 * viewport.height, `the chart is one swipe below: its top at ${chart.y}`);
    }
    await assertStatusAnnouncesHeadline(page);
    assert.is(
      await page.evaluate(() => document.activeElement?.textContent),
      "Calculate",
      "focus stays on Calculate",
    );

    // The rank timeline fits: no sideways scroll, no date on a third line.
    const table = await page.locator("#calculator-milestones").evaluate((element) => {
      const cells = Array.from(element.querySelectorAll("td:nth-child(3)"), (cell) =>
        cell.getClientRects().length
          ? cell.getBoundingClientRect().height / parseFloat(getComputedStyle(cell).lineHeight)
          : 0,
      );
      return {
        overflow: element.scrollWidth - element.clientWidth,
        right: element.getBoundingClientRect().right,
        lines: Math.max(...cells),
      };
    });
    assert.ok(
      table.overflow <= 0 && table.right <= viewport.width,
      `the table fits the screen: ${JSON.stringify(table)}`,
    );
    assert.ok(table.lines < 3, `no date wraps to a third line: ${table.lines.toFixed(2)} line heights`);
  });
});

test(`headlines keep what changed: the gain when the figure is the start's, the rank then and the rank \
crossed`, async () => {
  await onEachVariant(async (page) => {
    await show(page, "currentGems=2.5M&hours=1");
    const hour = await calculateTool(page, { currentGems: "2500000", hours: "1" });
    // Both cut to two decimals, trailing zeros dropped: the balance's digits grouped (2,500,312.05), and the gain
    // (312.05) compact, which is three significant digits, or two decimals where that is more precise.
    const cut = (value: string) => value.replace(/(\.\d\d)\d*$/, "$1").replace(/\.?0+$/, "");
    const [whole, gain] = [cut(hour.futureGems).replace(/\B(?=(\d{3})+(?!\d))/g, ","), cut(hour.profit)];
    assert.ok(Number(hour.profit) > 100 && Number(hour.profit) < 1000, "the case gains hundreds of gems");
    assert.is(
      await text(page, "#calculator-headline"),
      `In 1 hour: ${whole} gems (+${gain}, +${cut(hour.profitPercent)}%), still Member.`,
    );

    await show(page, "currentGems=150M&days=30");
    const month = await calculateTool(page, { currentGems: "150000000", days: "30" });
    const ethereal = month.milestones[0]!;
    assert.ok(ethereal.withinDuration, "the case crosses a rank");
    assert.match(
      (await text(page, "#calculator-headline"))!,
      new RegExp(
        `^In 30 days: \\S+ gems \\(\\+\\S+, \\+[\\d.]+%\\), ` +
          `Ethereal from ${dateAfter(ethereal.duration.totalSeconds)}\\.$`,
      ),
    );
    // The end balance's day, written as the headline writes its dates.
    assert.is(await text(page, "[data-result-after]"), `on ${dateAfter(30 * 86_400)}`);
  }, "desktop dark");
});

test(`Share: none without a result; with one, the answer in words and a link pinned to its moment, the \
same dates 200 days later`, async () => {
  await onEachVariant(async (page) => {
    await show(page);
    assert.not.ok(await page.locator("#calculator-share").isVisible(), "no Share without a result");

    await gemsField(page, "Current gems").pressSequentially("2.5M");
    await button(page, "Radiant").click();
    await button(page, "Calculate").click();
    assert.is(await button(page, "Share").getAttribute("data-empty"), null);
    const expected = await calculateTool(page, { currentGems: "2500000", goalGems: "1600000000" });
    await page.evaluate(() => navigator.clipboard.writeText(""));
    await button(page, "Share").click();
    await waitFor(
      page,
      "the confirmation",
      () => document.getElementById("calculator-shared")!.textContent !== "",
    );
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const date = dateAfter(expected.goal!.duration.totalSeconds);
    const line = /^2\.5M gems → Radiant on (.+) \(in (.+)\): (\S+)$/.exec(copied);
    assert.ok(line, `the clipboard holds the answer in words and the link: ${JSON.stringify(copied)}`);
    assert.is(line[1], date);
    assert.is(line[2], await waitOf(page));
    const link = new URL(line[3]!);
    const here = new URL(page.url());
    assert.is(`${link.origin}${link.pathname}`, `${here.origin}${here.pathname}`, "the link is the page's");
    assert.equal([...link.searchParams.keys()], ["gems", "goal", "at"], "the link holds the inputs, short");
    assert.is(
      link.searchParams.get("at"),
      new Date(NOW).toISOString().replace(".000Z", "Z"),
      "the link carries the moment of calculation",
    );
    assert.is(await text(page, "#calculator-shared"), "Copied the answer and its link.");
    assert.ok(await page.locator("#calculator-shared").isVisible(), "the confirmation is visible");

    // An invalid field leaves nothing to share: player.test.ts, "messages are short and name the fix".
    // Share tapped right after a quick time: it shares the new time, and what it says stays once the
    // form's timers have run.
    await gemsField(page, "Current gems").fill("2.5M");
    await gemsField(page, "Current gems").press("Enter");
    await button(page, "90 days").click();
    await button(page, "Share").click();
    await wait(page, PAUSE);
    assert.is(
      await text(page, "#calculator-shared"),
      "Copied the answer and its link.",
      "Share's message outlasts the quick time's pending update",
    );
    assert.match(
      await page.evaluate(() => navigator.clipboard.readText()),
      /^2\.5M gems → \S+ gems in 90 days /,
    );

    // The Web Share sheet gets the same text.
    await show(page, link.search.slice(1));
    await page.evaluate(() => {
      const share = async (data: ShareData) => void ((window as unknown as { sent: ShareData }).sent = data);
      Object.assign(navigator, { share });
    });
    await button(page, "Share").click();
    assert.equal(await page.evaluate(() => (window as unknown as { sent: ShareData }).sent), {
      text: copied,
    });

    // Opened 200 days later, the link shows the same dates, as of its moment.
    await open(page, link.search, NOW + 200 * DAY);
    assert.is(await text(page, "#calculator-headline"), `You reach Radiant on ${date} — in ${line[2]}.`);
    assert.is(
      await text(page, "#calculator-as-of"),
      "Shared with you. As of Nov 23, 2026, when this link was made: its dates count from then.",
    );
    assert.ok(await page.locator("#calculator-as-of").isVisible());
    assert.is(await text(page, "#calculator-goal-badge"), "= Radiant");
    // Editing starts again from now (its 'as of' and link: player.test.ts, "a friend's link opens on its
    // answer"); on a phone the shared answer's form is one tap away.
    if (isPhone(page)) await button(page, "Try with my gems").click();
    await gemsField(page, "Current gems").fill("2.5M ");
    await wait(page, PAUSE);
    const later = await calculateTool(page, { currentGems: "2500000", goalGems: "1600000000" });
    assert.match(
      (await text(page, "#calculator-headline"))!,
      new RegExp(`^You reach Radiant on ${dateAfter(later.goal!.duration.totalSeconds, NOW + 200 * DAY)} — `),
    );

    // Reset starts over.
    await button(page, "Reset").click();
    for (const label of ["Current gems", "Goal gems"])
      assert.is(await gemsField(page, label).inputValue(), "", `${label} is empty`);
    assert.is(await page.inputValue("#calculator-period"), "", "Time to grow is empty");
    assert.is(new URL(page.url()).search, "", "the link has no query");
    assert.is(
      new URL(page.url()).pathname,
      new URL(started.served.url).pathname,
      "the link stays on the page",
    );
    assert.match((await text(page, "#calculator-summary"))!, /^Enter your current gems/);
  }, "phone light");
});

test.run();
