/**
 * The data derived from the contract (the writer's data as its schemas checked it, the endpoints,
 * the zod-built OpenAPI document, the tools and their JSON Schemas), kept for the next build
 * (build-cache.ts) under the hash of everything it is made of: every file of the folders its
 * modules import from (`CONTRACT_INPUTS`, which tests/unit/contract-cache.test.ts holds to the modules'
 * real imports), the installed packages' lock, and the site's settings (`site`: the base URL and
 * the repository, from the environment). A build whose contract did not change reads the kept
 * values and never loads zod; one whose contract changed imports the modules, which check the data
 * and fail the build on a bad edit as before, and keeps what they export once they all succeeded.
 *
 * In `npm start` the key is computed again on each build (the files' modification times are
 * compared first, so an unchanged contract costs a stat of each file), and a changed contract is
 * imported anew through the module hook of `npm start` (scripts/reload-modules.js).
 */
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import site from "../_data/site.ts";
import { hashOf, hashOfFiles, PROJECT, readKeyed, writeKeyed } from "./build-cache.ts";

/** The exports kept, by module (relative to the project): each module's named exports. */
export const KEPT_EXPORTS = {
  "_data/ranks.ts": ["default"],
  "_data/calculator.ts": ["default"],
  "_data/endpoints.ts": ["default"],
  "_data/openapi.ts": ["default"],
  "_data/tools.ts": ["default"],
  "_data/shareCard.ts": ["default"],
  "contract/tool-descriptors.ts": ["toolDescriptors"],
} as const;

export type KeptModule = keyof typeof KEPT_EXPORTS;

/**
 * The folders and files the kept modules import from, whose every module (`.ts`, `.json`) is part of
 * the key. The homepage's own script (`assets/`) and the stylesheets are not among them.
 */
export const CONTRACT_INPUTS = [
  "common",
  "contract",
  "_data",
  "_config/contract-cache.ts",
  "package.json",
  "package-lock.json",
];

type Values = Record<string, Record<string, unknown>>;

interface KeptContract {
  values: Values;
}

/** The files under `CONTRACT_INPUTS`, relative to the project. */
async function inputFiles(): Promise<string[]> {
  const files: string[] = [];
  for (const input of CONTRACT_INPUTS) {
    const absolute = path.join(PROJECT, input);
    if (!(await stat(absolute).catch(() => undefined))?.isDirectory()) {
      files.push(input);
      continue;
    }
    const entries = await readdir(absolute, { recursive: true, withFileTypes: true });
    for (const entry of entries.filter((each) => each.isFile() && /\.(ts|json)$/.test(each.name))) {
      files.push(path.relative(PROJECT, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
    }
  }
  return files.sort();
}

/** The key of the contract as the files now are, for this build's settings. */
async function contractKey(files: string[]): Promise<string> {
  return hashOf([JSON.stringify(site), await hashOfFiles(files)]);
}

/** Imports every kept module (loading zod) and returns its kept exports, as JSON would keep them. */
async function importContract(): Promise<Values> {
  const values: Values = {};
  for (const [module, names] of Object.entries(KEPT_EXPORTS)) {
    const exports = (await import(pathToFileURL(path.join(PROJECT, module)).href)) as Record<string, unknown>;
    values[module] = Object.fromEntries(names.map((name) => [name, exports[name]]));
  }
  return JSON.parse(JSON.stringify(values)) as Values;
}

/** What this process last computed: the files with their modification times, and the values. */
let last: { times: Map<string, number>; key: string; values: Values } | undefined;

async function modificationTimes(files: string[]): Promise<Map<string, number>> {
  const timeOf = async (file: string) =>
    (await stat(path.join(PROJECT, file)).catch(() => undefined))?.mtimeMs ?? -1;
  const times = await Promise.all(files.map(timeOf));
  return new Map(files.map((file, index) => [file, times[index]!]));
}

const sameTimes = (a: Map<string, number>, b: Map<string, number>) =>
  a.size === b.size && [...a].every(([file, time]) => b.get(file) === time);

async function currentValues(): Promise<Values> {
  const files = await inputFiles();
  const times = await modificationTimes(files);
  if (last && sameTimes(times, last.times)) return last.values;
  const key = await contractKey(files);
  if (last?.key === key) {
    last = { ...last, times };
    return last.values;
  }
  const kept = await readKeyed<KeptContract>("contract", key);
  const values = kept ? kept.values : await importContract();
  if (!kept) await writeKeyed("contract", key, { values } satisfies KeptContract);
  last = { times, key, values };
  return values;
}

/** One build's look at the contract: computed once, however many modules ask. */
let pending: Promise<Values> | undefined;

/**
 * The export `name` of `module` as the contract's modules make it, from the kept contract when
 * nothing it is made of changed. Calls that overlap share one look; the next look is taken anew.
 */
type ExportOf<M extends KeptModule> = (typeof KEPT_EXPORTS)[M][number];

function look(): Promise<Values> {
  pending ??= currentValues().finally(() => setTimeout(() => (pending = undefined), 0));
  return pending;
}

export async function keptExport<M extends KeptModule>(module: M, name: ExportOf<M>): Promise<unknown> {
  return (await look())[module]![name];
}

/**
 * The key of the contract this build reads: it changes whenever any kept export may, so what is
 * derived from the exports alone (a field table) may be kept under it.
 */
export async function keptContractKey(): Promise<string> {
  await look();
  return last!.key;
}

/** Whether `file` (absolute) is a module whose exports the contract keeps; its path relative to the project if so. */
export function keptModule(file: string): KeptModule | undefined {
  const relative = path.relative(PROJECT, file).split(path.sep).join("/");
  return Object.hasOwn(KEPT_EXPORTS, relative) ? (relative as KeptModule) : undefined;
}
