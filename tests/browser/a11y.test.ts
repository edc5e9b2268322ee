/**
 * axe-core, injected into real Chromium, finds no accessibility violations on `/`, `/docs/`,
 * `/api/` and the 404 page, in the light and the dark colour scheme, on a desktop, a tablet and a
 * phone viewport, with the site served under a path prefix the way GitHub Pages serves it. On a
 * phone, the docs' tables show each row as a block of labelled values, with names whole.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { Page } from "playwright-core";
import { paths } from "../../_data/site.ts";
import { recordSchemeQueries, schemeOnlyRecolours } from "../support/browser.ts";
import { calculatorStarted } from "../support/calculator-started.ts";
import { freshForm, siteAndBrowserFor } from "../support/calculator-page.ts";

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 375, height: 740 },
  { name: "tablet", width: 600, height: 900 },
];

/**
 * The rules that read colours: all a second colour scheme can change while it only recolours the
 * page, which each check asserts first (support/browser.ts `schemeOnlyRecolours`). Every other rule
 * reads what both schemes share: the document, its text, layout and visibility.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** axe's violations in the page, each a line `"id (impact): help at target, target"`; with `rules`, those only. */
function axe(rules?: string[]): Promise<string[]> {
  return page.evaluate(async (values) => {
    const { axe } = window as unknown as { axe: typeof import("axe-core") };
    // The lines name each node by its target: axe need not copy the HTML of every node it checks.
    axe.configure({ noHtml: true });
    const { violations } = await axe.run(document, {
      resultTypes: ["violations"],
      ...(values && { runOnly: { type: "rule", values } }),
    });
    const targets = (nodes: { target: unknown[] }[]) => nodes.map((node) => node.target.join(" ")).join(", ");
    return violations.map(({ id, impact, help, nodes }) => `${id} (${impact}): ${help} at ${targets(nodes)}`);
  }, rules);
}
/** The whole check in the light scheme; in the dark one, the rules that read colours. */
const RULES_IN = { light: undefined, dark: COLOUR_RULES } as const;

const A11y = suite("accessibility");
const started = siteAndBrowserFor(A11y);
/**
 * The one page every check uses, in a context with the pages' CSP bypassed (it refuses inline scripts and
 * styles, axe included; bypassing it affects only what a check injects). axe is in every document it loads,
 * from its start: its 500 KB go to the browser once, not with each document. A check loads its page only
 * when the page shows another (support/calculator-page.ts `freshForm` resets the homepage in place).
 */
let page: Page;

A11y.before(async () => {
  const axe = readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  page = await (await started.browser.newContext({ bypassCSP: true })).newPage();
  await page.addInitScript({ content: await axe });
  await recordSchemeQueries(page);
});

/** Playwright's viewport for a context that names none. */
const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

/** Shows `path` on `viewport` in the light scheme: loaded, unless the page shows it already. */
async function show(path: string, viewport = DEFAULT_VIEWPORT): Promise<void> {
  await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme: "light" });
  if (page.url().split("?")[0] === `${started.served.url}${path}`) return;
  const response = await page.goto(`${started.served.url}${path}`, { waitUntil: "load" });
  // A wrong address must really show the 404 page, with its status, not some other page.
  assert.is(response?.status(), path.includes("no-such-page") ? 404 : 200, `${path}'s status`);
  // The homepage as a player meets it: with its calculator running.
  if (path === paths.home) await calculatorStarted(page);
  // /docs/ lays out its long blocks only near the screen (content-visibility: auto); axe cannot see the text of a
  // block not laid out, and reports it incomplete, unchecked. Every block is laid out, as once a reader reaches it.
  await page.addStyleTag({ content: "* { content-visibility: visible !important; }" });
}

/**
 * Shows `path` and runs axe in each colour scheme on each viewport (RULES_IN), switching both in place:
 * no script on the site reads the viewport or the scheme, so the page is the one a fresh load would
 * show. With `prepare`, which puts the homepage, as a fresh visit finds it, in some state first, on
 * the default viewport only. Asserts no violation, listed as `"scheme viewport: violation"` lines.
 */
async function assertNoViolations(path: string, prepare?: (page: Page) => Promise<void>): Promise<void> {
  await show(path);
  if (prepare) {
    await freshForm(page);
    await prepare(page);
  }
  assert.equal(await schemeOnlyRecolours(page), [], `the dark scheme only recolours ${path}`);
  const found: string[] = [];
  const backgrounds = new Set<string>();
  // Each viewport laid out once, both schemes on it: a scheme only restyles, a viewport lays the page out anew.
  for (const viewport of prepare ? [{ name: "desktop", ...DEFAULT_VIEWPORT }] : VIEWPORTS) {
    await page.setViewportSize(viewport);
    const width = await page.evaluate(() => innerWidth);
    assert.is(width, viewport.width, `${path} is laid out for the ${viewport.name}`);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      backgrounds.add(await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
      for (const line of await axe(RULES_IN[colorScheme]))
        found.push(`${colorScheme} ${viewport.name}: ${line}`);
    }
  }
  assert.is(backgrounds.size, 2, `${path} changes its colours with the scheme`);
  assert.equal(found, []);
}

/** Each page's test; the homepage's states and the docs' tables check the page the one before it shows. */
const pageTest = (name: string, path: string) =>
  A11y(`${name} has no axe violations in light and dark mode, on a desktop, a tablet and a phone`, () =>
    assertNoViolations(path),
  );

pageTest("/", paths.home);

A11y("/ has no axe violations after a calculation fills in the result, in light and dark mode", () =>
  assertNoViolations(paths.home, async (page) => {
    await page.getByLabel("Current gems").fill("1000000");
    await page.getByLabel("Goal gems").fill("2000000");
    await page.getByText("Gems to earn, a deposit, a rate or a date").click();
    await page.getByLabel("Time to grow").fill("30 days");
    await page.getByRole("button", { name: "Calculate" }).click();
    await page.locator("[data-result-list]").waitFor({ state: "visible" });
    // The chart's scrubber marks a moment and says it.
    await page.locator("#calculator-scrub").press("PageUp");
    await page.locator("#calculator-scrub-readout:not(:empty)").waitFor();
  }),
);

A11y("/ has no axe violations while it shows a field error, in light and dark mode", () =>
  assertNoViolations(paths.home, async (page) => {
    await page.locator("#calculator-currentGems").fill("-5");
    await page.getByRole("button", { name: "Calculate" }).click();
    await page.locator(".field-error:not([hidden])").first().waitFor({ state: "visible" });
  }),
);

pageTest("/docs/", paths.docs);

/** Run in the page: what the phone test reads from the docs' tables. */
function readTables() {
  // The field tables (four columns) stack on a phone; two-column tables stay tables.
  const tables = Array.from(document.querySelectorAll("main table"));
  const wide = (table: Element) => table.querySelectorAll("thead th").length >= 4;
  const cellsOf = (table: Element) => Array.from(table.querySelectorAll<HTMLElement>("td"));
  const cells = tables.filter(wide).flatMap(cellsOf);
  const smallCells = tables.filter((table) => !wide(table)).flatMap(cellsOf);
  const names = Array.from(document.querySelectorAll("main td:first-child > code:only-child"));
  const label = (cell: Element) => getComputedStyle(cell, "::before").content;
  return {
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    cells: cells.length,
    unlabelled: cells.filter((cell) => !label(cell).includes(cell.dataset.label!)).length,
    stacked: cells.filter((cell) => getComputedStyle(cell).display === "block").length,
    smallCells: smallCells.length,
    smallStacked: smallCells.filter((cell) => getComputedStyle(cell).display !== "table-cell").length,
    brokenNames: names.filter((code) => code.getClientRects().length > 1).map((code) => code.textContent),
    names: names.length,
    hiddenHeaders: tables
      .filter(wide)
      .filter((table) => table.querySelector("thead")!.getBoundingClientRect().width <= 1).length,
  };
}

A11y(
  "on a phone, /docs/ shows each table row as labelled values, field names whole, column headers still announced",
  async () => {
    await show(paths.docs, { width: 390, height: 844 });
    const read = await page.evaluate(readTables);
    assert.ok(read.cells > 50 && read.names > 20, "the docs have field tables");
    assert.ok(read.smallCells > 10, "the docs have small tables too");
    assert.ok(read.hiddenHeaders >= 4, "the field tables' header rows are visually hidden");
    assert.equal(
      [read.overflow, read.stacked, read.smallStacked, read.unlabelled, read.brokenNames],
      [0, read.cells, 0, 0, []],
      "nothing scrolls sideways; every field-table cell is on its own line; small tables stay tables; " +
        "every cell is introduced by its column's header; no field name is broken across lines",
    );
    // ...but still in the accessibility tree, so the columns are announced.
    const fields = page
      .locator("main table", { has: page.locator("th", { hasText: "Description" }) })
      .first();
    const tree = await fields.ariaSnapshot();
    for (const header of ["Field", "Type", "Required", "Description"])
      assert.ok(tree.includes(`columnheader "${header}"`), header);
  },
);

pageTest("the 404 page", "no-such-page/");
pageTest("/api/", paths.api);

A11y("axe reports a violation when there is one, so the check can fail", async () => {
  // A short page: the proof needs one violation, not the longest page (the one the test before shows).
  await show(paths.api);
  // An image without alt text, and text as dark as its background, which the dark scheme's check reports too.
  const html = '<img src="x.png"><p style="color: #222; background: #333">Unreadable</p>';
  await page.evaluate((html) => document.querySelector("main")!.insertAdjacentHTML("afterbegin", html), html);
  const found = await axe();
  assert.ok(
    found.some((violation) => violation.startsWith("image-alt ")),
    "an image without alt text is reported",
  );
  await page.emulateMedia({ colorScheme: "dark" });
  const inDark = await axe(COLOUR_RULES);
  assert.ok(
    inDark.some((violation) => violation.startsWith("color-contrast ")),
    "text without contrast is reported in the dark scheme",
  );
});

A11y.run();
