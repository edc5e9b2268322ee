/**
 * Lighthouse for `/` and `/docs/`: the four category scores (performance, accessibility, best
 * practices, SEO) and the bytes each page transfers. The same Chromium the tests use, driven by
 * Lighthouse over its DevTools port, against the built site served locally: no network needed.
 * Lighthouse's defaults apply (mobile form factor, simulated throttling), the stricter setting.
 * Simulated throttling scales the CPU time it observes, so a busy machine lowers the performance
 * score: each page runs RUNS times and the run with the median performance score is reported, as
 * Lighthouse's own docs advise.
 */
import { freePort } from "../support/serve.ts";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { paths } from "../../build/data/site.ts";
import { chromiumPath } from "../support/browser.ts";
import type { BenchContext, BenchRow, BenchSection } from "./types.ts";

const CATEGORIES = [
  { id: "performance", label: "performance" },
  { id: "accessibility", label: "accessibility" },
  { id: "best-practices", label: "best practices" },
  { id: "seo", label: "SEO" },
] as const;

const PAGES = [
  { name: "/", path: paths.home },
  { name: "/docs/", path: paths.docs },
];

const RUNS = 3;

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export const lighthouseBench: BenchSection = async ({ siteUrl }: BenchContext): Promise<BenchRow[]> => {
  const port = await freePort();
  // Lighthouse drives the browser through a DevTools port, which Playwright's launch can open.
  const browser = await chromium.launch({
    executablePath: await chromiumPath(),
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", `--remote-debugging-port=${port}`],
  });
  const rows: BenchRow[] = [];
  try {
    for (const page of PAGES) {
      const url = new URL(page.path, siteUrl).href;
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(url, {
          port,
          output: "json",
          logLevel: "error",
          onlyCategories: CATEGORIES.map((category) => category.id),
        });
        if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
        if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
        runs.push(result.lhr);
      }
      runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = runs[Math.floor(runs.length / 2)]!;
      for (const category of CATEGORIES) {
        const score = lhr.categories[category.id]?.score;
        rows.push({ metric: `Lighthouse ${category.label}, ${page.name} (median of ${RUNS})`, value: score === null || score === undefined ? "n/a" : String(Math.round(score * 100)), target: "100" });
      }
      const lcp = lhr.audits["largest-contentful-paint"]?.numericValue;
      rows.push({ metric: `Largest Contentful Paint, ${page.name}, simulated mobile throttling (median run)`, value: lcp === undefined ? "n/a" : `${Math.round(lcp)} ms`, target: "≤ 800 ms" });
      const bytes = lhr.audits["total-byte-weight"]?.numericValue;
      // Served gzipped by the benchmark's server, as GitHub Pages serves text.
      rows.push({ metric: `Lighthouse bytes transferred, ${page.name} (served gzipped)`, value: bytes === undefined ? "n/a" : kilobytes(bytes) });
    }
  } finally {
    await browser.close();
  }
  return rows;
};

export default lighthouseBench;
