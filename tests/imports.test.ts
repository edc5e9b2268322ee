/**
 * Data flows one way: browser code (`browser/`) never imports the global data (`build/data/`), and
 * the global data never imports the Eleventy modules (`build/eleventy/`). Read from the source files, without a build.
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
  const imports = await importsOf("build/data/openapi.ts");
  assert.ok(imports.includes("build/data/endpoints.ts"), imports.join(", "));
  assert.ok(imports.includes("browser/constants.ts"), imports.join(", "));
});

test("no file under browser/ imports build/data/", async () => {
  assert.equal(await violations("browser", "build/data"), []);
});

test("no file under build/data/ imports build/eleventy/", async () => {
  assert.equal(await violations("build/data", "build/eleventy"), []);
});

test.run();
