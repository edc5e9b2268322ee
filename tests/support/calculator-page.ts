/**
 * What the calculator's browser tests share: the site and browser they start from, the checks every
 * variant's page passes, the exact answer from the page's own WebMCP tool (the figures the form
 * must show), an element in view and uncovered, the status region announcing the headline, and the
 * page's layout shifts.
 */
import type { Test } from "uvu";
import * as assert from "uvu/assert";
import { Decimal } from "decimal.js";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import type { CalculateOutput } from "../../contract/calculate-output.ts";
import { DAILY_INTEREST_RATE } from "../../common/constants.ts";
import { PATH_SITE_URL, builtSite } from "./build.ts";
import { calculatorStarted, toolsLoaded } from "./calculator-started.ts";
import {
  HANG_GUARD_MS,
  recordPageMessages,
  recordSchemeQueries,
  schemeOnlyRecolours,
  testBrowser,
} from "./browser.ts";
import { serveSite, type ServedSite } from "./serve.ts";

/** The exact result of the page's `calculate-exp-growth` tool for `input`, which it must accept. */
export async function calculateTool(page: Page, input: Record<string, string>): Promise<CalculateOutput> {
  // The tools are a module of their own, which may still be loading after the calculator has started.
  await toolsLoaded(page);
  const result = (await page.webmcp.callTool("calculate-exp-growth", input as never)) as {
    structuredContent: unknown;
    isError?: boolean;
  };
  assert.is(result.isError, undefined, `the tool accepts ${JSON.stringify(input)}`);
  return result.structuredContent as CalculateOutput;
}

/** The element is displayed, on screen and uncovered: read in one evaluate, a tenth of boundingBox's CPU. */
export async function assertOnScreen(page: Page, selector: string, what: string): Promise<void> {
  const viewport = page.viewportSize()!;
  const { box, uncovered } = await page.evaluate((target) => {
    const element = document.querySelector(target)!;
    const { x, y, width, height } = element.getBoundingClientRect();
    const uncovered = element.contains(document.elementFromPoint(x + width / 2, y + height / 2));
    return { box: element.getClientRects().length ? { x, y, width, height } : null, uncovered };
  }, selector);
  assert.ok(box, `${what} is displayed`);
  const inside =
    box.y >= 0 && box.y + box.height <= viewport.height && box.x >= 0 && box.x + box.width <= viewport.width;
  assert.ok(inside, `${what} is on screen: ${JSON.stringify(box)} in ${viewport.width}×${viewport.height}`);
  assert.ok(uncovered, `${what} is not covered by another element`);
}

/** The live status region says what the headline says, so a screen reader announces the answer. */
export async function assertStatusAnnouncesHeadline(page: Page): Promise<void> {
  const [status, headline] = await page.evaluate(() =>
    ["status", "headline"].map((id) => document.getElementById(`calculator-${id}`)!.textContent),
  );
  assert.is(status, headline, "the status region announces the headline");
}

/**
 * A test file's site and browser: the shared build of the site under a path, served as GitHub Pages
 * serves it, and this file's Chromium; opened before its first test (and its own `before`, registered
 * after this call) and closed after its last.
 */
export function siteAndBrowserFor(suite: Test): { site: string; served: ServedSite; browser: Browser } {
  const started = {} as ReturnType<typeof siteAndBrowserFor>;
  suite.before(async () => {
    const [site, browser] = await Promise.all([builtSite(PATH_SITE_URL), testBrowser()]);
    const served = await serveSite(site, new URL(PATH_SITE_URL).pathname);
    Object.assign(started, { site, served, browser });
  });
  suite.after(async () => {
    await started.browser?.close();
    await started.served?.close();
  });
  return started;
}

/** A variant's page, and what it printed or requested from other sites since the current test began. */
export interface VariantPage {
  page: Page;
  messages: string[];
}

/**
 * A page in a context of its own with `options`, recording the colour-scheme queries its scripts make (for
 * `schemeOnlyRecolours`) and, in `messages`, what it prints or requests from other sites than `served`.
 * `now` fixes its clock (Date.now() where dates are checked); `copies` takes away the share sheet, as most
 * desktop browsers have none, and grants the clipboard, so Share copies.
 */
export async function variantPage(
  browser: Browser,
  served: ServedSite,
  options: BrowserContextOptions,
  { now, copies = false }: { now?: number; copies?: boolean } = {},
): Promise<VariantPage> {
  const context = await browser.newContext(options);
  if (copies) await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const page = await context.newPage();
  await recordSchemeQueries(page);
  if (copies) await page.addInitScript(() => delete (Navigator.prototype as { share?: unknown }).share);
  if (now !== undefined) await page.clock.setFixedTime(now);
  return { page, messages: recordPageMessages(page, served.origin) };
}

/** A layout shift that counts towards CLS (none within 0.5 s of an input): its value and the nodes it moved. */
type LayoutShift = { value: number; nodes: string };

/** Makes `page` record its layout shifts (`layoutShifts` reads them) from its next load on. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Entry = { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] };
    const shifts: LayoutShift[] = ((window as unknown as { shifts: LayoutShift[] }).shifts = []);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Entry[]) {
        const nodes = (entry.sources ?? []).map(
          ({ node }) => (node as Element | undefined)?.id || node?.nodeName,
        );
        if (!entry.hadRecentInput) shifts.push({ value: entry.value, nodes: nodes.join(" ") });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The layout shifts recorded since the load, read two frames on, once every shift a change caused is reported. */
export function layoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => resolve((window as unknown as { shifts: LayoutShift[] }).shifts)),
        ),
      ),
  );
}

/** Loads the homepage with `query` (what a test then checks is the load itself) and waits for its calculator. */
export async function openHomepage(page: Page, served: ServedSite, query = ""): Promise<void> {
  const response = await page.goto(new URL(query, served.url).href);
  assert.is(response?.status(), 200, "the homepage loads");
  await calculatorStarted(page);
}

/**
 * Runs `check` on each variant's page (`pages` by the variant's name) through {@link checkVariant}, all
 * at once, or `inTurn` where they share the browser's one clipboard; or only on the variant named. What
 * is read from the page's logic alone (texts, dates, the address) is checked in one variant, what depends
 * on the layout in both. Every variant finishes before the test does, so none is still at work after it.
 */
export async function onVariants<V extends { name: string }>(
  variants: readonly V[],
  pages: Map<string, VariantPage>,
  check: (page: Page, variant: V) => Promise<void>,
  { only, inTurn = false }: { only?: V["name"]; inTurn?: boolean } = {},
): Promise<void> {
  const run = (variant: V) =>
    checkVariant(variant.name, pages.get(variant.name)!, (page) => check(page, variant));
  const named = variants.filter((variant) => !only || variant.name === only);
  if (inTurn) for (const variant of named) await run(variant);
  const outcomes = await Promise.allSettled(inTurn ? [] : named.map(run));
  const failed = outcomes.find((outcome) => outcome.status === "rejected");
  if (failed) throw failed.reason;
}

/**
 * Runs `check` on one variant's page, which must print nothing and request nothing from other sites
 * meanwhile, and which the other colour scheme must only recolour; a failure names the variant.
 */
export async function checkVariant(
  name: string,
  { page, messages }: VariantPage,
  check: (page: Page) => Promise<void>,
): Promise<void> {
  messages.length = 0;
  try {
    await check(page);
    assert.equal(messages, [], "the page printed nothing and requested nothing from other sites");
    assert.equal(await schemeOnlyRecolours(page), [], "the other colour scheme only recolours this page");
  } catch (error) {
    const printed = messages.length ? `; the page printed ${JSON.stringify(messages)}` : "";
    (error as Error).message = `[${name}] ${(error as Error).message}${printed}`;
    throw error;
  }
}

/**
 * Shows the answer to `query` in the homepage already open in `page`, without loading it again: the
 * address changes as Back or Forward would change it, and the form reads its fields from the address
 * on `popstate` (assets/page/calculator-form.ts), drawing the result before this returns.
 */
export async function showQuery(page: Page, query: string): Promise<void> {
  await page.evaluate(
    (search) => {
      history.pushState({ committed: true }, "", search || location.pathname);
      dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
    },
    query && `?${query}`,
  );
}

/**
 * The homepage as a fresh visit finds it, in the document already open: the form emptied through the
 * address, its fold of optional fields closed, nothing focused, nothing remembered, scrolled to the top.
 */
export async function freshForm(page: Page): Promise<void> {
  await page.evaluate(() => {
    (document.getElementById("calculator-more") as HTMLDetailsElement).open = false;
    (document.activeElement as HTMLElement | null)?.blur();
    localStorage.clear();
  });
  await showQuery(page, "");
  await page.evaluate(() => scrollTo(0, 0));
}

/** `gems` left alone for `days` (fractions grow within the day) at the bank's rate, to 80 digits, rounding half-up. */
export function grown(gems: Decimal.Value, days: Decimal.Value): Decimal {
  const Exact = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_HALF_UP });
  return new Exact(gems).times(new Exact(1).plus(DAILY_INTEREST_RATE).pow(days));
}

/** The exact future balance the result shows (its machine-readable value), or null when hidden. */
export function shownFuture(page: Page): Promise<string | null> {
  return page.evaluate(() =>
    document.querySelector<HTMLElement>("[data-result-list]")!.hidden
      ? null
      : document.querySelector<HTMLDataElement>('data[data-result="futureGems"]')!.value,
  );
}

export const field = (page: Page, name: string) => page.locator(`#calculator-${name}`);

/** The id of the element that has the focus. */
export const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id);

/** Opens the fold of optional fields (gems to earn, the time, the date) as a player does, when it is closed. */
export async function openMore(page: Page): Promise<void> {
  // A link opens on its answer; on a phone the form is one tap away.
  if (await page.locator("#calculator-edit").isVisible()) await page.locator("#calculator-edit").click();
  if ((await page.locator("#calculator-more").getAttribute("open")) === null)
    await page.locator("#calculator-more summary").click();
}

/**
 * Waits up to HANG_GUARD_MS (a hang guard for a loaded machine) for `check` to hold in the page, polling
 * every 50 ms (a page whose clock is paused draws no frames); a clear failure naming `what` when it never does.
 */
export async function waitFor<A>(
  page: Page,
  what: string,
  check: (arg: A) => boolean,
  arg?: A,
): Promise<void> {
  try {
    // A function, not a string: the page's CSP forbids evaluating strings.
    await page.waitForFunction(check as (arg: unknown) => boolean, arg as unknown, {
      timeout: HANG_GUARD_MS,
      polling: 50,
    });
  } catch {
    const state = await page.evaluate(() => ({
      focus: document.hasFocus(),
      active: document.activeElement?.id,
      shared: document.querySelector("#calculator-shared")?.textContent,
      summary: document.querySelector("#calculator-summary")?.textContent,
      url: location.href.slice(0, 200),
      fields: Object.fromEntries(
        Array.from(document.querySelectorAll<HTMLInputElement>("#calculator input"), (input) => [
          input.name,
          input.value.slice(0, 40),
        ]).filter(([, value]) => value),
      ),
    }));
    assert.unreachable(
      `${what}: not so after ${HANG_GUARD_MS / 1000} s (${check.toString()}); the page shows ${JSON.stringify(state)}`,
    );
  }
}

/** Waits until the element `selector` is no longer hidden (by its `hidden` attribute), a failure naming `what`. */
export const unhidden = (page: Page, selector: string, what: string) =>
  waitFor(page, what, (target) => !document.querySelector<HTMLElement>(target)!.hidden, selector);

const SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹";
const SUFFIXES: Record<string, number> = { "": 0, K: 3, M: 6, B: 9, T: 12 };

/** The number a compact amount on screen stands for: `2.77M`, `1,094`, `3.61 × 10⁴⁷`. */
export function compactValue(text: string): Decimal {
  const scientific = /^([\d.]+)\u00a0×\u00a010([⁰¹²³⁴⁵⁶⁷⁸⁹]+)$/.exec(text.trim());
  if (scientific)
    return new Decimal(scientific[1]!).times(
      Decimal.pow(10, [...scientific[2]!].map((digit) => SUPERSCRIPTS.indexOf(digit)).join("")),
    );
  const compact = /^([\d,]+(?:\.\d+)?)([KMBT]?)$/.exec(text.trim());
  assert.ok(compact, `${JSON.stringify(text)} is a compact amount`);
  return new Decimal(compact[1]!.replaceAll(",", "")).times(Decimal.pow(10, SUFFIXES[compact[2]!]!));
}

/** A compact amount shows the exact value to three significant digits: within half a unit of the third. */
export function assertCompact(shown: string, exact: Decimal.Value, what: string): void {
  const error = compactValue(shown).minus(exact).abs();
  assert.ok(
    error.lte(new Decimal(exact).times("0.005")),
    `${what}: ${shown} is not ${exact.toString()} to three significant digits`,
  );
}
