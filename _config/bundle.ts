/**
 * Bundles the site's ES modules, minified, from the same `common/` code: the homepage module
 * (`assets/page/home.ts`: the growth engine and the calculator form) at `site.paths.calculatorScript`,
 * with its lazy modules (each file of `assets/lazy/` at `assets/NAME.js`) and the chunks they share
 * with it beside it; the page's WebMCP tools, whole, at `assets/tools.js`; and the tools alone for
 * code, self-contained (`assets/tools/exp-bank.ts`: no DOM, no model context) at `site.paths.toolsModule`. Only the
 * bundles are published; the TypeScript sources are not copied. esbuild, because Eleventy has no
 * bundler of its own for TypeScript modules.
 */
import { readdirSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, context, type BuildContext, type BuildOptions, type OutputFile, type Plugin } from "esbuild";
import rankList from "../_data/ranks.ts";
import { paths } from "../_data/site.ts";
import { toolDescriptors } from "../contract/tool-descriptors.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The homepage's entry module, and the tools module's. */
export const CALCULATOR_ENTRY = path.join(ROOT, "assets/page/home.ts");
export const TOOLS_ENTRY = path.join(ROOT, "assets/tools/exp-bank.ts");
/** The page's WebMCP tools: a lazy module bundled whole, as `tools`, since it shares nothing with the page. */
const PAGE_TOOLS_ENTRY = path.join(ROOT, "assets/tools/page-tools.ts");

/** The homepage's lazy modules: every file of `assets/lazy/`. */
export const LAZY_ENTRIES = readdirSync(path.join(ROOT, "assets/lazy"))
  .filter((file) => file.endsWith(".ts"))
  .map((file) => path.join(ROOT, "assets/lazy", file));

/** Where the homepage's bundle is published, without `.js` (esbuild adds it): its lazy modules sit beside it. */
const CALCULATOR_OUT = paths.calculatorScript.replace(/\.js$/, "");
const besideCalculator = (name: string) => path.posix.join(path.posix.dirname(CALCULATOR_OUT), name);

/** Browsers with ES2022 and `Intl.NumberFormat` decimal strings; WebMCP itself is Chromium-only. */
export const TARGETS = ["chrome111", "edge111", "firefox116", "safari16.4"];

/** The modules of data the build hands the bundles, typed in `assets/page/homepage-data.d.ts`. */
const VIRTUAL_MODULES: Record<string, () => string> = {
  /** The rank table, already validated by `_data/ranks.ts`. */
  "homepage-data": () => `export const rankList = ${JSON.stringify(rankList)};`,
  /** The tool descriptors, apart, so that only the lazy tools module carries them. */
  "tool-descriptors": () => `export const toolDescriptors = ${JSON.stringify(toolDescriptors)};`,
};

/**
 * Serves `virtual:homepage-data` and `virtual:tool-descriptors`, computed here in Node: the page gets
 * plain values and never runs the build's validation or `z.toJSONSchema`.
 */
export const homepageData: Plugin = {
  name: "homepage-data",
  setup(esbuild) {
    esbuild.onResolve({ filter: /^virtual:/ }, (args) => ({
      path: args.path.slice("virtual:".length),
      namespace: "homepage-data",
    }));
    esbuild.onLoad({ filter: /.*/, namespace: "homepage-data" }, (args) => ({
      contents: VIRTUAL_MODULES[args.path]!(),
      loader: "js",
    }));
  },
};

/** esbuild's contexts in `npm start`, kept in memory so a rebuild bundles only what changed. */
let watching: Promise<BuildContext[]> | undefined;

/** The bundles, in memory; with `serving`, through the kept contexts. */
export async function bundleCalculator(serving = false): Promise<OutputFile[]> {
  const options: BuildOptions = {
    outdir: ".",
    // Relative paths resolve in the project, whatever the process's folder.
    absWorkingDir: ROOT,
    bundle: true,
    format: "esm",
    minify: true,
    target: TARGETS,
    legalComments: "eof",
    logLevel: "silent",
    plugins: [homepageData],
    write: false,
  };
  // Each entry and where its bundle is published, relative to the output folder.
  const builds: BuildOptions[] = [
    {
      ...options,
      entryPoints: [
        { in: CALCULATOR_ENTRY, out: CALCULATOR_OUT },
        ...LAZY_ENTRIES.map((entry) => ({ in: entry, out: besideCalculator(path.basename(entry, ".ts")) })),
      ],
      // Code the homepage shares with a lazy module is one chunk beside them, loaded and run once.
      splitting: true,
      chunkNames: besideCalculator("[name]-[hash]"),
    },
    {
      ...options,
      entryPoints: [
        { in: TOOLS_ENTRY, out: paths.toolsModule.replace(/\.js$/, "") },
        { in: PAGE_TOOLS_ENTRY, out: besideCalculator("tools") },
      ],
    },
  ];
  const results = serving
    ? await Promise.all((await (watching ??= Promise.all(builds.map(context)))).map((kept) => kept.rebuild()))
    : await Promise.all(builds.map((each) => build(each)));
  return results.flatMap((result) => result.outputFiles!);
}

/** Writes `bundles` into `outputDir`. */
export async function writeBundles(
  outputDir: string,
  bundles: OutputFile[] | Promise<OutputFile[]>,
): Promise<void> {
  for (const file of await bundles) {
    // esbuild names each output under `absWorkingDir`; the same relative path lands in `outputDir`.
    const outfile = path.resolve(outputDir, path.relative(ROOT, file.path));
    await mkdir(path.dirname(outfile), { recursive: true });
    await writeFile(outfile, file.contents);
  }
}
