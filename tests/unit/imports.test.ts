/**
 * Where code runs, from its path: `assets/` runs only in the page, `common/` in the page and the
 * build, `contract/` and `_config/` only in the build; `_data/` and `content/` are what a writer edits
 * (besides the derived `_data/` modules), and imports go one way: browser code never runs build code.
 * Inside each, the layers go one way too. Read from the source files,
 * and from esbuild's metafile for what the homepage's bundle really holds.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import * as esbuild from "esbuild";
import { filesUnder, ROOT } from "../support/build.ts";
import { CALCULATOR_ENTRY, homepageData, TOOLS_ENTRY } from "../../_config/bundle.ts";

interface Import {
  target: string;
  /** `import type …` or `export type …`: erased when the code runs, so nothing of the target runs. */
  typeOnly: boolean;
}

/** Every relative import of a TypeScript file, resolved to a path under the repository. */
async function importsOf(file: string): Promise<Import[]> {
  const source = await readFile(path.join(ROOT, file), "utf8");
  const found = [
    ...source.matchAll(
      /\b(import|export)(\s+type\b)?[^;]*?\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
    ),
  ];
  return (
    found
      // A declaration file holds only types, whatever form its imports take.
      .map((match) => ({
        specifier: match[3] ?? match[4] ?? "",
        typeOnly: Boolean(match[2]) || file.endsWith(".d.ts"),
      }))
      .filter(({ specifier }) => specifier.startsWith("."))
      .map(({ specifier, typeOnly }) => ({
        target: path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier)),
        typeOnly,
      }))
  );
}

async function typescriptFiles(folder: string): Promise<string[]> {
  const files = await filesUnder(path.join(ROOT, folder));
  return files.filter((file) => file.endsWith(".ts")).map((file) => path.join(folder, file));
}

const under = (file: string, folder: string) => file === folder || file.startsWith(`${folder}/`);

/** Fails naming `file imports target` for every import from `folder` that `allowed` refuses. */
async function assertImports(folder: string, allowed: (target: string, typeOnly: boolean) => boolean) {
  const found: string[] = [];
  for (const file of await typescriptFiles(folder))
    for (const { target, typeOnly } of await importsOf(file))
      if (!allowed(target, typeOnly))
        found.push(`${file} imports ${target}${typeOnly ? " (type only)" : ""}`);
  assert.equal(found, [], `imports from ${folder}/`);
}

/**
 * Fails unless the bundle of `entry` holds a file under `expected`, and only files that `allowed` accepts:
 * the files esbuild's metafile says it holds, relative to the repository.
 */
async function assertBundle(entry: string, expected: string, allowed: (input: string) => boolean) {
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    format: "esm",
    platform: "browser",
    logLevel: "silent",
    plugins: [homepageData],
  });
  const inputs = Object.keys(result.metafile.inputs);
  assert.ok(
    inputs.some((input) => input.startsWith(expected)),
    inputs.join(", "),
  );
  const refused = inputs.filter((input) => !allowed(input));
  assert.equal(refused, []);
}

test("the import reader finds relative imports, including type-only ones", async () => {
  const openapi = (await importsOf("_data/openapi.ts")).map(({ target }) => target);
  for (const target of ["_data/endpoints.ts", "common/constants.ts"])
    assert.ok(openapi.includes(target), openapi.join(", "));
  const chart = await importsOf("common/chart.ts");
  assert.ok(
    chart.some(({ target, typeOnly }) => target === "contract/calculate-output.ts" && typeOnly),
    JSON.stringify(chart),
  );
});

test("the folders the layout names exist, and no source folder is named build/", () => {
  const folders = [
    "assets/page",
    "assets/tools",
    "assets/styles",
    "common/engine",
    "common/input",
    "common/tools",
    "common/text",
    "contract",
    "_config",
    "_data",
    "content/pages",
    "_includes/layouts",
    "_includes/partials",
  ];
  for (const folder of folders) assert.ok(existsSync(path.join(ROOT, folder)), `${folder}/ is missing`);
  for (const folder of ["build", "browser", "assets/engine", "assets/input", "_includes/lib"])
    assert.not.ok(existsSync(path.join(ROOT, folder)), `${folder}/ should not exist`);
});

test("_includes/ holds only layouts and partials (Liquid), no modules", async () => {
  const files = await filesUnder(path.join(ROOT, "_includes"));
  const others = files.filter((file) => !file.endsWith(".liquid"));
  assert.equal(others, []);
});

test(`browser code runs nothing of the build: assets/ imports assets/ and common/, and only types from \
contract/`, async () => {
  const allowed = (target: string, typeOnly: boolean) =>
    under(target, "assets") || under(target, "common") || (typeOnly && under(target, "contract"));
  await assertImports("assets", allowed);
  await assertImports("common", (target, typeOnly) => allowed(target, typeOnly) && !under(target, "assets"));
});

test(`_data/ tells the writer's files from the derived ones in its first line, and never imports \
_config/`, async () => {
  const files = await filesUnder(path.join(ROOT, "_data"));
  const texts = await Promise.all(files.map((file) => readFile(path.join(ROOT, "_data", file), "utf8")));
  const startingWith = (start: string) => files.filter((_, index) => texts[index]!.startsWith(start));
  const writers = startingWith("// Written by hand");
  assert.equal(writers, ["calculator.ts", "ranks.ts"]);
  const derived = startingWith("// Derived, not written by hand: ");
  assert.equal([...writers, ...derived].sort(), files, "every file says which it is in its first line");
  await assertImports("_data", (target) => !under(target, "_config"));
});

test("inside common/, the engine imports only itself and the constants; the input checker not the tools", async () => {
  const leaf = (target: string) => target === "common/constants.ts";
  const engineAllowed = (target: string, typeOnly: boolean) =>
    under(target, "common/engine") || leaf(target) || (typeOnly && under(target, "contract"));
  await assertImports("common/engine", engineAllowed);
  await assertImports("common/input", (target) => !under(target, "common/tools") && !under(target, "assets"));
  await assertImports("assets/tools", (target) => !under(target, "assets/page"));
  // The text helpers every message shares ("did you mean", digit grouping) import nothing but each other.
  await assertImports("common/text", (target) => under(target, "common/text"));
});

test("the schemas import neither the Eleventy modules nor the derived data", async () => {
  await assertImports("contract", (target) => !under(target, "_config") && !under(target, "_data"));
});

test("the homepage bundle is made of assets/ and common/ files only: no schema, no zod, no build module", async () => {
  const browserCode = (input: string) =>
    input.startsWith("assets/") || input.startsWith("common/") || input.startsWith("homepage-data:");
  await assertBundle(CALCULATOR_ENTRY, "common/engine/", browserCode);
});

test("the tools module for code is its entry, common/ and the rank table: no page code, no DOM", async () => {
  const allowed = (input: string) =>
    input === "assets/tools/exp-bank.ts" || input.startsWith("common/") || input.startsWith("homepage-data:");
  await assertBundle(TOOLS_ENTRY, "common/tools/", allowed);
});

test.run();
