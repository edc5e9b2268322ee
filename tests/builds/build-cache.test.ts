/**
 * What a build keeps for the next one (_config/build-cache.ts) is keyed by everything its
 * output depends on: a build with nothing changed reuses the kept homepage bundle, and an edit to
 * each of its inputs (a source module, the rank data, the bundle's options) changes the bundle
 * the next build writes. esbuild's version, which a copy of the project cannot change, is part of
 * the key (checked on the key itself). Every build here is a process of its own, as
 * `npm run build` is, with a cache folder of its own.
 */
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { bundleKey, CALCULATOR_BUNDLE } from "../../_config/bundle.ts";
import { editFile, PATH_SITE_URL, runBuild, withProjectCopy, withTempDir } from "../support/build.ts";

test("the bundle's key changes with esbuild's version, its options, its data and its sources", () => {
  const recipe = { esbuildVersion: "0.28.2", config: "minify: true", data: "export const rankList = [];" };
  const key = bundleKey(recipe, "sources");
  assert.is(bundleKey({ ...recipe }, "sources"), key, "the same inputs give the same key");
  const changes = [
    { esbuildVersion: "0.28.3" },
    { config: "minify: false" },
    { data: "export const rankList = [1];" },
  ];
  for (const change of changes)
    assert.is.not(bundleKey({ ...recipe, ...change }, "sources"), key, JSON.stringify(change));
  assert.is.not(bundleKey(recipe, "other sources"), key, "the sources' hash");
});

test(`a build reuses the kept bundle while its inputs are unchanged, and an edit to each input changes \
it`, async () => {
  await withProjectCopy((project) =>
    withTempDir("build-cache", async (cache) => {
      const entry = path.join(cache, "bundle.json");
      const build = async () =>
        withTempDir("build-cache-site", async (output) => {
          const result = await runBuild(project, output, PATH_SITE_URL, { EXP_BANK_BUILD_CACHE: cache });
          assert.ok(result.ok, result.output);
          return readFile(path.join(output, CALCULATOR_BUNDLE), "utf8");
        });
      const first = await build();
      const kept = (await stat(entry)).mtimeMs;
      assert.is(await build(), first, "the same bundle");
      assert.is((await stat(entry)).mtimeMs, kept, "nothing changed, so the kept bundle was not made again");

      const entryImport = 'import { rankList, toolDescriptors } from "virtual:homepage-data";';
      const logged = `${entryImport}\nconsole.info("edited home module");`;
      await editFile(project, "assets/page/home.ts", entryImport, logged);
      const edited = await build();
      assert.ok(edited.includes("edited home module"), "a source edit reaches the bundle");

      await editFile(project, "_data/ranks.ts", '"Cosmic"', '"Cosmical"');
      const ranked = await build();
      assert.ok(
        ranked.includes("Cosmical") && !edited.includes("Cosmical"),
        "a rank edit reaches the bundle",
      );

      const banner = 'legalComments: "eof", banner: { js: "/* banner */" }';
      await editFile(project, "_config/bundle.ts", 'legalComments: "eof"', banner);
      assert.ok((await build()).startsWith("/* banner */"), "an option's edit reaches the bundle");
    }),
  );
});

test.run();
