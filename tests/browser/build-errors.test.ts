/**
 * While `npm start` runs, a failed rebuild shows on the open page, not only in the terminal: a
 * dialog with the file, the line and the fix, which the next good build removes by reloading the
 * page (_config/build-errors.ts). Runs the dev server in a copy of the project.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { Browser } from "playwright-core";
import { builtSite, editFile, readBuilt, ROOT, ROOT_SITE_URL, withProjectCopy } from "../support/build.ts";
import { recordPageMessages, testBrowser } from "../support/browser.ts";
import { startDevServer } from "../support/dev-server.ts";
import { HANG_GUARD_MS } from "../support/browser.ts";

/** How long the page may take to show a rebuild's outcome before the test fails as hung. */

const DATA_NAME = "{{ calculator.dailyInterestRate }}";
const MISSPELT = "{{ calculatr.dailyInterestRate }}";

let browser: Browser;
test.before(async () => {
  browser = await testBrowser();
});
test.after(async () => {
  await browser?.close();
});

test("a misspelt data name shows on the open page with its file, line and fix, and the fixed page replaces it", () =>
  withProjectCopy(async (project) => {
    const lines = (await readFile(path.join(ROOT, "content/pages/docs.md"), "utf8")).split("\n");
    const line = lines.findIndex((text) => text.includes(`(\`"${DATA_NAME}"\`)`)) + 1;
    assert.ok(line > 0, "content/pages/docs.md shows the rate as data; update the test's edit");
    const server = await startDevServer(project);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      // Eleventy's own client logs the error to the console, which this page may do while serving.
      const messages = recordPageMessages(page, server.url.replace(/\/$/, ""));
      await page.goto(new URL("docs/", server.url).href);
      await page.waitForFunction(
        () => document.querySelectorAll("script[src$='/.11ty/build-errors.js']").length === 1,
        undefined,
        { timeout: HANG_GUARD_MS },
      );
      await editFile(project, "content/pages/docs.md", `(\`"${DATA_NAME}"\`)`, `(\`"${MISSPELT}"\`)`);
      const dialog = page.getByRole("dialog", { name: "The site did not build" });
      await dialog.waitFor({ state: "visible", timeout: HANG_GUARD_MS });
      const shown = await dialog.innerText();
      assert.ok(
        shown.includes(
          `content/pages/docs.md:${line}: "calculatr" is not a name in the page's data; did you mean ` +
            `"calculator"? Correct the spelling`,
        ),
        shown,
      );
      assert.ok(shown.includes("This page is the last good build"), shown);
      // The message is text: the tag in it is not rendered.
      assert.ok(shown.includes(`in ${MISSPELT}`), shown);
      await editFile(project, "content/pages/docs.md", `(\`"${MISSPELT}"\`)`, `(\`"${DATA_NAME}"\`)`);
      await dialog.waitFor({ state: "detached", timeout: HANG_GUARD_MS });
      assert.ok(
        (await page.locator("main").innerText()).includes('"0.003"'),
        "the fixed page shows the rate again",
      );
      assert.equal(
        messages.filter((message) => !message.startsWith("console.")),
        [],
        "no page error or third-party request",
      );
    } finally {
      await context.close();
      await server.stop();
    }
  }));

test("a built page never references the dev server's script", async () => {
  // npm run build: the transform adds the script only while serving.
  const html = await readBuilt(await builtSite(ROOT_SITE_URL), "docs/index.html");
  assert.not.ok(html.includes("build-errors.js"), "docs/index.html loads the dev server's script");
});

test.run();
