/**
 * Bundles the site's two ES modules, each minified and self-contained, from the same `common/` code:
 * the homepage module (`assets/page/home.ts`: the growth engine, the two WebMCP tools and the
 * calculator form) at `site.paths.calculatorScript`, and the tools alone for code
 * (`assets/tools/exp-bank.ts`: no DOM, no model context) at `site.paths.toolsModule`. Only the
 * bundles are published; the TypeScript sources are not copied. esbuild, because Eleventy has no
 * bundler of its own for TypeScript modules.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, context, type BuildContext, type BuildOptions, type Plugin } from "esbuild";
import rankList from "../_data/ranks.ts";
import { paths } from "../_data/site.ts";
import { toolDescriptors } from "../contract/tool-descriptors.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The homepage's entry module, and the tools module's. */
export const CALCULATOR_ENTRY = path.join(ROOT, "assets/page/home.ts");
export const TOOLS_ENTRY = path.join(ROOT, "assets/tools/exp-bank.ts");

/** Browsers with ES2022 and `Intl.NumberFormat` decimal strings; WebMCP itself is Chromium-only. */
export const TARGETS = ["chrome111", "edge111", "firefox116", "safari16.4"];

/**
 * Serves `virtual:homepage-data` (typed in `assets/page/homepage-data.d.ts`): the rank table,
 * already validated by `_data/ranks.ts`, and the tool descriptors, computed here in Node. The page
 * gets plain values and never runs the build's validation or `z.toJSONSchema`; the tools module
 * reads only the rank table (esbuild leaves the unused descriptors out).
 */
export const homepageData: Plugin = {
  name: "homepage-data",
  setup(esbuild) {
    esbuild.onResolve({ filter: /^virtual:homepage-data$/ }, (args) => ({
      path: args.path,
      namespace: "homepage-data",
    }));
    esbuild.onLoad({ filter: /.*/, namespace: "homepage-data" }, () => ({
      contents:
        `export const rankList = ${JSON.stringify(rankList)};\n` +
        `export const toolDescriptors = ${JSON.stringify(toolDescriptors)};`,
      loader: "js",
    }));
  },
};

/** esbuild's context in `npm start`, kept in memory so a rebuild bundles only what changed. */
let watching: Promise<BuildContext> | undefined;

/** Writes both bundles into `outputDir`; with `serving`, through the kept context. */
export async function bundleCalculator(outputDir: string, serving = false): Promise<void> {
  const options: BuildOptions = {
    // Each entry and where its bundle is published, relative to the output folder (esbuild adds `.js`).
    entryPoints: [
      { in: CALCULATOR_ENTRY, out: paths.calculatorScript.replace(/\.js$/, "") },
      { in: TOOLS_ENTRY, out: paths.toolsModule.replace(/\.js$/, "") },
    ],
    outdir: ".",
    // Relative paths resolve in the project, whatever the process's folder.
    absWorkingDir: ROOT,
    bundle: true,
    format: "esm",
    minify: true,
    target: TARGETS,
    platform: "browser",
    legalComments: "eof",
    logLevel: "silent",
    plugins: [homepageData],
    write: false,
  };
  const result = serving ? await (await (watching ??= context(options))).rebuild() : await build(options);
  for (const file of result.outputFiles!) {
    // esbuild names each output under `absWorkingDir`; the same relative path lands in `outputDir`.
    const outfile = path.resolve(outputDir, path.relative(ROOT, file.path));
    await mkdir(path.dirname(outfile), { recursive: true });
    await writeFile(outfile, file.contents);
  }
}
