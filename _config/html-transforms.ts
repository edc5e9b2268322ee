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
 *
 * The inlined stylesheet and its hash in the Content-Security-Policy are set aside while a page's
 * links are rewritten (the transform passes the text of a `<style>` and a `<meta>`'s policy
 * through as they are), so a stylesheet edit, which changes every page, still finds every page's
 * links rewritten. Where a page does not hold them exactly once, it is rewritten as it is.
 */
import { createHash } from "node:crypto";
import type UserConfig from "@11ty/eleventy/UserConfig";
import { inputKey, KeptResults } from "./kept-results.ts";

/** What stands for the stylesheet and for its hash while they are set aside. */
const STYLESHEET_MARK = "/* the page's stylesheet, set aside */";
const HASH_MARK = "'sha256-the-page-stylesheet-set-aside'";

interface SetAside {
  /** The page with its stylesheet and the stylesheet's hash replaced by the marks. */
  html: string;
  css: string;
  hash: string;
}

/** How many times `part` occurs in `text`. */
const occurrences = (text: string, part: string) => text.split(part).length - 1;

/** The page with its one `<style>` and that style's one CSP hash set aside, or undefined. */
function setAsideStylesheet(html: string): SetAside | undefined {
  if (occurrences(html, "<style>") !== 1 || occurrences(html, "</style>") !== 1) return undefined;
  const start = html.indexOf("<style>") + "<style>".length;
  const end = html.indexOf("</style>");
  const css = html.slice(start, end);
  const hash = `'sha256-${createHash("sha256").update(css).digest("base64")}'`;
  const before = html.slice(0, start - "<style>".length);
  if (
    occurrences(before, hash) !== 1 ||
    occurrences(html, STYLESHEET_MARK) + occurrences(html, HASH_MARK) > 0
  )
    return undefined;
  return {
    html: `${before.replace(hash, () => HASH_MARK)}<style>${STYLESHEET_MARK}${html.slice(end)}`,
    css,
    hash,
  };
}

/** The rewritten page with its stylesheet and hash put back, or undefined if a mark is not there once. */
function putBack(transformed: string, { css, hash }: SetAside): string | undefined {
  if (occurrences(transformed, STYLESHEET_MARK) !== 1 || occurrences(transformed, HASH_MARK) !== 1)
    return undefined;
  return transformed.replace(STYLESHEET_MARK, () => css).replace(HASH_MARK, () => hash);
}

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
    const transform = (html: string) => transformer.transformContent(this.outputPath, html, this);
    const aside = setAsideStylesheet(content);
    const page = aside?.html ?? content;
    const transformed = await kept.keptOrAwait(
      inputKey(JSON.stringify({ inputPath, url, baseHref }), page),
      () => transform(page),
    );
    if (!aside) return transformed;
    return putBack(transformed, aside) ?? transform(content);
  });
}
