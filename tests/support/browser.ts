/**
 * Launches headless Chromium for the browser tests and the benchmark. The browser comes from the
 * test tooling that `npm test` installs (`@sparticuz/chromium` in tests/package.json, unpacked and
 * checked by ./chromium.ts into a folder of the project's own), or from
 * `CHROME_PATH` when set. A missing browser is a loud failure with the fix, never a skip.
 */
import { existsSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";
import { packagedChromium } from "./chromium.ts";

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
    if (!existsSync(fromEnv)) throw new Error(`CHROME_PATH is set to ${fromEnv}, but no file exists there. Point it at a Chromium binary (for example /usr/bin/chromium after \`apt-get install chromium\`) or unset it to use the one \`npm test\` installs.`);
    return fromEnv;
  }
  try {
    // Not the package's executablePath(): it runs whatever file sits at $TMPDIR/chromium (./chromium.ts).
    return await packagedChromium();
  } catch (error) {
    throw new Error(`No Chromium for the browser tests: @sparticuz/chromium could not be unpacked (${(error as Error).message}). Run \`npm test\`, which installs it (tests/package.json), or install Debian's browser with \`apt-get install chromium\` and set CHROME_PATH=/usr/bin/chromium.`);
  }
}

export async function launchChromium(options: { webmcp: boolean }): Promise<Browser> {
  return chromium.launch({
    executablePath: await chromiumPath(),
    headless: true,
    args: options.webmcp ? [...BASE_FLAGS, WEBMCP_FLAG] : BASE_FLAGS,
  });
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
