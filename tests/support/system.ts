/**
 * The machine as a writer's shell sees it, for the benchmark's baseline and install figures: npm
 * scripts put this project's node_modules/.bin first on PATH, with the Node `npm ci` may have
 * brought; these leave the project's folders out.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./build.ts";

export const SYSTEM_PATH = (process.env.PATH ?? "")
  .split(path.delimiter)
  .filter((folder) => folder && !path.resolve(folder).startsWith(ROOT))
  .join(path.delimiter);

/** The system's Node: the first `node` on SYSTEM_PATH. */
export const SYSTEM_NODE =
  SYSTEM_PATH.split(path.delimiter)
    .map((folder) => path.join(folder, "node"))
    .find((file) => existsSync(file)) ?? "node";
