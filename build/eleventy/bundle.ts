/**
 * Bundles the homepage module (`assets/page/home.ts`: the growth engine, the two WebMCP tools and
 * the calculator form) into one minified ES module at `site.paths.calculatorScript`. Only the
 * bundle is published; the TypeScript sources are not copied. esbuild, because Eleventy has no
 * bundler of its own for TypeScript modules.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { paths } from "../data/site.ts";
import rankList from "../../_data/ranks.ts";
import { toolDescriptors } from "../schemas/tool-descriptors.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The homepage's entry module and where its bundle is published, relative to the output folder. */
export const CALCULATOR_ENTRY = path.join(ROOT, "assets/page/home.ts");
export const CALCULATOR_BUNDLE = paths.calculatorScript;

/** Browsers with ES2022 and `Intl.NumberFormat` decimal strings; WebMCP itself is Chromium-only. */
const TARGETS = ["chrome111", "edge111", "firefox116", "safari16.4"];

/**
 * Serves `virtual:homepage-data` (typed in `assets/page/homepage-data.d.ts`): the rank table, already validated by `_data/ranks.ts`, and the
 * tool descriptors, computed here in Node. The page gets plain values and never runs the build's
 * validation or `z.toJSONSchema`.
 */
export const homepageData: esbuild.Plugin = {
  name: "homepage-data",
  setup(build) {
    build.onResolve({ filter: /^virtual:homepage-data$/ }, (args) => ({ path: args.path, namespace: "homepage-data" }));
    build.onLoad({ filter: /.*/, namespace: "homepage-data" }, () => ({
      contents: `export const rankList = ${JSON.stringify(rankList)};\nexport const toolDescriptors = ${JSON.stringify(toolDescriptors)};`,
      loader: "js",
    }));
  },
};

/**
 * Writes the calculator bundle into `outputDir`. The path is made absolute here because esbuild
 * resolves a relative one against the folder the process started in, which is not the project's
 * when a build runs through Eleventy's programmatic API from another folder.
 */
export async function bundleCalculator(outputDir: string): Promise<void> {
  await esbuild.build({
    entryPoints: [CALCULATOR_ENTRY],
    outfile: path.resolve(outputDir, CALCULATOR_BUNDLE),
    bundle: true,
    format: "esm",
    minify: true,
    target: TARGETS,
    platform: "browser",
    legalComments: "eof",
    logLevel: "silent",
    plugins: [homepageData],
  });
}
