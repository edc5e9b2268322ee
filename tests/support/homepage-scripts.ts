/**
 * The homepage's JavaScript as it is sent, read from a build: every script the page runs,
 * external, inline and loaded by an inline one. A file counts its own gzip -9 size (GitHub
 * Pages serves text gzipped); an inline script is sent inside the gzipped HTML, so it counts the
 * bytes it adds to that; a module imported twice is fetched, and counted, once. The size test
 * (`tests/site/homepage-size.test.ts`) holds the total to its budget and `npm run bench` prints it.
 */
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

/** What a lazy module (`assets/lazy/`) may add when a feature loads it: 8 KB gzip -9. */
export const LAZY_MODULE_BUDGET = 8 * 1024;

/**
 * The gzip -9 bytes the rank table adds to the homepage's `scripts`: the size of the one that holds it
 * less its size with the table (the body of the build's `/api/ranks.json`, as esbuild's minifier
 * writes it) left out.
 */
export async function rankTableSize(siteDir: string, scripts: HomepageScript[]): Promise<number> {
  const table = await readBuilt(siteDir, paths.ranks);
  const minified = (await transform(`x=${table}`, { minify: true })).code.trim();
  const literal = minified.slice("x=".length, -";".length);
  const holder = scripts.find((script) => script.text.includes(literal));
  if (!holder) throw new Error(`no homepage script holds the rank table as ${literal.slice(0, 40)}…`);
  return holder.gzipped - gzipped(holder.text.replace(literal, "{}"));
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

/** A static import in esbuild's output: `from"./chunk-AB12.js"` or `import"./chunk-AB12.js"`. */
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+)["']/g;

const gzipped = (text: string) => gzipSync(text, { level: 9 }).length;

/**
 * Every script the homepage of the build in `siteDir`, made for `siteUrl`, runs; with `lazy`, the
 * scripts the lazy module `assets/lazy/NAME.ts` adds to those.
 */
export async function homepageScripts(
  siteDir: string,
  siteUrl: string,
  lazy?: string,
): Promise<HomepageScript[]> {
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
    const text = await readBuilt(siteDir, url.pathname.slice(prefix.length));
    scripts.push({ name: url.pathname, text, gzipped: gzipped(text) });
    // The chunks a module imports load with it; a lazy module, loaded by a script element, does not.
    for (const imported of text.matchAll(STATIC_IMPORT)) await file(new URL(imported[1]!, url).href);
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
  if (!lazy) return scripts;
  const loaded = scripts.length;
  await file(new URL(`${lazy}.js`, new URL(paths.calculatorScript, page)).href);
  return scripts.slice(loaded);
}
