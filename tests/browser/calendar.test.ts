/**
 * The day in a calendar (issue 43, part 4), on a 390×844 phone in Tokyo: each rank's row of the timeline,
 * and an amount goal's row among them, has a button named after it, thumb-sized, that downloads an `.ics`
 * file made in the page (nothing sent anywhere, nothing moved) whose event starts at the moment the page
 * shows: the `<time datetime>` and, in the page's time zone, its visible date. The moments are worked
 * out here with decimal.js from the specification's rate, never by the page's code.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFile } from "node:fs/promises";
import { Decimal } from "decimal.js";
import type { Locator, Page } from "playwright-core";
import { siteAndBrowserFor, variantPage } from "../support/calculator-page.ts";
import { VARIANTS } from "../support/variants.ts";
import { DAILY_INTEREST_RATE } from "../../common/constants.ts";

const started = siteAndBrowserFor(test);
let page: Page;
let messages: string[];

/** East of UTC, so Radiant's moment (23:38 UTC) falls on the next day on the player's screen. */
const TIME_ZONE = "Asia/Tokyo";
const AT = Date.UTC(2026, 10, 29, 7, 0, 0);

/** The moment `gems` grows to `target` at the bank's rate, compounded continuously, rounded up to the second. */
function reached(gems: string, target: string): Date {
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

test.before(async () => {
  const { name, ...phone } = VARIANTS[0];
  ({ page, messages } = await variantPage(
    started.browser,
    started.served,
    { ...phone, timezoneId: TIME_ZONE },
    { now: AT },
  ));
  const at = new Date(AT).toISOString().replace(".000", "");
  await page.goto(new URL(`?currentGems=250000000&goalGems=1000000000&at=${at}`, started.served.url).href);
  await page.locator("#calculator-milestones tbody tr").first().waitFor();
});

test("each rank's row, and the amount goal's among them, has a button named after it, 44 px or more", async () => {
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
  const radiant = reached("250000000", "1600000000");
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
  assert.is(property(goal.file, "DTSTART"), icsMoment(reached("250000000", "1000000000")));
  assert.is(property(goal.file, "SUMMARY"), "1B gems in the EXP Bank");
  assert.equal(messages, [], "the page printed nothing and requested nothing from other sites");
});

test.run();
