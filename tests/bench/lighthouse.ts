/**
 * Lighthouse for `/` and `/docs/`: the four category scores (performance, accessibility, best
 * practices, SEO) and the bytes each page transfers. The same Chromium the tests use, driven by
 * Lighthouse over its DevTools port, against the built site served locally: no network needed.
 * Lighthouse's defaults apply (mobile form factor, simulated throttling), the stricter setting.
 * Simulated throttling scales the CPU time it observes, so a busy machine lowers the performance
 * score: each page runs RUNS times and the run with the median performance score is reported, as
 * Lighthouse's own docs advise.
 *
 * LCP moves with the machine's load, so it is paired: a one-request 1 KB page (written into the
 * served folder for this run) is measured in the same rounds, A B C D A B C D …, and each page's
 * median LCP is reported as a ratio to the 1 KB page's. A result link (a calculation in the query)
 * is measured beside `/`, since it renders its answer on load; CLS is reported for each.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { freePort } from "../support/serve.ts";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { paths } from "../../_data/site.ts";
import { chromiumPath } from "../support/browser.ts";
import type { BenchContext, BenchRow, BenchSection } from "./types.ts";

const CATEGORIES = [
  { id: "performance", label: "performance" },
  { id: "accessibility", label: "accessibility" },
  { id: "best-practices", label: "best practices" },
  { id: "seo", label: "SEO" },
] as const;

/** The pages measured; `scored` ones have their four category scores reported. */
const PAGES = [
  { name: "the 1 KB page", path: "bench-1kb/", scored: false },
  { name: "/", path: paths.home, scored: true },
  { name: "a result link", path: `${paths.home}?currentGems=2.5M&goalGems=1.6B&years=1`, scored: false },
  { name: "/docs/", path: paths.docs, scored: true },
];

/** About 1 KB of HTML in one request: the floor an LCP is compared with. */
const ONE_KB_TEXT =
  "The benchmark compares each page's Largest Contentful Paint with this page's, measured in the same run. ";
const ONE_KB_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  `<title>1 KB page</title><meta name="description" content="The benchmark's baseline page."></head>` +
  `<body><h1>A one-request page</h1><p>${ONE_KB_TEXT.repeat(8)}</p></body></html>`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const RUNS = 3;

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export const lighthouseBench: BenchSection = async ({
  siteUrl,
  siteDir,
}: BenchContext): Promise<BenchRow[]> => {
  await mkdir(path.join(siteDir, "bench-1kb"), { recursive: true });
  await writeFile(path.join(siteDir, "bench-1kb/index.html"), ONE_KB_PAGE);
  const port = await freePort();
  // Lighthouse drives the browser through a DevTools port, which Playwright's launch can open.
  const browser = await chromium.launch({
    executablePath: await chromiumPath(),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      `--remote-debugging-port=${port}`,
    ],
  });
  const rows: BenchRow[] = [];
  try {
    type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];
    const runs = new Map<string, Report[]>(PAGES.map((page) => [page.name, []]));
    // Rounds over every page, so each page's runs meet the same load as the 1 KB page's.
    for (let run = 0; run < RUNS; run++) {
      for (const page of PAGES) {
        const url = new URL(page.path, siteUrl).href;
        const result = await lighthouse(url, {
          port,
          output: "json",
          logLevel: "error",
          onlyCategories: page.scored ? CATEGORIES.map((category) => category.id) : ["performance"],
        });
        if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
        if (result.lhr.runtimeError)
          throw new Error(
            `Lighthouse failed on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`,
          );
        runs.get(page.name)!.push(result.lhr);
      }
    }
    const lcpOf = (name: string) =>
      median(
        runs.get(name)!.map((lhr) => lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN),
      );
    const floor = lcpOf(PAGES[0]!.name);
    for (const page of PAGES) {
      const reports = [...runs.get(page.name)!].sort(
        (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
      );
      const lhr = reports[Math.floor(reports.length / 2)]!;
      if (page.scored) {
        for (const category of CATEGORIES) {
          const score = lhr.categories[category.id]?.score;
          rows.push({
            metric: `Lighthouse ${category.label}, ${page.name} (median of ${RUNS})`,
            value: score === null || score === undefined ? "n/a" : String(Math.round(score * 100)),
            target: "100",
          });
        }
      }
      const lcp = lcpOf(page.name);
      rows.push({
        metric:
          `Largest Contentful Paint, ${page.name}, simulated mobile throttling (median of ` +
          `${RUNS})${page === PAGES[0] ? "" : ", and its ratio to the 1 KB page's"}`,
        value:
          page === PAGES[0] ? `${Math.round(lcp)} ms` : `${Math.round(lcp)} ms (${(lcp / floor).toFixed(2)})`,
        ...(page === PAGES[0] ? {} : { target: "≤ 1.2" }),
      });
      const shifts = median(
        runs
          .get(page.name)!
          .map((report) => report.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN),
      );
      if (page !== PAGES[0])
        rows.push({
          metric: `Cumulative Layout Shift, ${page.name} (median of ${RUNS})`,
          value: shifts.toFixed(3),
          target: "≤ 0.02",
        });
      const bytes = lhr.audits["total-byte-weight"]?.numericValue;
      // Served gzipped by the benchmark's server, as GitHub Pages serves text.
      if (page.scored)
        rows.push({
          metric: `Lighthouse bytes transferred, ${page.name} (served gzipped)`,
          value: bytes === undefined ? "n/a" : kilobytes(bytes),
        });
    }
  } finally {
    await browser.close();
  }
  return rows;
};

export default lighthouseBench;
