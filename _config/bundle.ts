/**
 * Bundles the homepage module (`assets/page/home.ts`: the growth engine, the two WebMCP tools and
 * the calculator form) into one minified ES module at `site.paths.calculatorScript`. Only the
 * bundle is published; the TypeScript sources are not copied. esbuild, because Eleventy has no
 * bundler of its own for TypeScript modules.
 *
 * The bundle is kept for the next build (build-cache.ts) under the hash of everything it is made
 * of: each source file esbuild read, the data it is given, this module (its options) and esbuild's
 * version. A build whose inputs did not change writes the kept bundle and does not start esbuild;
 * one that starts it stops it when the bundle is written, so no process outlives the build.
 * `npm start` keeps esbuild's process for its next rebuild (starting it again costs more than a
 * bundle) and stops it when the dev server exits; esbuild also exits by itself when the process
 * that started it is gone, however it ended (its input pipe closes).
 */
import { readFile, mkdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type * as esbuild from "esbuild";
import { hashOf, hashOfFiles, readEntry, writeEntry } from "./build-cache.ts";
import { paths } from "../_data/site.ts";
import { keptExport } from "./contract-cache.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The homepage's entry module and where its bundle is published, relative to the output folder. */
export const CALCULATOR_ENTRY = path.join(ROOT, "assets/page/home.ts");
export const CALCULATOR_BUNDLE = paths.calculatorScript;

/** Browsers with ES2022 and `Intl.NumberFormat` decimal strings; WebMCP itself is Chromium-only. */
const TARGETS = ["chrome111", "edge111", "firefox116", "safari16.4"];

/**
 * Serves `virtual:homepage-data` (typed in `assets/page/homepage-data.d.ts`): the rank table,
 * already validated by `_data/ranks.ts`, and the
 * tool descriptors, computed here in Node. The page gets plain values and never runs the build's
 * validation or `z.toJSONSchema`.
 */
export const homepageData: esbuild.Plugin = {
  name: "homepage-data",
  setup(build) {
    build.onResolve({ filter: /^virtual:homepage-data$/ }, (args) => ({
      path: args.path,
      namespace: "homepage-data",
    }));
    build.onLoad({ filter: /.*/, namespace: "homepage-data" }, async () => ({
      contents: await homepageDataSource(),
      loader: "js",
    }));
  },
};

/** The module `virtual:homepage-data` stands for, from the contract's data (kept while it is unchanged). */
async function homepageDataSource(): Promise<string> {
  const rankList = await keptExport("_data/ranks.ts", "default");
  const toolDescriptors = await keptExport("contract/tool-descriptors.ts", "toolDescriptors");
  const rankExport = `export const rankList = ${JSON.stringify(rankList)};`;
  return `${rankExport}\nexport const toolDescriptors = ${JSON.stringify(toolDescriptors)};`;
}

/** What the bundle is made of besides its source files. */
export interface BundleRecipe {
  esbuildVersion: string;
  /** This module's text: the bundle's options and plugin. */
  config: string;
  /** The data the page is given (`virtual:homepage-data`). */
  data: string;
}

/** The key of a bundle: its recipe and the hash of its source files. */
export const bundleKey = (recipe: BundleRecipe, sourcesHash: string) =>
  hashOf([recipe.esbuildVersion, recipe.config, recipe.data, sourcesHash]);

interface KeptBundle {
  key: string;
  /** The source files esbuild read, relative to the project. */
  sources: string[];
  code: string;
}

const ESBUILD_PACKAGE = createRequire(import.meta.url).resolve("esbuild/package.json");

async function recipe(): Promise<BundleRecipe> {
  const esbuildPackage = JSON.parse(await readFile(ESBUILD_PACKAGE, "utf8")) as { version: string };
  const config = await readFile(fileURLToPath(import.meta.url), "utf8");
  return { esbuildVersion: esbuildPackage.version, config, data: await homepageDataSource() };
}

/** How esbuild reads each kind of source file. */
const LOADERS: Record<string, esbuild.Loader> = { ".ts": "ts", ".js": "js", ".mjs": "js", ".json": "json" };

/**
 * Hands esbuild each source file's text and keeps it: the kept bundle's key is the hash of exactly
 * what was bundled, even when a file is saved again while esbuild runs.
 */
function readSources(read: Map<string, Buffer>): esbuild.Plugin {
  return {
    name: "read-sources",
    setup(build) {
      build.onLoad({ filter: /.*/, namespace: "file" }, async (args) => {
        const loader = LOADERS[path.extname(args.path)];
        const known = Object.keys(LOADERS).join(", ");
        const fix = "add a loader in _config/bundle.ts";
        if (!loader) throw new Error(`${args.path}: the homepage bundle reads only ${known} files; ${fix}`);
        const contents = await readFile(args.path);
        read.set(path.relative(ROOT, args.path).split(path.sep).join("/"), contents);
        return { contents, loader };
      });
    },
  };
}

/** The hash of source files as `hashOfFiles` computes it, from their texts as read. */
const hashOfTexts = (texts: Map<string, Buffer>) =>
  hashOf([...texts.keys()].sort().flatMap((file) => [file, texts.get(file)!]));

/** `npm start` keeps esbuild running between rebuilds. */
const KEEP_RUNNING = process.argv.includes("--serve");
/** Set on the process once esbuild's stop is hooked to its exit (this module loads again on a config reset). */
const STOP_AT_EXIT = Symbol.for("exp-bank.esbuild-stop-at-exit");

/** Stops esbuild now, or, in `npm start`, when the process exits. */
async function release(stop: () => Promise<void>): Promise<void> {
  if (!KEEP_RUNNING) return stop();
  const state = globalThis as { [STOP_AT_EXIT]?: boolean };
  if (state[STOP_AT_EXIT]) return;
  state[STOP_AT_EXIT] = true;
  process.once("exit", () => void stop());
}

/**
 * Runs esbuild once and stops it (`npm start` keeps it for the next rebuild): the bundle's text and
 * the source files it read, with the hash of their texts.
 */
async function runEsbuild(): Promise<{ code: string; sources: string[]; sourcesHash: string }> {
  const { build, stop } = await import("esbuild");
  const read = new Map<string, Buffer>();
  try {
    const result = await build({
      entryPoints: [CALCULATOR_ENTRY],
      // Relative paths resolve in the project, whatever the process's folder.
      absWorkingDir: ROOT,
      outfile: path.join(ROOT, CALCULATOR_BUNDLE),
      write: false,
      bundle: true,
      format: "esm",
      minify: true,
      target: TARGETS,
      platform: "browser",
      legalComments: "eof",
      logLevel: "silent",
      plugins: [homepageData, readSources(read)],
    });
    return {
      code: result.outputFiles[0]!.text,
      sources: [...read.keys()].sort(),
      sourcesHash: hashOfTexts(read),
    };
  } finally {
    await release(stop);
  }
}

/** Writes the calculator bundle into `outputDir`: the kept one when nothing it is made of changed. */
export async function bundleCalculator(outputDir: string): Promise<void> {
  const [made, kept] = await Promise.all([recipe(), readEntry<KeptBundle>("bundle")]);
  let code = kept && kept.key === bundleKey(made, await hashOfFiles(kept.sources)) ? kept.code : undefined;
  if (code === undefined) {
    const built = await runEsbuild();
    code = built.code;
    const entry: KeptBundle = { key: bundleKey(made, built.sourcesHash), sources: built.sources, code };
    await writeEntry("bundle", entry);
  }
  const outfile = path.resolve(outputDir, CALCULATOR_BUNDLE);
  await mkdir(path.dirname(outfile), { recursive: true });
  await writeFile(outfile, code);
}
