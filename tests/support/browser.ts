/**
 * Drives the Chromium that support/chromium.ts finds. In a test file, `const browser = await testBrowser()`
 * in `before` (WebMCP on), open what you need in contexts of your own (`browser.newContext({ viewport })`,
 * or `browser.newPage()`), and `await browser.close()` in `after`, which closes them. The files one process
 * runs share its one Chromium (tests/run.ts runs the browser files in a few processes). A new page costs
 * about half a second of CPU and a load a new document: keep a page per viewport or state, and show a new
 * answer in the open document where its load is not what is tested (support/calculator-page.ts `showQuery`).
 */
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { chromiumPath } from "./chromium.ts";

/** Flags headless Chromium needs on a closed, GPU-less machine running as root. */
const BASE_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Playwright's `page.webmcp` checks for this exact flag. */
export const WEBMCP_FLAG = "--enable-features=WebMCP";

/** How long a wait may take before it is a hang: far above any wait that ends, on a loaded machine. */
export const HANG_GUARD_MS = 300_000;

export async function launchChromium(options: { webmcp: boolean }): Promise<Browser> {
  return withHangGuard(
    await chromium.launch({
      executablePath: await chromiumPath(),
      headless: true,
      args: options.webmcp ? [...BASE_FLAGS, WEBMCP_FLAG] : BASE_FLAGS,
    }),
  );
}

/** The process's one Chromium, with WebMCP, launched by the first file that asks. */
let shared: Promise<Browser> | undefined;

/**
 * This test file's view of the process's Chromium: the same browser, whose `close()` closes only the
 * contexts this file opened (a page from `newPage()` has a context of its own), so the next file starts
 * clean. The browser itself closes with {@link closeTestBrowser}, or with the process.
 */
export async function testBrowser(): Promise<Browser> {
  shared ??= launchChromium({ webmcp: true });
  const browser = await shared;
  const opened: BrowserContext[] = [];
  const newContext: Browser["newContext"] = async (options) => {
    const context = await browser.newContext(options);
    opened.push(context);
    return context;
  };
  const newPage: Browser["newPage"] = async (options) => {
    const page = await (await newContext(options)).newPage();
    // As with Playwright's own newPage, closing the page closes its context.
    page.once("close", () =>
      page
        .context()
        .close()
        .catch(() => undefined),
    );
    return page;
  };
  const close = async () => void (await Promise.all(opened.map((context) => context.close())));
  return Object.assign(Object.create(browser) as Browser, { newContext, newPage, close });
}

/** Closes the process's Chromium, if one was launched: its connection would keep the process running. */
export async function closeTestBrowser(): Promise<void> {
  await (await shared)?.close();
  shared = undefined;
}

/** Every context waits up to the hang guard instead of Playwright's 30 s, which a loaded machine can exceed. */
function withHangGuard(browser: Browser): Browser {
  const prepared = async <T extends BrowserContext | Page>(target: T): Promise<T> => {
    target.setDefaultTimeout(HANG_GUARD_MS);
    target.setDefaultNavigationTimeout(HANG_GUARD_MS);
    return target;
  };
  const [newContext, newPage] = [browser.newContext.bind(browser), browser.newPage.bind(browser)];
  browser.newContext = async (options) => prepared(await newContext(options));
  browser.newPage = async (options) => prepared(await newPage(options));
  return browser;
}

/**
 * Records what a page should never do: print to the console, throw, or request another origin.
 * A test asserts the list stays empty.
 */
export function recordPageMessages(page: Page, origin: string): string[] {
  const messages: string[] = [];
  page.on("console", (message) => messages.push(`console.${message.type()}: ${message.text()}`));
  page.on("pageerror", (error) => messages.push(`page error: ${error.message}`));
  page.on("request", (request) => {
    if (!request.url().startsWith(origin)) messages.push(`third-party request: ${request.url()}`);
  });
  return messages;
}

/**
 * Makes `page` record every media query about the colour scheme that its scripts ask
 * (`matchMedia("(prefers-color-scheme: …)")`), for {@link schemeOnlyRecolours}. Call before loading.
 */
export async function recordSchemeQueries(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const asked: string[] = ((window as unknown as { schemeQueries: string[] }).schemeQueries = []);
    const matchMedia = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => {
      if (/prefers-color-scheme/.test(query)) asked.push(query);
      return matchMedia(query);
    };
  });
}

/**
 * Why the document in `page` could look other than recoloured in another colour scheme, or `[]`:
 * a script that asked for the scheme (recorded by {@link recordSchemeQueries}), or a declaration
 * under `@media (prefers-color-scheme: …)` that sets anything but a colour (a colour property, or a
 * custom property whose value is a colour). When it is `[]`, the same document in the other scheme
 * has the same elements, text, layout and behaviour, so a test that reads those checks both schemes
 * in one; what the colours themselves must satisfy, axe checks in each scheme (browser/a11y.test.ts).
 */
export function schemeOnlyRecolours(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems = (
      (window as unknown as { schemeQueries?: string[] }).schemeQueries ?? [
        "the page was loaded without recordSchemeQueries",
      ]
    ).map((query) => `a script asks matchMedia("${query}")`);
    const borderSides = "top|right|bottom|left|block-start|block-end|inline-start|inline-end";
    const colourProperties = [
      "color",
      "background-color",
      `border-(${borderSides})-color`,
      "outline-color|text-decoration-color|text-emphasis-color|caret-color|accent-color|column-rule-color",
      "fill|stroke|stop-color|flood-color|lighting-color|color-scheme",
    ];
    const colourProperty = new RegExp(`^(${colourProperties.join("|")})$`);
    const visit = (rules: CSSRuleList, inScheme: boolean) => {
      for (const rule of Array.from(rules)) {
        const scheme =
          inScheme || (rule instanceof CSSMediaRule && /prefers-color-scheme/.test(rule.conditionText));
        if (scheme && rule instanceof CSSStyleRule) {
          for (const name of Array.from(rule.style)) {
            const value = rule.style.getPropertyValue(name).trim();
            if (name.startsWith("--") ? !CSS.supports("color", value) : !colourProperty.test(name))
              problems.push(`${rule.selectorText} { ${name}: ${value} } under a colour-scheme query`);
          }
        }
        if ("cssRules" in rule) visit((rule as CSSGroupingRule).cssRules, scheme);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) visit(sheet.cssRules, false);
    return problems;
  });
}
