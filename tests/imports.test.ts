/**
 * Data flows one way: browser code (`assets/`) never imports `_data/`, and `_data/` never imports
 * `_includes/`. Read from the source files, without a build.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { ROOT } from "./support/build.ts";

/** Every relative import specifier of a TypeScript file, resolved to a path under the repository. */
async function importsOf(file: string): Promise<string[]> {
  const source = await readFile(path.join(ROOT, file), "utf8");
  const specifiers = [...source.matchAll(/\b(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g)].map((match) => match[1] ?? match[2] ?? "");
  return specifiers.filter((specifier) => specifier.startsWith(".")).map((specifier) => path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier)));
}

async function typescriptFiles(folder: string): Promise<string[]> {
  const entries = await readdir(path.join(ROOT, folder), { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith(".ts")).map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

async function violations(folder: string, forbidden: string): Promise<string[]> {
  const found: string[] = [];
  for (const file of await typescriptFiles(folder)) {
    for (const target of await importsOf(file)) if (target.startsWith(`${forbidden}/`)) found.push(`${file} imports ${target}`);
  }
  return found;
}

test("the import reader finds relative imports, including type-only and dynamic ones", async () => {
  const imports = await importsOf("_data/openapi.ts");
  assert.ok(imports.includes("_data/endpoints.ts"), imports.join(", "));
  assert.ok(imports.includes("assets/contract/constants.ts"), imports.join(", "));
});

test("no file under assets/ imports _data/", async () => {
  assert.equal(await violations("assets", "_data"), []);
});

test("no file under _data/ imports _includes/", async () => {
  assert.equal(await violations("_data", "_includes"), []);
});

test.run();
