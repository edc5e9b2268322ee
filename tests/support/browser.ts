/**
 * Launches headless Chromium for the browser tests and the benchmark. The browser comes from the
 * test tooling that `npm test` installs (`@sparticuz/chromium` in tests/package.json, unpacked and
 * checked by ./chromium.ts into a folder of the project's own), or from
 * `CHROME_PATH` when set. A missing browser is a loud failure with the fix, never a skip.
 *
 * Browser tests share one Chromium. In a test file in `tests/browser/`, connect with
 * `const browser = await testBrowser()` in `before` (WebMCP on), open what you need in contexts of
 * your own (`browser.newContext({ viewport })`, or `browser.newPage()`, whose context closes with
 * the page), and `await browser.close()` in `after`: that closes your contexts and disconnects.
 * Under `npm test` the browser test files are shared out among one process per core, running at the
 * same time, connected to the one Chromium that tests/run.ts starts (and checks once; it hands the
 * files its path as `CHROME_PATH`), so independent pages render in parallel; a file run alone
 * launches its own. Only a test that needs the WebMCP flag off launches a second browser
 * (`launchChromium({ webmcp: false })`). A new page costs about half a second of CPU (its renderer);
 * a new document in a page you already have (`page.goto`) costs a third of that, so keep a page per
 * viewport or per state and load into it. Pages in contexts of their own can be driven at once:
 * Playwright starts Chromium with background timer throttling off and emulates focus in every page,
 * so none needs to be in front. A check that reads layout, text or behaviour needs one colour scheme
 * per viewport when `schemeOnlyRecolours` finds nothing.
 */
import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserServer, type Page } from "playwright-core";
import { requireGroup } from "./build.ts";
import { packagedChromium } from "./chromium.ts";
import { HANG_GUARD_MS } from "./hang-guard.ts";

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

export async function chromiumPath(): Promise<string> {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv))
      throw new Error(
        `CHROME_PATH is set to ${fromEnv}, but no file exists there. Point it at a Chromium binary ` +
          `(for example /usr/bin/chromium after \`apt-get install chromium\`) or unset it to use the ` +
          `one \`npm test\` installs.`,
      );
    return fromEnv;
  }
  try {
    // Not the package's executablePath(): it runs whatever file sits at $TMPDIR/chromium (./chromium.ts).
    return await packagedChromium();
  } catch (error) {
    throw new Error(
      "No Chromium for the browser tests: @sparticuz/chromium could not be unpacked " +
        `(${(error as Error).message}). Run \`npm test\`, which installs it (tests/package.json), or ` +
        `install Debian's browser with \`apt-get install chromium\` and set ` +
        "CHROME_PATH=/usr/bin/chromium.",
    );
  }
}

export async function launchChromium(options: { webmcp: boolean }): Promise<Browser> {
  return withHangGuard(
    await chromium.launch({
      executablePath: await chromiumPath(),
      headless: true,
      args: options.webmcp ? [...BASE_FLAGS, WEBMCP_FLAG] : BASE_FLAGS,
    }),
  );
}

/** The environment variable through which tests/run.ts hands each browser test process the shared Chromium. */
export const BROWSER_VARIABLE = "EXP_BANK_TEST_BROWSER";

/**
 * Starts the Chromium that every browser test process of one `npm test` connects to (tests/run.ts):
 * `executablePath`, or the one `chromiumPath()` finds and checks.
 */
export async function launchSharedBrowser(executablePath?: string): Promise<BrowserServer> {
  return chromium.launchServer({
    executablePath: executablePath ?? (await chromiumPath()),
    headless: true,
    args: [...BASE_FLAGS, WEBMCP_FLAG],
  });
}

/** When a browser test file runs alone: the Chromium this process launched, and how many connections it has. */
let local: { server: Promise<BrowserServer>; connections: number } | undefined;

/**
 * A connection to the browser tests' Chromium, with WebMCP: the one `npm test` started, or, when a
 * test file runs alone, one this process launches on first use and closes when its last connection
 * closes. Close it in your suite's `after`; that closes your contexts and disconnects, and leaves
 * the browser running for the other files.
 */
export async function testBrowser(): Promise<Browser> {
  requireGroup(["browser"], "testBrowser() drives the shared Chromium");
  const endpoint = process.env[BROWSER_VARIABLE];
  if (endpoint) return withHangGuard(await chromium.connect(endpoint));
  const own = (local ??= { server: launchSharedBrowser(), connections: 0 });
  own.connections += 1;
  const browser = withHangGuard(await chromium.connect((await own.server).wsEndpoint()));
  browser.once("disconnected", () => {
    own.connections -= 1;
    if (own.connections > 0) return;
    if (local === own) local = undefined;
    void own.server.then((server) => server.close());
  });
  return browser;
}

/**
 * Every context (and so every `browser.newPage()`, which makes one) waits up to the hang guard for
 * an element, a navigation or a condition, instead of Playwright's 30 s, which a loaded machine
 * can exceed without anything being wrong.
 */
function withHangGuard(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(HANG_GUARD_MS);
    context.setDefaultNavigationTimeout(HANG_GUARD_MS);
    return context;
  };
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
