/**
 * The homepage in a real Chromium, built for a site under a path and served the way GitHub Pages
 * serves it: with WebMCP, an agent sees exactly the two tools and gets exact answers and clear
 * errors; without it, a person gets the same numbers from the form; neither prints anything.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Disposable, Page } from "playwright-core";
import { recordPageMessages } from "../support/browser.ts";
import { calculatorStarted, toolsLoaded } from "../support/calculator-started.ts";
import { focusedId, freshForm, openMore, siteAndBrowserFor } from "../support/calculator-page.ts";
import { TOOL_NAMES } from "../../common/constants.ts";
import { ErrorResponse } from "../../contract/error-response.ts";
import { CalculateOutput } from "../../contract/calculate-output.ts";
import { toolDescriptors } from "../../contract/tool-descriptors.ts";
import { DURATION_UNITS } from "../../common/engine/duration.ts";
import { executeTool } from "../../common/tools/execute.ts";
import type { ToolResult } from "../../common/tools/result.ts";
import rankList from "../../_data/ranks.ts";

const started = siteAndBrowserFor(test);
/** The file's one page, each homepage loaded in it in turn, and what it printed since the current test began. */
let page: Page;
let messages: string[];

test.before(async () => {
  page = await started.browser.newPage();
  messages = recordPageMessages(page, started.served.origin);
  // Each load starts with no balance remembered from another test.
  await page.addInitScript(() => localStorage.clear());
});

/** Run before the page's scripts: the model context this Chromium gives is gone, as in a browser without WebMCP. */
function withoutWebMcp(): void {
  delete (Document.prototype as { modelContext?: unknown }).modelContext;
  delete (Navigator.prototype as { modelContext?: unknown }).modelContext;
}

/**
 * Run before the page's scripts, in place of WebMCP: `navigator.modelContext`, the older entry point,
 * which keeps each tool registered in `window.registered` and accepts it or, with `refuse`, refuses it;
 * with `hidden`, in a page that is hidden, as a background tab, and never paints.
 */
function navigatorContext({ refuse = false, hidden = false }: LoadOptions): void {
  delete (Document.prototype as { modelContext?: unknown }).modelContext;
  const registered: unknown[] = ((window as unknown as { registered: unknown[] }).registered = []);
  const registerTool = ({ name, title, annotations }: Record<string, unknown>) => {
    registered.push({ name, title, annotations });
    return refuse ? Promise.reject(new DOMException("refused", "InvalidStateError")) : Promise.resolve();
  };
  Object.defineProperty(navigator, "modelContext", { value: { registerTool } });
  if (hidden) {
    Object.defineProperty(Document.prototype, "hidden", { get: () => true });
    PerformanceObserver.prototype.observe = () => undefined;
  }
}

/** What the tools registered on {@link navigatorContext}. */
const registered = () => page.evaluate(() => (window as unknown as { registered: unknown[] }).registered);
const descriptors = toolDescriptors.map(({ name, title, annotations }) => ({ name, title, annotations }));

/** The init script of the page's current load, and whether it has WebMCP when it has none of a test's own. */
let added: Disposable | undefined;
let reused: boolean | undefined;

type LoadOptions = { refuse?: boolean; hidden?: boolean };

/** Loads the homepage anew with `script(arg)`, and no other of this file's, run before its own scripts. */
async function load(script?: (arg: LoadOptions) => void, arg: LoadOptions = {}): Promise<void> {
  messages.length = 0;
  await added?.dispose();
  added = script && (await page.addInitScript(script, arg));
  reused = undefined;
  assert.is((await page.goto(started.served.url))?.status(), 200);
}

/** Loads the homepage with `script(arg)` run first (see `load`), and waits for its calculator and tools. */
async function openWith(script?: (arg: LoadOptions) => void, arg: LoadOptions = {}): Promise<void> {
  await load(script, arg);
  await calculatorStarted(page);
  await toolsLoaded(page);
}

/**
 * Opens the homepage with WebMCP or, for `webmcp: false`, as a browser without it, and waits for its
 * calculator (and tools): loaded for the first test of its kind, its form emptied for the next.
 */
async function openHome(webmcp: boolean): Promise<void> {
  if (reused === webmcp) {
    // What an earlier test's page printed was that test's failure, not this one's.
    messages.length = 0;
    return freshForm(page);
  }
  if (webmcp) await openWith();
  else {
    await load(withoutWebMcp);
    await calculatorStarted(page);
  }
  reused = webmcp;
}

async function callTool(page: Page, name: string, input?: unknown): Promise<ToolResult<unknown>> {
  const result = (await page.webmcp.callTool(name, input as never)) as ToolResult<unknown>;
  assert.equal(JSON.parse(result.content[0]!.text), result.structuredContent);
  return result;
}

const FORM_INPUT = {
  currentGems: "1234567.89",
  goalGems: "200000000",
  additionalGems: "5000",
  years: "1",
  months: "2",
  days: "3",
  hours: "4",
};

/** Fills the form by label, presses Calculate and reads the exact values the result shows. */
async function submitForm(page: Page, values: Record<string, string>): Promise<Record<string, string>> {
  // Gems to earn fold away while empty; a player opens the fold to fill them.
  await openMore(page);
  // The tool's time fields are one field on the page: `{ years: "1", days: "3" }` is "1 years 3 days".
  const times = Object.entries(values).filter(([name]) => DURATION_UNITS.includes(name as "days"));
  const fields = Object.entries(values).filter(([name]) => !DURATION_UNITS.includes(name as "days"));
  if (times.length) fields.push(["period", times.map(([unit, count]) => `${count} ${unit}`).join(" ")]);
  for (const [name, value] of fields) await page.locator(`#calculator-${name}`).fill(value);
  await page.getByRole("button", { name: "Calculate" }).click();
  return page.evaluate(() =>
    Object.fromEntries(
      Array.from(document.querySelectorAll<HTMLElement>("[data-result]"), (element) => [
        element.dataset.result,
        element.getAttribute("value") ?? element.textContent,
      ]),
    ),
  );
}

test("with WebMCP the homepage registers exactly the two tools, read-only, with their input schemas", async () => {
  await openHome(true);
  const tools = await page.webmcp.tools();
  assert.equal(tools.map((tool) => tool.name).sort(), [...TOOL_NAMES].sort());
  for (const descriptor of toolDescriptors) {
    const tool = tools.find((entry) => entry.name === descriptor.name)!;
    assert.is(tool.description, descriptor.description);
    assert.equal(tool.inputSchema, descriptor.inputSchema);
    assert.equal(tool.annotations, { readOnly: true });
  }
  assert.equal(messages, []);
});

test("calculate-exp-growth in the page returns the exact result", async () => {
  await openHome(true);
  const result = await callTool(page, "calculate-exp-growth", { currentGems: 1000000, days: 30 });
  assert.is(result.isError, undefined);
  assert.is((result.structuredContent as CalculateOutput).futureGems, "1094026.87487131");
  const input = { ...FORM_INPUT, minutes: 59, seconds: "0.5" };
  const full = await callTool(page, "calculate-exp-growth", input);
  assert.ok(CalculateOutput.safeParse(full.structuredContent).success);
  assert.equal(
    full.structuredContent,
    executeTool("calculate-exp-growth", input, rankList).structuredContent,
    "the page and Node compute the same result",
  );
  assert.equal(messages, []);
});

test("calculate-exp-growth in the page answers bad input with invalid_request naming the field", async () => {
  await openHome(true);
  const cases: [unknown, string][] = [
    [{}, "currentGems"],
    [{ currentGems: 0 }, "currentGems"],
    [{ currentGems: -3 }, "currentGems"],
    [{ currentGems: "abc" }, "currentGems"],
    [{ currentGems: "" }, "currentGems"],
    [{ currentGems: null }, "currentGems"],
    [{ currentGems: true }, "currentGems"],
    [{ currentGems: [1] }, "currentGems"],
    [{ currentGems: { value: 1 } }, "currentGems"],
    [{ currentGems: "0x1F" }, "currentGems"],
    [{ currentGems: "1e99999999" }, "currentGems"],
    [{ currentGems: "9".repeat(100_000) }, "currentGems"],
    [{ currentGems: 1, years: 1e12 }, "years"],
    [{ currentGems: 1, days: -2 }, "days"],
    [{ currentGems: 1, years: 100, days: 1 }, "36501 days"],
    [{ currentGems: 1, dayz: 1 }, '"dayz"'],
    [{ currentGems: 1, constructor: { prototype: { polluted: 1 } } }, '"constructor"'],
  ];
  for (const [input, field] of cases) {
    const result = await callTool(page, "calculate-exp-growth", input);
    assert.is(result.isError, true, JSON.stringify(input).slice(0, 60));
    const { error } = ErrorResponse.parse(result.structuredContent);
    assert.is(error.code, "invalid_request");
    assert.ok(error.message.includes(field), `${error.message} should name ${field}`);
    assert.ok(error.resolution.startsWith("Send"));
  }
  const listed = await callTool(page, "list-exp-ranks", { unexpected: 1 });
  assert.is(listed.isError, true);
  assert.is(ErrorResponse.parse(listed.structuredContent).error.code, "invalid_request");
  assert.is(
    await page.evaluate(() => {
      type Polluted = { polluted?: unknown };
      return ({} as Polluted).polluted === undefined && (Object.prototype as Polluted).polluted === undefined;
    }),
    true,
  );
  assert.equal(messages, []);
});

test("list-exp-ranks returns exactly the body of the published /api/ranks.json", async () => {
  await openHome(true);
  const published = await (await fetch(new URL("api/ranks.json", started.served.url))).json();
  const result = await callTool(page, "list-exp-ranks", {});
  assert.is(result.isError, undefined);
  assert.equal(result.structuredContent, published);
  assert.equal((await callTool(page, "list-exp-ranks")).structuredContent, published);
  assert.equal(messages, []);
});

test("the form shows the same numbers as the tool, grouped and with at least two decimals", async () => {
  await openHome(true);
  const tool = (await callTool(page, "calculate-exp-growth", FORM_INPUT))
    .structuredContent as CalculateOutput;
  const shown = await submitForm(page, FORM_INPUT);
  for (const field of ["futureGems", "profit", "profitPercent", "profitPerDay", "profitPerHour"] as const)
    assert.is(shown[field], tool[field], field);
  const futureText = await page.locator('[data-result="futureGems"]').textContent();
  assert.is(futureText!.replaceAll(",", ""), tool.futureGems.replace(/0{1,6}$/, ""));
  assert.match(futureText!, /^\d{1,3}(,\d{3})+\.\d{2,8}$/);
  assert.ok(shown.currentRank!.startsWith(tool.currentRank.name));
  assert.ok(shown.futureRank!.startsWith(tool.futureRank.name));
  assert.ok(shown.nextRank!.startsWith(`${tool.nextRank!.name} (${tool.nextRank!.displayValue})`));
  // The time the person gave, in their words: 1 year 2 months 3 days 4 hours.
  const given = "your 1 year 2 months 3 days 4 hours";
  assert.ok(shown.goal!.includes(tool.goal!.reached ? `within ${given}` : `after ${given}`), shown.goal);
  assert.ok(
    shown.additional!.includes(tool.additional!.reached ? `within ${given}` : `after ${given}`),
    shown.additional,
  );
  // The status region announces the headline; the form keeps focus where the person left it.
  assert.match((await page.locator("#calculator-status").textContent())!, /\S/);
  assert.equal(messages, []);
});

test("in a Chromium with both model contexts the page reads only document's, so nothing is printed", async () => {
  // Chromium 150 (Debian's) has both and logs a deprecation on every read of navigator.modelContext.
  await openWith(() =>
    Object.defineProperty(navigator, "modelContext", {
      get() {
        console.warn("navigator.modelContext is deprecated. Please use document.modelContext instead.");
        return (document as unknown as { modelContext: unknown }).modelContext;
      },
    }),
  );
  const tools = await page.webmcp.tools();
  assert.equal(tools.map((tool) => tool.name).sort(), [...TOOL_NAMES].sort());
  assert.equal(messages, []);
});

test("without WebMCP the page registers nothing, prints nothing, and the form works", async () => {
  await openHome(false);
  assert.is(
    await page.evaluate(() => {
      type Registry = { modelContext?: unknown };
      return (
        (document as Registry).modelContext === undefined &&
        (navigator as Registry).modelContext === undefined
      );
    }),
    true,
  );
  // Nor does it download the tools' module.
  assert.is(await page.locator(`script[src$="/tools.js"]`).count(), 0);
  const shown = await submitForm(page, { currentGems: "1000000", days: "30" });
  assert.is(shown.futureGems, "1094026.87487131");
  assert.is(await page.locator('[data-result="futureGems"]').textContent(), "1,094,026.87487131");
  // The exact figures show every amount with its 8 decimals, whole ones too.
  assert.is(await page.locator('[data-result="currentGems"]').textContent(), "1,000,000.00000000");
  assert.is(await page.locator('[data-result="durationDays"]').textContent(), "30.00000000");
  assert.equal(messages, []);
});

test("the form shows each error next to its field and moves focus to the first", async () => {
  await openHome(false);
  await submitForm(page, { period: "abc" });
  const currentError = page.locator("#calculator-currentGems-error");
  const periodError = page.locator("#calculator-period-error");
  assert.ok(await currentError.isVisible());
  assert.match((await currentError.textContent())!, /^Current gems is required/);
  assert.match((await periodError.textContent())!, /^Time to grow is not a time; write it such as 90 days/);
  assert.is(await page.locator("#calculator-currentGems").getAttribute("aria-invalid"), "true");
  assert.is(await focusedId(page), "calculator-currentGems");
  await submitForm(page, { currentGems: "5", days: "1" });
  assert.not.ok(await currentError.isVisible(), "a fixed field's error goes away");
  // Thousands separators are read; any other comma is an error, never a silently different number.
  const grouped = await submitForm(page, { currentGems: "1,000,000", days: "30" });
  assert.is(grouped.futureGems, "1094026.87487131");
  await submitForm(page, { currentGems: "1000000", period: "2,5 days" });
  assert.match(
    (await periodError.textContent())!,
    /^Time to grow needs a unit after 2; did you mean 2 days\?/,
  );
  // Spaces that do not group digits in threes ("12 34"): calculator-phone.test.ts, "a number is judged".
  // A total over 36,500 days: player.test.ts, "messages are short and name the fix".
  assert.equal(messages, []);
});

test("on navigator.modelContext the tools register too, and a refused registration stays silent", async () => {
  await openWith(navigatorContext);
  assert.equal(await registered(), descriptors);
  assert.equal(messages, []);

  await openWith(navigatorContext, { refuse: true });
  assert.equal(
    await registered(),
    descriptors,
    "the page asked to register every tool, and each was refused",
  );
  // An unhandled rejection is reported in a task after the one that rejected; once a task queued
  // now has run, any report of the refusals has reached `messages`.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
  assert.equal(messages, []);
  assert.is((await submitForm(page, { currentGems: "1000", days: "1" })).futureGems, "1003.00000000");
});

test(`a page loaded hidden (a background tab) registers its tools at once, without waiting for a first \
paint`, async () => {
  // No paint entry ever arrives, as in a tab that is never shown; the page must not wait for one.
  // Loaded without waiting for the calculator: importing its bundle from the test would run it.
  await load(navigatorContext, { hidden: true });
  await page.waitForFunction(
    (count) => (window as unknown as { registered: unknown[] }).registered.length === count,
    descriptors.length,
  );
  assert.equal(await registered(), descriptors);
  assert.equal(messages, []);
});

test.run();
