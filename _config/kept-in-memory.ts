/**
 * What a process keeps in memory from one build to the next: the results of pure functions (a
 * code block's highlighting, a page's HTML found safe, the share card's picture), under their
 * whole input. `npm start` rebuilds every page on each save, and most pages did not change: their
 * results are taken from here instead of being computed again. A one-off build (`npm run build`)
 * computes each result once, as before.
 *
 * The key is everything the result depends on (the function's whole input), so a kept result is
 * never stale. Only results are kept, never errors: a failure is found again on every build. Each
 * memory keeps at most `limit` entries, the least recently used dropped, so a long session of
 * edits never grows it without bound. A config reset in `npm start` loads these modules anew and
 * starts with empty memories.
 */
export interface KeptInMemory<V> {
  /** The value kept under `key`, or undefined; a value found becomes the most recently used. */
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  readonly size: number;
}

export function keptInMemory<V>(limit: number): KeptInMemory<V> {
  const entries = new Map<string, V>();
  return {
    get(key) {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      // A Map iterates in insertion order: re-inserted, the entry is the newest.
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      while (entries.size > limit) entries.delete(entries.keys().next().value!);
    },
    get size() {
      return entries.size;
    },
  };
}
