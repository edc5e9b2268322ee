/**
 * The homepage's code stays within its budget of 20 KB gzip -9 (GitHub Pages serves text gzipped):
 * every script the built homepage runs, as `tests/support/homepage-scripts.ts` counts it, less the
 * writer's rank table, which the bundle carries as data and which is measured apart (a table of
 * fifty ranks fits: `tests/builds/fifty-ranks.test.ts`). Measured from the shared builds; sizes are
 * deterministic, so this is a test; `npm run bench` prints the total.
 * (`tests/unit/imports.test.ts` checks from esbuild's metafile that no zod reaches the bundle.)
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import path from "node:path";
import { LAZY_ENTRIES } from "../../_config/bundle.ts";
import { paths } from "../../_data/site.ts";
import { builtSite, PATH_SITE_URL, ROOT_SITE_URL } from "../support/build.ts";
import {
  HOMEPAGE_JS_BUDGET as BUDGET,
  LAZY_MODULE_BUDGET,
  homepageScripts,
  overBudget,
  rankTableSize,
} from "../support/homepage-scripts.ts";

for (const siteUrl of [ROOT_SITE_URL, PATH_SITE_URL]) {
  test(`the homepage runs at most 20 KB of code, gzip -9, beside its rank table (SITE_URL ${siteUrl})`, async () => {
    const site = await builtSite(siteUrl);
    const scripts = await homepageScripts(site, siteUrl);
    assert.ok(
      scripts.some((script) => script.name.endsWith(paths.calculatorScript)),
      `the calculator bundle ${paths.calculatorScript} is among the homepage's scripts`,
    );
    assert.is(overBudget(scripts, await rankTableSize(site, scripts)), "");
  });
}

test("each lazy module adds at most 8 KB gzip -9 to what the homepage loaded, its chunks included", async () => {
  const site = await builtSite(ROOT_SITE_URL);
  // The names `loadModule` takes: the files of `assets/lazy/`, and the page's tools.
  for (const name of [...LAZY_ENTRIES.map((entry) => path.basename(entry, ".ts")), "tools"]) {
    const added = await homepageScripts(site, ROOT_SITE_URL, name);
    assert.ok(
      added[0]?.name.endsWith(`/${name}.js`),
      `${name}.js is built: ${added.map((script) => script.name)}`,
    );
    const total = added.reduce((sum, script) => sum + script.gzipped, 0);
    assert.ok(
      total <= LAZY_MODULE_BUDGET,
      `${name}.js adds ${total} B gzip -9, over ${LAZY_MODULE_BUDGET} B`,
    );
  }
});

test("the budget check reads real sizes: the scripts are more than half the budget, the table is there", async () => {
  const site = await builtSite(ROOT_SITE_URL);
  const scripts = await homepageScripts(site, ROOT_SITE_URL);
  const gzipped = scripts.reduce((total, script) => total + script.gzipped, 0);
  assert.ok(gzipped > BUDGET / 2, `${gzipped} bytes`);
  // Seven ranks: more than 100 bytes, far less than the scripts.
  const table = await rankTableSize(site, scripts);
  assert.ok(table > 100 && table < gzipped / 10, `the rank table is ${table} bytes`);
  // The budget's edge: a table of 100 bytes lets the scripts reach the budget plus 100, not one byte more.
  const sized = (gzipped: number) => [{ name: "big.js", text: "", gzipped }];
  assert.is(overBudget(sized(BUDGET + 100), 100), "");
  assert.match(overBudget(sized(BUDGET + 101), 100), /its code is 20481 B, over its budget/);
  const inline = scripts.find((script) => script.name === "inline script");
  assert.ok(
    inline && inline.gzipped >= inline.text.length / 3,
    `the inline script adds ${inline?.gzipped} bytes to the gzipped page for its ${inline?.text.length} characters`,
  );
});

test.run();
