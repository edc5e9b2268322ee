/**
 * The contract's derived data is kept for the next build (_config/contract-cache.ts) under
 * the hash of everything it is made of: a build whose contract did not change does not load zod,
 * and an edit to each kind of input (a schema, the writer's data, a constant, the site's settings)
 * changes what the next build writes. Every build here is a process of its own, as
 * `npm run build` is, with a cache folder of its own.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { CONTRACT_INPUTS, KEPT_EXPORTS } from "../../_config/contract-cache.ts";
import { editFile, PATH_SITE_URL, ROOT_SITE_URL, runBuild } from "../support/build.ts";
import { withProjectCopy, withTempDir } from "../support/build.ts";
import { bundledInputs } from "../support/bundled-inputs.ts";

/** Preloaded into a build: prints how many zod modules it loaded when it exits. */
const COUNT_ZOD = `data:text/javascript,${encodeURIComponent(
  [
    'import { registerHooks } from "node:module";',
    "let count = 0;",
    "registerHooks({ resolve(specifier, context, next) {",
    "  const resolved = next(specifier, context);",
    '  if (resolved.url.includes("/node_modules/zod")) count++;',
    "  return resolved;",
    "} });",
    'process.on("exit", () => process.stderr.write(`zod-modules=${count}\\n`));',
  ].join("\n"),
)}`;

test("the modules whose exports are kept import only from the folders the key hashes", async () => {
  const inputs = await bundledInputs(Object.keys(KEPT_EXPORTS));
  assert.ok(
    inputs.some((input) => input.startsWith("contract/")),
    "the schemas are among the imports",
  );
  const hashed = (input: string) =>
    CONTRACT_INPUTS.some((kept) => input === kept || input.startsWith(`${kept}/`));
  for (const input of inputs)
    assert.ok(hashed(input), `${input} is imported by the contract but not part of its key`);
});

test("an unchanged contract is read without zod, and an edit to each input reaches the next build", async () => {
  await withProjectCopy((project) =>
    withTempDir("contract-cache", async (cache) => {
      const build = (siteUrl = PATH_SITE_URL) =>
        withTempDir("contract-cache-site", async (output) => {
          const env = { EXP_BANK_BUILD_CACHE: cache, NODE_OPTIONS: `--import=${COUNT_ZOD}` };
          const result = await runBuild(project, output, siteUrl, env);
          assert.ok(result.ok, result.output);
          const zodModules = Number(result.output.match(/zod-modules=(\d+)/)?.[1] ?? Number.NaN);
          const read = (file: string) => readFile(path.join(output, file), "utf8");
          return { zodModules, openapi: await read("openapi.json"), ranks: await read("api/ranks.json") };
        });
      const first = await build();
      assert.ok(first.zodModules > 0, "the first build makes the contract with zod");
      const second = await build();
      assert.is(second.zodModules, 0, "the second build reads the kept contract");
      assert.is(second.openapi, first.openapi);

      const edited = "What the calculator does, edited.";
      await editFile(project, "contract/calculator-info.ts", "What the calculator does.", edited);
      const schema = await build();
      assert.ok(
        schema.zodModules > 0 && schema.openapi.includes(edited),
        "a schema's edit reaches openapi.json",
      );

      await editFile(project, "_data/ranks.ts", '"Cosmic"', '"Cosmical"');
      assert.ok((await build()).ranks.includes('"Cosmical"'), "a rank's edit reaches api/ranks.json");

      await editFile(project, "common/constants.ts", 'API_VERSION = "1.0.0"', 'API_VERSION = "1.0.9"');
      assert.ok(
        (await build()).openapi.includes('"version": "1.0.9"'),
        "a constant's edit reaches openapi.json",
      );

      const moved = await build(ROOT_SITE_URL);
      const movedOnly = moved.openapi.includes(ROOT_SITE_URL) && !moved.openapi.includes(PATH_SITE_URL);
      assert.ok(movedOnly, "another base URL reaches openapi.json");
      // The contract of each base URL is kept, as a test run builds both in turn; and no more than a few.
      assert.is((await build()).zodModules, 0, "the first base URL's contract is still kept");
      const kept = (await readdir(cache)).filter((file) => file.startsWith("contract-"));
      assert.ok(
        kept.length >= 2 && kept.length <= 4,
        `a few contracts are kept, not every one: ${kept.join(", ")}`,
      );
    }),
  );
});

test.run();
