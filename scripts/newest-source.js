/**
 * The newest modification time (ms) of a project's TypeScript sources: the tests' in-process builds
 * use it to tell that a copy's TypeScript changed since its first build.
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
