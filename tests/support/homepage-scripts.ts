/**
 * The homepage's JavaScript as it is sent, read from a build: every script the page runs,
 * external, inline and loaded by an inline one. A file counts its own gzip -9 size (GitHub
 * Pages serves text gzipped); an inline script is sent inside the gzipped HTML, so it counts the
 * bytes it adds to that; a module imported twice is fetched, and counted, once. The size test
 * (`tests/site/homepage-size.test.ts`) holds the total to its budget and `npm run bench` prints it.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { transform } from "esbuild";
import { paths } from "../../_data/site.ts";
import { readBuilt } from "./build.ts";

/**
 * The budget of the homepage's code: 20 KB gzip -9, as the benchmark counts a kilobyte. The writer's
 * rank table, which `_config/bundle.ts` writes into the bundle as data, is not code: each table gets
 * its own size on top (`rankTableSize`), so a rank edit never meets the budget.
 */
export const HOMEPAGE_JS_BUDGET = 20 * 1024;

/**
 * The gzip -9 bytes the rank table adds to the homepage's bundle: the bundle's size less its size with
 * the table (the body of the build's `/api/ranks.json`, as esbuild's minifier writes it) left out.
 */
export async function rankTableSize(siteDir: string): Promise<number> {
  const bundle = await readBuilt(siteDir, paths.calculatorScript);
  const table = await readBuilt(siteDir, paths.ranks);
  const minified = (await transform(`x=${table}`, { minify: true })).code.trim();
  const literal = minified.slice("x=".length, -";".length);
  if (!bundle.includes(literal))
    throw new Error(`${paths.calculatorScript} does not hold the rank table as ${literal.slice(0, 40)}…`);
  return gzipped(bundle) - gzipped(bundle.replace(literal, "{}"));
}

/** What the homepage's `scripts` run over the budget, beside a rank table of `table` bytes; "" when they fit. */
export function overBudget(scripts: HomepageScript[], table: number): string {
  const total = scripts.reduce((sum, script) => sum + script.gzipped, 0);
  const listed = scripts.map((script) => `${script.name} ${script.gzipped} B`).join(", ");
  return total - table <= HOMEPAGE_JS_BUDGET
    ? ""
    : `the homepage's JavaScript is ${total} B gzip -9 (${listed}); less its rank table's ${table} B, its code ` +
        `is ${total - table} B, over its budget of 20 KB (${HOMEPAGE_JS_BUDGET} B)`;
}

export interface HomepageScript {
  /** The script's path on the site, or "inline script". */
  name: string;
  text: string;
  /** The bytes it adds to a first visit, gzip -9. */
  gzipped: number;
}

/** Script types a browser runs; `application/ld+json` and other data blocks are not scripts. */
const RUNS = /^(|module|text\/javascript|application\/javascript)$/i;

const gzipped = (text: string) => gzipSync(text, { level: 9 }).length;

/** Every script the homepage of the build in `siteDir`, made for `siteUrl`, runs. */
export async function homepageScripts(siteDir: string, siteUrl: string): Promise<HomepageScript[]> {
  const html = await readBuilt(siteDir, "index.html");
  const page = new URL("index.html", siteUrl);
  const prefix = new URL(siteUrl).pathname;
  const scripts: HomepageScript[] = [];
  const file = async (src: string) => {
    const url = new URL(src, page);
    if (url.origin !== new URL(siteUrl).origin)
      throw new Error(`${src}: the homepage runs a script from another site`);
    if (!url.pathname.startsWith(prefix))
      throw new Error(`${src}: the homepage runs a script outside ${prefix}`);
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
    const withoutText =
      html.slice(0, match.index) +
      match[0].replace(match[2]!, "") +
      html.slice(match.index + match[0].length);
    scripts.push({ name: "inline script", text: match[2]!, gzipped: gzipped(html) - gzipped(withoutText) });
    // The modules an inline script loads (the homepage's start after its first paint).
    for (const loaded of match[2]!.matchAll(/(["'])([^"']+\.js)\1/g)) await file(loaded[2]!);
  }
  return scripts;
}
