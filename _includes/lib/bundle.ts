/**
 * Bundles the homepage module (`assets/page/home.ts`: the growth engine, the two WebMCP tools and
 * the calculator form) into one minified ES module at `site.paths.calculatorScript`. Only the
 * bundle is published; the TypeScript sources are not copied.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { paths } from "../../_data/site.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The homepage's entry module and where its bundle is published, relative to the output folder. */
export const CALCULATOR_ENTRY = path.join(ROOT, "assets/page/home.ts");
export const CALCULATOR_BUNDLE = paths.calculatorScript;

/** The module whose value is computed at build time and shipped as JSON (its JSON Schemas come from zod). */
const DESCRIPTORS_MODULE = path.join(ROOT, "assets/tools/descriptors.ts");

/** Browsers with ES2022 and `Intl.NumberFormat` decimal strings; WebMCP itself is Chromium-only. */
const TARGETS = ["chrome111", "edge111", "firefox116", "safari16.4"];

/** Replaces `assets/tools/descriptors.ts` with its value, computed here in Node. */
const buildTimeDescriptors: esbuild.Plugin = {
  name: "build-time-tool-descriptors",
  setup(build) {
    build.onLoad({ filter: /[\\/]assets[\\/]tools[\\/]descriptors\.ts$/ }, async (args) => {
      if (path.resolve(args.path) !== DESCRIPTORS_MODULE) return undefined;
      const { toolDescriptors } = await import("../../assets/tools/descriptors.ts");
      return { contents: `export const toolDescriptors = ${JSON.stringify(toolDescriptors)};`, loader: "js" };
    });
  },
};

/** Writes the calculator bundle into `outputDir`. */
export async function bundleCalculator(outputDir: string): Promise<void> {
  await esbuild.build({
    entryPoints: [CALCULATOR_ENTRY],
    outfile: path.join(outputDir, CALCULATOR_BUNDLE),
    bundle: true,
    format: "esm",
    minify: true,
    target: TARGETS,
    platform: "browser",
    legalComments: "eof",
    logLevel: "silent",
    plugins: [buildTimeDescriptors],
  });
}
