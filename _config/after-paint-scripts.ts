/**
 * A page's own modules (`scripts` in its front matter, keys of `site.paths`) start after its first
 * paint: a `<script src>` in the HTML would arrive before the first frame and delay the Largest
 * Contentful Paint. The start script (`assets/start/after-paint.ts`), inlined in the page's head,
 * waits for the `paint` performance entry and then adds the modules as module scripts. esbuild
 * minifies it with the page's module URLs written in: these bytes count towards the homepage's
 * JavaScript budget. The URLs are relative to the page, so one text, and its CSP hash, serve any
 * base path.
 * See https://www.w3.org/TR/paint-timing/ and https://www.w3.org/TR/CSP3/#grammardef-hash-source
 */
import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { TARGETS } from "./bundle.ts";
import { href } from "./page-links.ts";

const START_SCRIPT = fileURLToPath(new URL("../assets/start/after-paint.ts", import.meta.url));

type StartScript = { js: string; hash: string };

/** Each list of module URLs' start script, compiled once while its source stays as it is. */
const compiled = new Map<string, Promise<StartScript>>();

/** The start script that adds the modules at `urls`, minified by esbuild, and its CSP hash source. */
async function compile(urls: string[]): Promise<StartScript> {
  const { outputFiles } = await build({
    entryPoints: [START_SCRIPT],
    bundle: true,
    define: { SCRIPT_URLS: JSON.stringify(urls) },
    format: "iife",
    minify: true,
    target: TARGETS,
    write: false,
    logLevel: "silent",
    // Not the project's tsconfig.json: its `strict` would add a "use strict" the script does not need.
    tsconfigRaw: {},
  });
  const js = outputFiles[0]!.text.trimEnd();
  return { js, hash: `'sha256-${createHash("sha256").update(js).digest("base64")}'` };
}

/** The inline script that adds `scripts` after the first paint of the page at `pageUrl`, and its CSP hash source. */
export function afterPaintScripts(scripts: readonly string[], pageUrl: string): Promise<StartScript> {
  if (scripts.length === 0) throw new Error("afterPaintScripts: the page lists no scripts");
  const from = pageUrl.endsWith("/") ? pageUrl : path.posix.dirname(pageUrl);
  const urls = scripts.map((key) => {
    const relative = path.posix.relative(from, href(key));
    return relative.startsWith(".") ? relative : `./${relative}`;
  });
  const key = JSON.stringify([statSync(START_SCRIPT).mtimeMs, urls]);
  if (!compiled.has(key)) compiled.set(key, compile(urls));
  return compiled.get(key)!;
}
