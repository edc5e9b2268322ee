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
import type { Browser, BrowserContext, Page } from "playwright-core";
import { paths } from "../../_data/site.ts";
import { builtSite, PATH_SITE_URL } from "../support/build.ts";
import { serveSite, type ServedSite } from "../support/serve.ts";
import { recordSchemeQueries, schemeOnlyRecolours, testBrowser } from "../support/browser.ts";
import { calculatorStarted } from "../support/calculator-started.ts";

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

const PAGES = [
  { name: "/", path: paths.home },
  { name: "/docs/", path: paths.docs },
  { name: "/api/", path: paths.api },
  { name: "the 404 page", path: "no-such-page/" },
];

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 375, height: 740 },
  { name: "tablet", width: 600, height: 900 },
];

let axeSource = "";

/** Runs axe in the page: an expression, as `axe` is a global of the page, not of the test. */
const axeRun = (options: string) =>
  `axe.run(document, { resultTypes: ['violations']${options} }).then((results) => ` +
  "results.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: " +
  "nodes.map((node) => ({ target: node.target })) })))";
/** Every rule axe runs by default. */
const RUN_AXE = axeRun("");
/**
 * The rules that read colours: all a second colour scheme can change while it only recolours the
 * page, which each check asserts first (support/browser.ts `schemeOnlyRecolours`). Every other rule
 * reads what both schemes share: the document, its text, layout and visibility.
 */
const RUN_AXE_ON_COLOURS = axeRun(
  ", runOnly: { type: 'rule', values: ['color-contrast', 'link-in-text-block'] }",
);
/** The whole check in the light scheme; in the dark one, the rules that read colours. */
const AXE_IN = { light: RUN_AXE, dark: RUN_AXE_ON_COLOURS } as const;

const A11y = suite("accessibility");
let browser: Browser;
let server: ServedSite;

A11y.before(async () => {
  axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  const dir = await builtSite(PATH_SITE_URL);
  server = await serveSite(dir, new URL(PATH_SITE_URL).pathname);
  browser = await testBrowser();
  for (const { path } of PAGES) {
    const scan = violationsOn(path);
    // Awaited by the page's test; settled here so a failure is reported there, not as unhandled.
    scan.catch(() => undefined);
    scans.set(path, scan);
  }
});

A11y.after(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Pages for axe, in one context with the pages' CSP bypassed (it refuses inline scripts, axe
 * included; bypassing it affects only the injection). A page goes back to the pool when a check is
 * done, and the next check loads its own document in it at the default viewport and scheme: a new
 * page costs a renderer, a new document in a used one does not.
 */
let axeContext: Promise<BrowserContext> | undefined;
const idlePages: Page[] = [];
async function withAxePage<T>(use: (page: Page) => Promise<T>): Promise<T> {
  axeContext ??= browser.newContext({ bypassCSP: true });
  let page = idlePages.pop();
  if (!page) {
    page = await (await axeContext).newPage();
    // axe is in every document these pages load, from its start: its 500 KB go to the browser once,
    // not with each document, which costs more than checking a short page.
    await page.addInitScript({ content: axeSource });
    await recordSchemeQueries(page);
  }
  try {
    await page.setViewportSize(DEFAULT_VIEWPORT);
    await page.emulateMedia({ colorScheme: "light" });
    return await use(page);
  } finally {
    idlePages.push(page);
  }
}
/** Playwright's viewport for a context that names none, and its scheme, light: what a fresh page shows. */
const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

const describe = (found: AxeViolation[]) =>
  found.map(
    (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );

/**
 * Loads `path` once and runs axe in each colour scheme on each viewport (AXE_IN), switching both
 * in place: no script on the site reads the viewport or the scheme, so the page is the one a fresh
 * load would show. With `prepare`, which puts the page in some state first, on the default viewport
 * only. Returns the violations as `"scheme viewport: violation"` lines.
 */
async function violationsOn(path: string, prepare?: (page: Page) => Promise<void>): Promise<string[]> {
  return withAxePage(async (page) => {
    const response = await page.goto(`${server.url}${path}`, { waitUntil: "load" });
    // A wrong address must really show the 404 page, with its status, not some other page.
    if (path.includes("no-such-page")) assert.is(response?.status(), 404, "the 404 page's status");
    // The homepage as a player meets it: with its calculator running.
    if (path === paths.home) await calculatorStarted(page);
    await prepare?.(page);
    assert.equal(await schemeOnlyRecolours(page), [], `the dark scheme only recolours ${path}`);
    const found: string[] = [];
    const backgrounds = new Set<string>();
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      backgrounds.add((await page.evaluate("getComputedStyle(document.body).backgroundColor")) as string);
      for (const viewport of prepare ? [{ name: "desktop", ...DEFAULT_VIEWPORT }] : VIEWPORTS) {
        await page.setViewportSize(viewport);
        assert.is(
          await page.evaluate("innerWidth"),
          viewport.width,
          `${path} is laid out for the ${viewport.name}`,
        );
        for (const line of describe((await page.evaluate(AXE_IN[colorScheme])) as AxeViolation[]))
          found.push(`${colorScheme} ${viewport.name}: ${line}`);
      }
    }
    assert.is(backgrounds.size, 2, `${path} changes its colours with the scheme`);
    return found;
  });
}

/** Each page's scan, all started together in `before`, so the pages render and run axe in parallel. */
const scans = new Map<string, Promise<string[]>>();

for (const { name, path } of PAGES) {
  A11y(
    `${name} has no axe violations in light and dark mode, on a desktop, a tablet and a phone`,
    async () => {
      assert.equal(await scans.get(path), []);
    },
  );
}

/** Runs axe on the homepage in light and dark, after `prepare` has put the form in some state. */
const homepageHasNoViolations = async (prepare: (page: Page) => Promise<void>) =>
  assert.equal(await violationsOn(paths.home, prepare), []);

A11y("/ has no axe violations after a calculation fills in the result, in light and dark mode", () =>
  homepageHasNoViolations(async (page) => {
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
  homepageHasNoViolations(async (page) => {
    await page.locator("#calculator-currentGems").fill("-5");
    await page.getByRole("button", { name: "Calculate" }).click();
    await page.locator(".field-error:not([hidden])").first().waitFor({ state: "visible" });
  }),
);

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
    headerWidths: tables
      .filter(wide)
      .map((table) => table.querySelector("thead")!.getBoundingClientRect().width),
  };
}

A11y(
  "on a phone, /docs/ shows each table row as labelled values, field names whole, column headers still announced",
  async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}${paths.docs}`, { waitUntil: "load" });
      const read = await page.evaluate(readTables);
      assert.is(read.overflow, 0, "nothing scrolls sideways");
      assert.ok(read.cells > 50 && read.names > 20, "the docs have field tables");
      assert.is(read.stacked, read.cells, "every field-table cell is on its own line");
      assert.ok(read.smallCells > 10, "the docs have small tables too");
      assert.is(read.smallStacked, 0, "small tables stay tables");
      assert.is(read.unlabelled, 0, "every cell is introduced by its column's header");
      assert.equal(read.brokenNames, [], "field names broken across lines");
      assert.ok(
        read.headerWidths.filter((width) => width <= 1).length >= 4,
        "the field tables' header rows are visually hidden",
      );
      // ...but still in the accessibility tree, so the columns are announced.
      const fields = page
        .locator("main table", { has: page.locator("th", { hasText: "Description" }) })
        .first();
      const tree = await fields.ariaSnapshot();
      for (const header of ["Field", "Type", "Required", "Description"])
        assert.ok(tree.includes(`columnheader "${header}"`), header);
    } finally {
      await context.close();
    }
  },
);

A11y("axe reports a violation when there is one, so the check can fail", () =>
  withAxePage(async (page) => {
    // A short page: the proof needs one violation, not the longest page.
    await page.goto(`${server.url}${paths.api}`);
    await page.evaluate(
      "document.querySelector('main img, main')?.insertAdjacentHTML('afterbegin', '<img src=\"x.png\">')",
    );
    const found = (await page.evaluate(RUN_AXE)) as AxeViolation[];
    assert.ok(
      found.some((violation) => violation.id === "image-alt"),
      "an image without alt text is reported",
    );
    // The dark scheme's check is a real one too: text as dark as its background is reported.
    await page.evaluate(
      "document.querySelector('main').insertAdjacentHTML('afterbegin', '<p style=\"color: #222; " +
        "background: #333\">Unreadable</p>')",
    );
    await page.emulateMedia({ colorScheme: "dark" });
    const inDark = (await page.evaluate(RUN_AXE_ON_COLOURS)) as AxeViolation[];
    assert.ok(
      inDark.some((violation) => violation.id === "color-contrast"),
      "text without contrast is reported in the dark scheme",
    );
  }),
);

A11y.run();
