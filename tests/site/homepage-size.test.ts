/**
 * The homepage's JavaScript stays within its budget of 20 KB gzip -9 (GitHub Pages serves text
 * gzipped): every script the built homepage runs, as `tests/support/homepage-scripts.ts` counts
 * it, measured from the shared builds. Sizes are deterministic, so this is a test; `npm run bench`
 * prints the same figure.
 * (`tests/imports.test.ts` checks from esbuild's metafile that no zod reaches the bundle.)
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { paths } from "../../_data/site.ts";
import { builtSite, PATH_SITE_URL, ROOT_SITE_URL } from "../support/build.ts";
import { HOMEPAGE_JS_BUDGET as BUDGET, homepageScripts } from "../support/homepage-scripts.ts";

for (const siteUrl of [ROOT_SITE_URL, PATH_SITE_URL]) {
  test(`the homepage runs at most 20 KB of JavaScript, gzip -9 (SITE_URL ${siteUrl})`, async () => {
    const scripts = await homepageScripts(await builtSite(siteUrl), siteUrl);
    assert.ok(
      scripts.some((script) => script.name.endsWith(paths.calculatorScript)),
      `the calculator bundle ${paths.calculatorScript} is among the homepage's scripts`,
    );
    const gzipped = scripts.reduce((total, script) => total + script.gzipped, 0);
    const listed = scripts.map((script) => `${script.name} ${script.gzipped} B`).join(", ");
    assert.ok(
      gzipped <= BUDGET,
      `the homepage's JavaScript is ${(gzipped / 1024).toFixed(2)} KB gzip -9 (${listed}), over its 20 KB budget`,
    );
  });
}

test("the budget check reads a real size: the bundle is more than half the budget", async () => {
  const scripts = await homepageScripts(await builtSite(ROOT_SITE_URL), ROOT_SITE_URL);
  const gzipped = scripts.reduce((total, script) => total + script.gzipped, 0);
  assert.ok(gzipped > BUDGET / 2, `${gzipped} bytes`);
  const inline = scripts.find((script) => script.name === "inline script");
  assert.ok(
    inline && inline.gzipped >= inline.text.length / 3,
    `the inline script adds ${inline?.gzipped} bytes to the gzipped page for its ${inline?.text.length} characters`,
  );
});

test.run();
