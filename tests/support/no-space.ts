/**
 * Preloaded into a build process (`NODE_OPTIONS=--import=…`) to fake a full disk: every file
 * written under a folder named in `NO_SPACE_UNDER` (folders separated by the path delimiter)
 * fails with ENOSPC, as `writeFile` fails on a full disk. The build's own imports of `node:fs`
 * and `node:fs/promises` see the failing functions (`syncBuiltinESMExports`).
 */
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import path from "node:path";

const folders = (process.env.NO_SPACE_UNDER ?? "")
  .split(path.delimiter)
  .filter(Boolean)
  .map((folder) => path.resolve(folder));

const full = (file: unknown) =>
  typeof file === "string" && folders.some((folder) => path.resolve(file).startsWith(folder));

function noSpace(file: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOSPC: no space left on device, write '${file}'`), {
    code: "ENOSPC",
    errno: -28,
    syscall: "write",
    path: file,
  });
}

const { writeFile } = fs.promises;
fs.promises.writeFile = (async (file: string, ...rest: unknown[]) => {
  if (full(file)) throw noSpace(file);
  return (writeFile as (...args: unknown[]) => Promise<void>)(file, ...rest);
}) as typeof writeFile;

const { writeFileSync } = fs;
fs.writeFileSync = ((file: string, ...rest: unknown[]) => {
  if (full(file)) throw noSpace(file);
  return (writeFileSync as (...args: unknown[]) => void)(file, ...rest);
}) as typeof writeFileSync;

syncBuiltinESMExports();
