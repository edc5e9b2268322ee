/**
 * What a build keeps of each step for the next (_config/kept-results.ts): each step's recipe hashes
 * every project module the step runs (checked against esbuild's reading of the imports), and the
 * kept results are read back under the same recipe, never under another, only once opened for a
 * build, and bounded. tests/builds/kept-results.test.ts edits each input in real builds.
 */
import { readdir, readFile, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { bundledInputs } from "../support/bundled-inputs.ts";
import { withCacheFolder } from "../support/cache-folder.ts";
import { PARTIAL_LEFT_MS, writeKeyed } from "../../_config/build-cache.ts";
import { HIGHLIGHT_RECIPE } from "../../_config/highlight.ts";
import { HTML_TRANSFORMS_RECIPE } from "../../_config/html-transforms.ts";
import {
  KeptResults,
  keepResults,
  recipeFiles,
  relativeImports,
  sortedKeys,
  waitingWritten,
  type Recipe,
} from "../../_config/kept-results.ts";
import { LINK_CHECK_RECIPE } from "../../_config/link-check.ts";
import { MARKDOWN_RECIPE } from "../../_config/markdown-cache.ts";
import { NUNJUCKS_COMPILE_RECIPE } from "../../_config/nunjucks-compile.ts";
import { HTML_CHECK_RECIPE, TEMPLATE_CHECK_RECIPE } from "../../_config/page-checks.ts";
import { COMPUTED_RECIPE } from "../../_config/page-helpers.ts";
import { SHARE_CARD_RECIPE } from "../../_config/share-card.ts";

const RECIPES: Record<string, Recipe> = {
  computed: COMPUTED_RECIPE,
  highlight: HIGHLIGHT_RECIPE,
  "html-transforms": HTML_TRANSFORMS_RECIPE,
  "link-check": LINK_CHECK_RECIPE,
  markdown: MARKDOWN_RECIPE,
  "nunjucks-compile": NUNJUCKS_COMPILE_RECIPE,
  "html-check": HTML_CHECK_RECIPE,
  "template-check": TEMPLATE_CHECK_RECIPE,
  "share-card": SHARE_CARD_RECIPE,
};

for (const [name, recipe] of Object.entries(RECIPES)) {
  test(`the ${name} recipe hashes every project module its step runs, its files and the lock`, async () => {
    const files = await recipeFiles(recipe);
    for (const input of await bundledInputs(recipe.modules))
      assert.ok(files.includes(input), `${input} runs in the ${name} step but is not part of its recipe`);
    for (const file of [...(recipe.files ?? []), "package-lock.json"])
      assert.ok(files.includes(file), `${file} is part of the ${name} recipe`);
  });
}

test("the imports a recipe follows: relative ones that run, in every form, and no type-only one", () => {
  const source = [
    'import { a } from "./a.ts";',
    'import {\n  b,\n  type B,\n} from "../b.ts";',
    'import type { C } from "./c.ts";',
    'export { d } from "./d.ts";',
    'export * from "./e.ts";',
    'import "./f.ts";',
    'import path from "node:path";',
    'export type { G } from "./g.ts";',
  ].join("\n");
  assert.equal(relativeImports(source), ["./a.ts", "../b.ts", "./d.ts", "./e.ts", "./f.ts"]);
});

test("a map filled in another order writes the same settings", () => {
  const pages = { "./content/pages/docs.md": ["/docs/"], "./content/pages/api.md": ["/api/"] };
  const reversed = Object.fromEntries(Object.entries(pages).reverse());
  assert.is.not(JSON.stringify(reversed), JSON.stringify(pages));
  assert.is(JSON.stringify(sortedKeys(reversed)), JSON.stringify(sortedKeys(pages)));
  assert.equal(Object.keys(sortedKeys(pages)), ["./content/pages/api.md", "./content/pages/docs.md"]);
});

test("results are kept for the next build under the same recipe only, and read only once opened", async () => {
  await withCacheFolder(async (folder) => {
    let setting = "one";
    const recipe: Recipe = { modules: ["_config/highlight.ts"], settings: () => setting };
    const first = new KeptResults<string>("test-step", recipe);
    first.set("input", "ignored");
    assert.is(first.get("input"), undefined, "nothing is kept before the results are opened");
    await first.opened();
    first.set("input", "result");
    assert.is(first.get("input"), "result");
    await first.close();
    assert.is(first.get("input"), undefined, "closed results answer nothing until the next build opens them");

    const next = new KeptResults<string>("test-step", recipe);
    await next.opened();
    assert.is(next.get("input"), "result", "the next build reads the kept result");
    assert.is(next.get("other"), undefined);
    await next.close();

    setting = "two";
    const changed = new KeptResults<string>("test-step", recipe);
    await changed.opened();
    assert.is(changed.get("input"), undefined, "another setting starts from no results");
    changed.set("input", "result two");
    await changed.close();
    assert.is((await readdir(folder)).filter((file) => file.startsWith("test-step-")).length, 2);
  });
});

test("an entry keeps what its last build used and a bounded number of older results, never every one", async () => {
  await withCacheFolder(async (folder) => {
    const recipe: Recipe = { modules: ["_config/highlight.ts"] };
    for (let build = 0; build < 6; build += 1) {
      const results = new KeptResults<number>("test-bound", recipe);
      await results.opened();
      for (let input = 0; input < 20; input += 1) results.set(`${build}-${input}`, input);
      await results.close();
    }
    const [entry] = (await readdir(folder)).filter((file) => file.startsWith("test-bound-"));
    const kept = Object.keys(
      (JSON.parse(await readFile(path.join(folder, entry!), "utf8")) as { results: object }).results,
    );
    assert.is(kept.length, 20 + 64, "the last build's 20 results and 64 of the ones before");
    assert.ok(
      kept.includes("5-0") && kept.includes("2-0") && kept.includes("1-19"),
      "the most recent are kept",
    );
    assert.not.ok(kept.includes("1-0") || kept.includes("0-19"), "the oldest are gone");
  });
});

test("older results are bounded by size too: large results keep no more than the last build's weight", async () => {
  await withCacheFolder(async (folder) => {
    const recipe: Recipe = { modules: ["_config/highlight.ts"] };
    const page = (build: number, input: number) => `${build}-${input}:`.padEnd(20_000, "x");
    for (let build = 0; build < 4; build += 1) {
      const results = new KeptResults<string>("test-size", recipe);
      await results.opened();
      for (let input = 0; input < 5; input += 1) results.set(`${build}-${input}`, page(build, input));
      await results.close();
    }
    const [entry] = (await readdir(folder)).filter((file) => file.startsWith("test-size-"));
    const kept = Object.keys(
      (JSON.parse(await readFile(path.join(folder, entry!), "utf8")) as { results: object }).results,
    );
    assert.equal(
      kept.sort(),
      ["2-0", "2-1", "2-2", "2-3", "2-4", "3-0", "3-1", "3-2", "3-3", "3-4"],
      "the last build's five pages of 20,000 characters, and the five before them, which weigh as much",
    );
  });
});

test("npm start's rebuilds write their entries only once idle, and the last rebuild's results win", async () => {
  await withCacheFolder(async (folder) => {
    const recipe: Recipe = { modules: ["_config/highlight.ts"] };
    const results = new KeptResults<string>("test-idle", recipe);
    for (const value of ["first", "second"]) {
      await results.opened();
      results.set("input", value);
      await keepResults("when-idle");
      assert.equal(
        (await readdir(folder)).filter((file) => file.startsWith("test-idle-")),
        [],
        "nothing is written while a rebuild may follow",
      );
      await results.opened();
      assert.is(results.get("input"), value, "the next rebuild reads the results from memory");
    }
    await keepResults("when-idle");
    await waitingWritten();
    const [entry] = (await readdir(folder)).filter((file) => file.startsWith("test-idle-"));
    const kept = JSON.parse(await readFile(path.join(folder, entry!), "utf8")) as { results: object };
    assert.equal(kept.results, { input: "second" });
  });
});

test("a partial entry a killed build left is removed by the next write; one being written is not", async () => {
  await withCacheFolder(async (folder) => {
    const left = path.join(folder, "test-step-old.json.4242.1.tmp");
    const writing = path.join(folder, "test-step-new.json.4343.2.tmp");
    await writeFile(left, '{"results":');
    await writeFile(writing, '{"results":');
    const then = new Date(Date.now() - PARTIAL_LEFT_MS - 60_000);
    await utimes(left, then, then);
    await writeKeyed("test-step", "key", { results: {} });
    assert.equal((await readdir(folder)).sort(), ["test-step-key.json", path.basename(writing)].sort());
  });
});

test.run();
