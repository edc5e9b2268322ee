/**
 * The site's stylesheet, inlined in every page's head: a render-blocking request less on the way
 * to the first paint (Largest Contentful Paint on a throttled phone), allowed by its SHA-256 in
 * the Content-Security-Policy rather than by 'unsafe-inline', so injected styles stay blocked.
 * Minified by esbuild once per build (`npm start` follows an edit): the comments and spaces written
 * for the next engineer are a third of the bytes every page would carry in its head. What esbuild
 * cannot read (a brace left open, an unknown property), or a `</style` that would end the element,
 * fails the build with its file and line.
 * See https://www.w3.org/TR/CSP3/#grammardef-hash-source and https://esbuild.github.io/content-types/#css
 */
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { transform } from "esbuild";

const STYLES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../assets/styles");
const MINIFY = { loader: "css", minify: true } as const;

/** Each stylesheet of assets/styles/ by name, minified for this build (`minifyStylesheets`). */
let minified = new Map<string, string>();

/** Reads and minifies every stylesheet, before the pages render (`eleventy.before`). */
export async function minifyStylesheets(): Promise<void> {
  const files = (await readdir(STYLES)).filter((file) => file.endsWith(".css"));
  const sheets = files.map(async (file) => {
    const css = await readFile(path.join(STYLES, file), "utf8");
    const { code, warnings } = await transform(css, { ...MINIFY, sourcefile: `assets/styles/${file}` });
    const mistakes = warnings.map(
      ({ location: at, text }) => `${at?.file}:${at?.line}:${(at?.column ?? 0) + 1}: ${text}`,
    );
    // esbuild escapes "</style" in strings and url(), not in a custom property, a selector or a query.
    if (/<\/style/i.test(code))
      mistakes.push(`assets/styles/${file}: "</style" would end the inlined <style> element`);
    if (mistakes.length > 0)
      throw new Error(
        `A stylesheet's mistakes: correct each, a browser skips what it cannot read.\n  ${mistakes.join("\n  ")}`,
      );
    return [file.slice(0, -".css".length), code.trim()] as const;
  });
  minified = new Map(await Promise.all(sheets));
}

/**
 * The styles of a page: `site.css`, then each of the page's own (`styles` in its front matter, if any),
 * and the CSP hash source (`'sha256-…'`) of exactly that text.
 */
export function pageStylesheet(styles: readonly string[] | false): { css: string; hash: string } {
  const css = ["site", ...(styles || [])]
    .map((name) => {
      const sheet = minified.get(name);
      if (sheet === undefined)
        throw new Error(`Stylesheet "${name}": use the name of a file in assets/styles/ without ".css"`);
      return sheet;
    })
    .join("");
  return { css, hash: `'sha256-${createHash("sha256").update(css).digest("base64")}'` };
}
