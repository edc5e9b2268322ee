/**
 * A page's own modules (`scripts` in its front matter, keys of `site.paths`) start after the page's
 * first contentful paint. A `<script type="module" src>` is fetched while the HTML is parsed; on a
 * fast connection it arrives before the first frame is shown and runs ahead of it, so the paint of
 * the page's largest text waits for a round trip and a script it does not need (Lighthouse's
 * simulated throttling counts that request on the way to the Largest Contentful Paint). Instead, a
 * few bytes of inline module wait for the browser's `paint` performance entry (`buffered`, so an
 * entry from before the script ran counts too) and then import the modules: the first frame needs
 * nothing but the HTML. Every browser the bundle targets (`_config/bundle.ts`) reports paint
 * entries. A page loaded while hidden (a background tab, an agent's tab) has no first paint to wait
 * for until it is shown, and its tools must be there at once, so it loads them straight away.
 *
 * The specifiers are relative to the page, so the same text, and its hash, serve a site at an
 * origin's root and under a path. The inline script is allowed by its SHA-256 in the
 * Content-Security-Policy, as the stylesheet is, so an injected script stays blocked.
 * See https://www.w3.org/TR/paint-timing/ and https://www.w3.org/TR/CSP3/#grammardef-hash-source
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { href } from "./site-links.ts";

/** The inline module that imports `scripts` after the first paint of the page at `pageUrl`, and its CSP hash source. */
export function afterPaintScripts(scripts: readonly string[], pageUrl: string): { js: string; hash: string } {
  if (scripts.length === 0) throw new Error("afterPaintScripts: the page lists no scripts");
  const from = pageUrl.endsWith("/") ? pageUrl : path.posix.dirname(pageUrl);
  const urls = scripts.map((key) => {
    const relative = path.posix.relative(from, href(key));
    return relative.startsWith(".") ? relative : `./${relative}`;
  });
  // Minified by hand: these bytes count towards the homepage's JavaScript budget. A module script
  // this script adds is trusted through 'strict-dynamic' (an import() is not, in Chromium).
  const js =
    `const l=(_,o)=>{o?.disconnect();for(const u of ${JSON.stringify(urls)}){const s=document.createElement("script");` +
    `s.type="module";s.src=u;document.head.append(s)}};` +
    `document.hidden?l():new PerformanceObserver(l).observe({type:"paint",buffered:!0})`;
  if (/<\/script/i.test(js))
    throw new Error(`afterPaintScripts: ${scripts.join(", ")} would end the inline <script> element`);
  return { js, hash: `'sha256-${createHash("sha256").update(js).digest("base64")}'` };
}
