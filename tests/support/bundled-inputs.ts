/**
 * Which project files a module runs, as esbuild reads its imports: the oracle the cache tests hold
 * a cache's key to (every file a kept result depends on must be hashed).
 */
import path from "node:path";
import * as esbuild from "esbuild";
import { ROOT } from "./build.ts";

/** The project files esbuild reads when it bundles `modules` (packages left out), relative to the project. */
export async function bundledInputs(modules: readonly string[]): Promise<string[]> {
  const result = await esbuild.build({
    entryPoints: modules.map((module) => path.join(ROOT, module)),
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    metafile: true,
    outdir: "out",
    format: "esm",
    platform: "node",
    packages: "external",
    logLevel: "silent",
  });
  return Object.keys(result.metafile.inputs);
}
