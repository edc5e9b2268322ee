/**
 * TypeScript data files: each module's default export, and for global data (`_data/*.ts`) deeply
 * frozen. Eleventy merges the global data into every page's data; it deep-copies a plain object
 * for each page but shares a frozen one as it is (@11ty/eleventy-utils `Merge`), so the contract,
 * the tools and the endpoints cost nothing per page, and no template can change a value another
 * page reads. Directory and template data stay unfrozen: Eleventy normalises their `tags` in place.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";

/** Plain objects and arrays, the shapes data is written in; class instances keep their own state. */
function isPlainData(value: unknown): value is object {
  if (value === null || typeof value !== "object") return false;
  const prototype = Object.getPrototypeOf(value);
  return Array.isArray(value) || prototype === Object.prototype || prototype === null;
}

export function deepFreeze<T>(value: T): T {
  if (!isPlainData(value) || Object.isFrozen(value)) return value;
  for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  return Object.freeze(value);
}

/**
 * The parser of Eleventy's `ts` data extension (`read: false`: it imports the module itself);
 * `globalDataDir` is Eleventy's data folder.
 */
export function dataModuleParser(globalDataDir: string): (file: string) => Promise<unknown> {
  const globalPrefix = path.resolve(globalDataDir) + path.sep;
  return async (file) => {
    const absolute = path.resolve(file);
    const { default: value } = (await import(pathToFileURL(absolute).href)) as { default: unknown };
    return absolute.startsWith(globalPrefix) ? deepFreeze(value) : value;
  };
}
