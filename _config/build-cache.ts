/**
 * What a build keeps for the next one, so that nothing is redone that did not change, in
 * `node_modules/.cache/exp-bank-build/`, beside Node's compile cache (or in the folder
 * `EXP_BANK_BUILD_CACHE` names, as a test gives its builds one of their own). Each entry is kept
 * under the hash of everything its output depends on (its key), which the next build computes
 * again: either one entry per name (`NAME.json`, holding its key, replaced on a miss), or, where
 * the key can be computed before reading (`readKeyed`), the few most recently used entries
 * (`NAME-KEY.json`: the two base URLs a test run builds, for instance), the oldest removed. So the
 * folder never grows without bound. Entries are written whole (a new file renamed over the old),
 * so two builds at once never read half an entry.
 */
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project folder, whose `node_modules` holds the cache. */
export const PROJECT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const folder = () =>
  process.env.EXP_BANK_BUILD_CACHE || path.join(PROJECT, "node_modules/.cache/exp-bank-build");

/** The hash of `parts`, each length-prefixed so that no two lists of parts hash alike. */
export function hashOf(parts: (string | Buffer)[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(`${Buffer.byteLength(part)}:`).update(part);
  return hash.digest("hex");
}

/** The hash of the files `relativePaths` (under the project) with their names; a missing file hashes as missing. */
export async function hashOfFiles(relativePaths: string[]): Promise<string> {
  const sorted = [...new Set(relativePaths)].sort();
  const contents = await Promise.all(
    sorted.map((file) => readFile(path.join(PROJECT, file)).catch(() => "\0missing")),
  );
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

/** How many entries of one name `writeKeyed` keeps: the most recently used. */
const KEYED_ENTRIES = 4;

/** The entry kept under `name` for `key`, or undefined; a hit counts as a use. */
export async function readKeyed<T>(name: string, key: string): Promise<T | undefined> {
  const value = await readEntry<T>(`${name}-${key}`);
  if (value !== undefined) {
    const now = new Date();
    await utimes(path.join(folder(), `${name}-${key}.json`), now, now).catch(() => undefined);
  }
  return value;
}

/**
 * How long a partly written entry may stand before it is taken for a killed build's leftover: far
 * longer than any build takes to write one.
 */
export const PARTIAL_LEFT_MS = 10 * 60 * 1000;

/**
 * Keeps `value` under `name` for `key`, and removes all but the most recently used entries of
 * `name`, and the partial files of `name` a killed build left behind.
 */
export async function writeKeyed(name: string, key: string, value: unknown): Promise<void> {
  await writeEntry(`${name}-${key}`, value);
  const prefix = `${name}-`;
  const files = (await readdir(folder())).filter((file) => file.startsWith(prefix));
  const timeOf = async (file: string) =>
    (await stat(path.join(folder(), file)).catch(() => undefined))?.mtimeMs ?? 0;
  const dated = await Promise.all(files.map(async (file) => ({ file, time: await timeOf(file) })));
  const entries = dated.filter(({ file }) => file.endsWith(".json"));
  const oldest = entries.sort((a, b) => b.time - a.time).slice(KEYED_ENTRIES);
  const left = dated.filter(({ file, time }) => file.endsWith(".tmp") && Date.now() - time > PARTIAL_LEFT_MS);
  await Promise.all([...oldest, ...left].map(({ file }) => rm(path.join(folder(), file), { force: true })));
}
