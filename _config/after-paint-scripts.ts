/**
 * A page's own modules (`scripts` in its front matter, keys of `site.paths`) start after its first
 * paint: a `<script src>` in the HTML would arrive before the first frame and delay the Largest
 * Contentful Paint. A few bytes of inline script wait for the `paint` performance entry (`buffered`)
 * and then add the modules as module scripts; a page loaded hidden (an agent's tab) adds them at
 * once. The URLs are relative to the page, so one text, and its CSP hash, serve any base path.
 * See https://www.w3.org/TR/paint-timing/ and https://www.w3.org/TR/CSP3/#grammardef-hash-source
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { href } from "./site-links.ts";

/** The inline script that adds `scripts` after the first paint of the page at `pageUrl`, and its CSP hash source. */
export function afterPaintScripts(scripts: readonly string[], pageUrl: string): { js: string; hash: string } {
  if (scripts.length === 0) throw new Error("afterPaintScripts: the page lists no scripts");
  const from = pageUrl.endsWith("/") ? pageUrl : path.posix.dirname(pageUrl);
  const urls = scripts.map((key) => {
    const relative = path.posix.relative(from, href(key));
    return relative.startsWith(".") ? relative : `./${relative}`;
  });
  // Minified by hand: these bytes count towards the homepage's JavaScript budget. A module script
  // this script adds is trusted through 'strict-dynamic' (an import() is not, in Chromium). A classic
  // script in the head, it runs before the first frame: a page opened with a query (a calculation's
  // link) is marked `is-answer` there, so the first frame is already laid out as the answer; the
  // page's module keeps or removes the mark. Until the modules run, no form submits natively: a
  // Calculate or Enter then would reload the page with its fields in the address; the module reads them.
  const js =
    `{location.search&&document.documentElement.classList.add("is-answer");addEventListener("submit",e=>e.preventDefault());` +
    `const l=(_,o)=>{o?.disconnect();for(const u of ${JSON.stringify(urls)}){const s=document.createElement("script");` +
    `s.type="module";s.src=u;document.head.append(s)}};` +
    `document.hidden?l():new PerformanceObserver(l).observe({type:"paint",buffered:!0})}`;
  if (/<\/script/i.test(js))
    throw new Error(`afterPaintScripts: ${scripts.join(", ")} would end the inline <script> element`);
  return { js, hash: `'sha256-${createHash("sha256").update(js).digest("base64")}'` };
}
