/**
 * Results of one step of the build, kept for the next build (build-cache.ts) so that a step whose
 * input did not change is not done again: a check's verdict on a page (only ever a pass: a failure
 * is never kept, so it is found and reported again, the same way, by the next build) or an output
 * derived from an input (a page's HTML with its links rewritten, a highlighted code block).
 *
 * Each result is kept under the hash of its input (the page's HTML, the code and its language),
 * in an entry named after the step and keyed by its recipe: the hash of the step's own modules and
 * every project module they import (`recipeFiles`, which tests/unit/kept-results.test.ts holds to
 * esbuild's reading of the imports), the installed packages' lock (the versions of the packages it
 * runs) and its settings (the path prefix, the map of pages to URLs). An edit to any of
 * these starts from an empty entry. An entry keeps the results this build used and, for builds
 * that use only some (a rebuild of `npm start`), as many of the ones it kept before, so it never
 * grows without bound; a few entries are kept per step (one per base URL a test run builds).
 *
 * A step opens its results on first use in a build; `keepResults` (in `eleventy.after`) writes the
 * entries that gained a result and closes them all, so the next build opens them anew. Under
 * `npm start` the results stay open in memory from one rebuild to the next, and the entries are
 * written only once the dev server has been idle a moment, so that writing them never delays a
 * rebuild's reload.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { hashOf, PROJECT, readKeyed, writeKeyed } from "./build-cache.ts";

/** What a step's results depend on besides their input. */
export interface Recipe {
  /** The step's modules, relative to the project: with every project module they import, however deep. */
  modules: readonly string[];
  /** Other files it reads (a stylesheet, the config that sets it up). */
  files?: readonly string[];
  /** The step's settings, as text; computed when the step first runs in a build. */
  settings?: () => string | Promise<string>;
}

/**
 * The project modules a module imports at run time: `import … from "./x.ts"` and `export … from`
 * with a relative path; `import type` is erased, so it is not one, and packages are in the lock.
 */
export function relativeImports(source: string): string[] {
  const statements = source.matchAll(
    /^(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?["'](\.{1,2}\/[^"']+)["']/gm,
  );
  return [...statements].filter((match) => !match[1]).map((match) => match[2]!);
}

/**
 * Each project file's bytes as this build read them, once however many recipes name it (`keepResults`
 * forgets them).
 */
let texts = new Map<string, Promise<Buffer | undefined>>();
/** Each project file's hash and project imports, once per build however many recipes name it. */
let digests = new Map<string, Promise<string>>();
let imports = new Map<string, Promise<string[]>>();

function textOf(file: string): Promise<Buffer | undefined> {
  let text = texts.get(file);
  if (!text) texts.set(file, (text = readFile(path.join(PROJECT, file)).catch(() => undefined)));
  return text;
}

/** The hash of a file's bytes (the lock is read by every recipe: it is hashed once). */
function digestOf(file: string): Promise<string> {
  let digest = digests.get(file);
  if (!digest)
    digests.set(file, (digest = textOf(file).then((text) => (text ? hashOf([text]) : "\0missing"))));
  return digest;
}

/** The project modules a module imports, as paths relative to the project. */
function importsOf(module: string): Promise<string[]> {
  let found = imports.get(module);
  if (!found) {
    found = textOf(module).then((text) =>
      relativeImports(text?.toString("utf8") ?? "").map((specifier) =>
        path.posix.normalize(path.posix.join(path.posix.dirname(module), specifier)),
      ),
    );
    imports.set(module, found);
  }
  return found;
}

/**
 * Every file a recipe's results depend on, relative to the project, sorted: its modules and what they
 * import, its files, the lock.
 */
export async function recipeFiles(recipe: Recipe): Promise<string[]> {
  const found = new Set<string>();
  const pending = [...recipe.modules];
  while (pending.length > 0) {
    const module = pending.pop()!;
    if (found.has(module)) continue;
    found.add(module);
    pending.push(...(await importsOf(module)));
  }
  return [...new Set([...found, ...(recipe.files ?? []), "package-lock.json"])].sort();
}

/**
 * `record` with its keys in sorted order, so that the same settings always write the same text:
 * Eleventy fills its maps (the map of inputs to URLs) in the order the work finishes.
 */
export const sortedKeys = <T>(record: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** The key of a recipe as its files and settings now are. */
export async function recipeKey(recipe: Recipe): Promise<string> {
  const settings = (await recipe.settings?.()) ?? "";
  const files = await recipeFiles(recipe);
  const fileDigests = await Promise.all(files.map(digestOf));
  const filesHash = hashOf(files.flatMap((file, index) => [file, fileDigests[index]!]));
  return hashOf([filesHash, settings]);
}

interface KeptEntry<T> {
  results: Record<string, T>;
}

/**
 * How many results an entry keeps besides those its last build used: at least this many, or three
 * times as many as that build used (copies of the project built in turn by the tests share it).
 */
const OLDER_KEPT = 64;
/**
 * How much those older results may weigh: as much as the ones the last build used, or this much
 * (in characters of JSON), whichever is more. So reading an entry never costs a build more than
 * about twice its own results, however large each result (a page's HTML) is.
 */
const OLDER_KEPT_SIZE = 64 * 1024;

/** A result's size, in characters of JSON (a string's length is close enough). */
const sizeOf = (value: unknown) =>
  typeof value === "string" ? value.length : (JSON.stringify(value)?.length ?? 0);

/** The most recent of `older` (oldest first) that fit beside `used`: by count and by size. */
function recentOlder<T>(older: [string, T][], used: Map<string, T>): [string, T][] {
  const count = Math.max(3 * used.size, OLDER_KEPT);
  let room = Math.max(
    OLDER_KEPT_SIZE,
    [...used.values()].reduce((total, value) => total + sizeOf(value), 0),
  );
  const kept: [string, T][] = [];
  for (const result of older.toReversed()) {
    room -= sizeOf(result[1]);
    if (kept.length === count || room < 0) break;
    kept.push(result);
  }
  return kept.reverse();
}

/** When `keepResults` writes the entries: at once (a build), or once `npm start` is idle. */
export type WriteWhen = "now" | "when-idle";

/** A build writes its entries at once; `npm start` (Eleventy's `serve` and `watch` run modes) when idle. */
export const writeWhen = ({ runMode }: { runMode?: string }): WriteWhen =>
  runMode === "serve" || runMode === "watch" ? "when-idle" : "now";

/** How long `npm start` must have been idle before it writes the entries its rebuilds kept. */
const IDLE_WRITE_MS = 1000;

/** The entries waiting for `npm start` to be idle, each as its write; the latest per entry. */
const waiting = new Map<string, () => Promise<void>>();
let idleWrite: NodeJS.Timeout | undefined;
/** Counts calls of `keepResults`, so that writing stops as soon as the next rebuild begins. */
let generation = 0;
/** Resolves `waitingWritten`'s promise once the queue is empty. */
let allWritten: (() => void) | undefined;
let allWrittenPromise: Promise<void> | undefined;

/** Writes the waiting entries one at a time, until none is left or a rebuild begins. */
async function writeWaiting(started: number): Promise<void> {
  while (started === generation && waiting.size > 0) {
    const [name, write] = waiting.entries().next().value!;
    waiting.delete(name);
    // An entry that cannot be written (a full disk) only costs the next build the time to redo it.
    await write().catch(() => undefined);
    // A macrotask between entries, so a saved file's rebuild is never queued behind them all.
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (waiting.size > 0) return;
  allWritten?.();
  allWritten = undefined;
  allWrittenPromise = undefined;
}

/** Resolves once no entry waits to be written (tests: `npm start`'s idle writes). */
export function waitingWritten(): Promise<void> {
  if (waiting.size === 0) return Promise.resolve();
  allWrittenPromise ??= new Promise<void>((resolve) => (allWritten = resolve));
  return allWrittenPromise;
}

/** The steps with results open in this build, closed by `keepResults`. */
const open = new Set<KeptResults<unknown>>();

/** The hash of a step's input, under which its result is kept. */
export const inputKey = (...parts: (string | Buffer)[]) => hashOf(parts);

export class KeptResults<T> {
  /** The results read for this build's recipe, and those this build used or added. */
  #kept = new Map<string, T>();
  #used = new Map<string, T>();
  #added = false;
  #recipeKey: string | undefined;
  #opening: Promise<void> | undefined;
  /** Whether the results are open for this build. */
  #ready = false;

  readonly name: string;
  readonly recipe: Recipe;

  constructor(name: string, recipe: Recipe) {
    this.name = name;
    this.recipe = recipe;
  }

  /** Reads the kept results for this build, once per build; `get` answers only once it has. */
  opened(): Promise<void> {
    this.#opening ??= (async () => {
      open.add(this as KeptResults<unknown>);
      const key = await recipeKey(this.recipe);
      if (key !== this.#recipeKey) {
        const entry = await readKeyed<KeptEntry<T>>(this.name, key);
        this.#kept = new Map(Object.entries(entry?.results ?? {}));
        this.#recipeKey = key;
      }
      this.#ready = true;
    })();
    return this.#opening;
  }

  /** The result kept for `input` (an `inputKey`), or undefined when there is none or the results are not open. */
  get(input: string): T | undefined {
    if (!this.#ready) return undefined;
    const value = this.#used.get(input) ?? this.#kept.get(input);
    if (value !== undefined) this.#used.set(input, value);
    return value;
  }

  /** The result kept for `input`; else `compute()`'s, kept (a throw keeps nothing, so it throws again). */
  keptOr(input: string, compute: () => T): T {
    const known = this.get(input);
    if (known !== undefined) return known;
    const value = compute();
    this.set(input, value);
    return value;
  }

  /** As `keptOr`, for a result computed asynchronously. */
  async keptOrAwait(input: string, compute: () => Promise<T>): Promise<T> {
    const known = this.get(input);
    if (known !== undefined) return known;
    const value = await compute();
    this.set(input, value);
    return value;
  }

  /** Keeps `value` as the result for `input`, written when the build ends. */
  set(input: string, value: T): void {
    if (!this.#ready) return;
    this.#used.set(input, value);
    this.#added = true;
  }

  /**
   * Writes the results if this build added any (`when-idle`: queues the write), then closes them
   * until the next build opens them.
   */
  async close(when: WriteWhen = "now"): Promise<void> {
    open.delete(this as KeptResults<unknown>);
    await this.#opening?.catch(() => undefined);
    this.#opening = undefined;
    this.#ready = false;
    if (this.#added && this.#recipeKey !== undefined) {
      // The results this build used, after as many of the others kept before, the most recent of them.
      const others = [...this.#kept].filter(([input]) => !this.#used.has(input));
      const results = [...recentOlder(others, this.#used), ...this.#used];
      this.#kept = new Map(results);
      const [name, key] = [this.name, this.#recipeKey];
      const write = () => writeKeyed(name, key, { results: Object.fromEntries(results) });
      if (when === "now") await write();
      else waiting.set(`${name}-${key}`, write);
    }
    this.#used = new Map();
    this.#added = false;
  }
}

/**
 * Writes every step's new results and closes them: called once a build ends, and before the next
 * begins (a failed build ends without `eleventy.after`; what it found to pass still passes).
 * `when-idle` (`npm start`): the writes wait until no rebuild has begun for IDLE_WRITE_MS.
 */
export async function keepResults(when: WriteWhen = "now"): Promise<void> {
  generation += 1;
  clearTimeout(idleWrite);
  texts = new Map();
  digests = new Map();
  imports = new Map();
  await Promise.all([...open].map((results) => results.close(when)));
  if (waiting.size === 0) return;
  const started = generation;
  idleWrite = setTimeout(() => void writeWaiting(started), IDLE_WRITE_MS);
}
