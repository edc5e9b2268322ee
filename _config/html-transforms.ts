/**
 * Eleventy rewrites the links of every HTML page after it renders (its `html-transformer`
 * transform: posthtml parses the page, HtmlBasePlugin adds the path prefix and
 * InputPathToUrlTransformPlugin turns `docs.md` into `/docs/`, and the page is written out again).
 * What it writes depends only on the page's HTML, where the page is (its input path and URL; of
 * its output path only the extension, which says whether it is HTML), the path prefix, the map of
 * every input to its URL, and the code that does it (this
 * project's config and Eleventy's version). So each page's rewritten HTML is kept for the next build
 * (kept-results.ts) under those: a page that did not change is not parsed and written again.
 *
 * This replaces Eleventy's transform of that name, in its place among the transforms, with the
 * same call (`htmlTransformer.transformContent`) behind the kept results.
 */
import type UserConfig from "@11ty/eleventy/UserConfig";
import { inputKey, KeptResults } from "./kept-results.ts";

/** The name of Eleventy's own transform that runs the HTML transformer (its defaultConfig.js). */
const ELEVENTY_TRANSFORM = "@11ty/eleventy/html-transformer";

/** What a transform sees of the page it runs on (`this` in a transform). */
interface TransformContext {
  outputPath: string | false;
  inputPath: string;
  url: string | false;
  baseHref?: string;
}

interface HtmlTransformer {
  transformContent(outputPath: string | false, content: string, context: unknown): Promise<string>;
}

/**
 * What the rewritten HTML depends on besides the page and the settings: this module and the config
 * that adds the plugins.
 */
export const HTML_TRANSFORMS_RECIPE = {
  modules: ["_config/html-transforms.ts"],
  files: ["eleventy.config.ts"],
};

/** Keeps each page's rewritten HTML; `contentMap` is the map of inputs to URLs (`eleventy.contentMap`). */
export function keepHtmlTransforms(eleventyConfig: UserConfig, contentMap: () => unknown): void {
  const config = eleventyConfig as unknown as {
    transforms: Record<string, unknown>;
    htmlTransformer: HtmlTransformer;
    pathPrefix: string;
  };
  if (!Object.hasOwn(config.transforms, ELEVENTY_TRANSFORM))
    throw new Error(
      `Eleventy has no "${ELEVENTY_TRANSFORM}" transform any more: ` +
        "update _config/html-transforms.ts to the new version's",
    );
  const kept = new KeptResults<string>("html-transforms", {
    ...HTML_TRANSFORMS_RECIPE,
    settings: () => JSON.stringify({ pathPrefix: config.pathPrefix, contentMap: contentMap() }),
  });
  const transformer = config.htmlTransformer;
  eleventyConfig.addTransform(ELEVENTY_TRANSFORM, async function (this: TransformContext, content: string) {
    if (!this.outputPath || !this.outputPath.endsWith(".html"))
      return transformer.transformContent(this.outputPath, content, this);
    await kept.opened();
    const { inputPath, url, baseHref } = this;
    const key = inputKey(JSON.stringify({ inputPath, url, baseHref }), content);
    return kept.keptOrAwait(key, () => transformer.transformContent(this.outputPath, content, this));
  });
}
