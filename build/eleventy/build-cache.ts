/**
 * What a build keeps for the next one, so that nothing is redone that did not change: one entry
 * per name (the newest), in `node_modules/.cache/exp-bank-build/NAME.json`, beside Node's compile
 * cache (or in the folder `EXP_BANK_BUILD_CACHE` names, as a test gives its builds one of their
 * own). An entry holds the hash of everything its output depends on (`key`), which the next build
 * computes again and compares; a different key is a miss and the entry is replaced, so the folder
 * never holds more than one entry per name. Entries are written whole (a new file renamed over the
 * old), so two builds at once never read half an entry.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project folder, whose `node_modules` holds the cache. */
export const PROJECT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const folder = () => process.env.EXP_BANK_BUILD_CACHE || path.join(PROJECT, "node_modules/.cache/exp-bank-build");

/** The hash of `parts`, each length-prefixed so that no two lists of parts hash alike. */
export function hashOf(parts: (string | Buffer)[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(`${Buffer.byteLength(part)}:`).update(part);
  return hash.digest("hex");
}

/** The hash of the files `relativePaths` (under the project) with their names; a missing file hashes as missing. */
export async function hashOfFiles(relativePaths: string[]): Promise<string> {
  const sorted = [...new Set(relativePaths)].sort();
  const contents = await Promise.all(sorted.map((file) => readFile(path.join(PROJECT, file)).catch(() => "\0missing")));
  return hashOf(sorted.flatMap((file, index) => [file, contents[index]!]));
}

/** The entry kept under `name`, or undefined when there is none or it cannot be read. */
export async function readEntry<T>(name: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path.join(folder(), `${name}.json`), "utf8")) as T;
  } catch {
    return undefined;
  }
}

/** Replaces the entry kept under `name` with `value`. */
export async function writeEntry(name: string, value: unknown): Promise<void> {
  await mkdir(folder(), { recursive: true });
  const file = path.join(folder(), `${name}.json`);
  const partial = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(partial, JSON.stringify(value));
  await rename(partial, file);
}
