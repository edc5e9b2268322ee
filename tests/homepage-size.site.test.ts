/**
 * The homepage's JavaScript stays within its budget of 20 KB gzip -9 (GitHub Pages serves text
 * gzipped): every script the built homepage runs, external, inline and imported by an inline one,
 * measured from the shared builds. A file counts its own gzip -9 size, as it is sent; an inline
 * script is sent inside the gzipped HTML, so it counts the bytes it adds to that. Sizes are deterministic, so this is a test; `npm run bench` prints the same figure.
 * (`tests/imports.test.ts` checks from esbuild's metafile that no zod reaches the bundle.)
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { paths } from "../build/data/site.ts";
import { builtSite, readBuilt, PATH_SITE_URL, ROOT_SITE_URL } from "./support/build.ts";

/** 20 KB, as the README's performance table and the benchmark count a kilobyte. */
const BUDGET = 20 * 1024;

/** Script types a browser runs; `application/ld+json` and other data blocks are not scripts. */
const RUNS = /^(|module|text\/javascript|application\/javascript)$/i;

/** Every script the homepage runs: the text of each, external and imported files read from the build. */
async function homepageScripts(siteDir: string, siteUrl: string): Promise<{ name: string; text: string; gzipped: number }[]> {
  const html = await readBuilt(siteDir, "index.html");
  const page = new URL("index.html", siteUrl);
  const prefix = new URL(siteUrl).pathname;
  const scripts: { name: string; text: string; gzipped: number }[] = [];
  const gzipped = (text: string) => gzipSync(text, { level: 9 }).length;
  const file = async (src: string) => {
    const url = new URL(src, page);
    assert.is(url.origin, new URL(siteUrl).origin, `${src}: a script from another site`);
    assert.ok(url.pathname.startsWith(prefix), `${src} is outside ${prefix}`);
    // A module imported again is the same module: fetched and counted once.
    if (scripts.some((script) => script.name === url.pathname)) return;
    const text = await readFile(path.join(siteDir, url.pathname.slice(prefix.length)), "utf8");
    scripts.push({ name: url.pathname, text, gzipped: gzipped(text) });
  };
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1]!;
    const type = /\btype=["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? "";
    if (!RUNS.test(type)) continue;
    const src = /\bsrc=["']?([^"'\s>]+)/i.exec(attributes)?.[1];
    if (src) {
      await file(src);
      continue;
    }
    const withoutText = html.slice(0, match.index) + match[0].replace(match[2]!, "") + html.slice(match.index + match[0].length);
    scripts.push({ name: "inline script", text: match[2]!, gzipped: gzipped(html) - gzipped(withoutText) });
    // The modules an inline script imports (the homepage's start after its first paint).
    for (const imported of match[2]!.matchAll(/\bimport\(\s*(["'])([^"']+)\1\s*\)/g)) await file(imported[2]!);
  }
  return scripts;
}

for (const siteUrl of [ROOT_SITE_URL, PATH_SITE_URL]) {
  test(`the homepage runs at most 20 KB of JavaScript, gzip -9 (SITE_URL ${siteUrl})`, async () => {
    const scripts = await homepageScripts(await builtSite(siteUrl), siteUrl);
    assert.ok(scripts.some((script) => script.name.endsWith(paths.calculatorScript)), `the calculator bundle ${paths.calculatorScript} is among the homepage's scripts`);
    const gzipped = scripts.reduce((total, script) => total + script.gzipped, 0);
    const listed = scripts.map((script) => `${script.name} ${script.gzipped} B`).join(", ");
    assert.ok(gzipped <= BUDGET, `the homepage's JavaScript is ${(gzipped / 1024).toFixed(2)} KB gzip -9 (${listed}), over its 20 KB budget`);
  });
}

test("the budget check reads a real size: the bundle is more than half the budget", async () => {
  const scripts = await homepageScripts(await builtSite(ROOT_SITE_URL), ROOT_SITE_URL);
  const gzipped = scripts.reduce((total, script) => total + script.gzipped, 0);
  assert.ok(gzipped > BUDGET / 2, `${gzipped} bytes`);
  const inline = scripts.find((script) => script.name === "inline script");
  assert.ok(inline && inline.gzipped >= inline.text.length / 3, `the inline script adds ${inline?.gzipped} bytes to the gzipped page for its ${inline?.text.length} characters`);
});

test.run();
