/**
 * The newest modification time (ms) of a project's TypeScript sources: `npm start`'s module hook
 * (`reload-modules.js`) versions the project's modules by it, and the tests' in-process builds
 * use it to tell that a copy's TypeScript changed. Plain JavaScript, so the hook can load it.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/** The newest modification time of the `.ts` files under `folder`, leaving out dot-folders and `skip`. */
export function newestSource(folder, skip = new Set(["node_modules"])) {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || skip.has(entry.name)) continue;
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(file, skip));
    else if (entry.name.endsWith(".ts")) newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
}
