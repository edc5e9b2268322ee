/**
 * The homepage starts its calculator (the form, the chart, the WebMCP tools) after its first paint
 * (`_config/after-paint-scripts.ts`), which can come after the load event `page.goto` waits
 * for. A test that uses the calculator waits for it here: importing the bundle from the page
 * resolves once the module has run, the page's own import included, since a document runs a module
 * once. (Playwright's clock replaces `performance`, so the page's own request of the bundle is not
 * read from its resource timing.)
 */
import type { Page } from "playwright-core";
import { paths } from "../../_data/site.ts";

/** Imports the module at `url` from the page: resolves once it has run. */
const imported = (page: Page, url: string) =>
  page.evaluate((href) => import(href).then(() => undefined), url);

export async function calculatorStarted(page: Page): Promise<void> {
  // The homepage sits at the site's root, so the bundle's path is relative to it.
  await imported(page, new URL(paths.calculatorScript, page.url()).href);
}

/**
 * Where the browser has WebMCP the homepage loads its tools as a lazy module (`assets/lazy/tools.ts`):
 * waits for the page's own script element, then for the module to have run, as `calculatorStarted`.
 */
export async function toolsLoaded(page: Page): Promise<void> {
  const script = await page.waitForSelector(`script[src$="/tools.js"]`, { state: "attached" });
  await imported(page, (await script.getAttribute("src"))!);
}
