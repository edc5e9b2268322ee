/** Parts 4 and 5, on a built copy: LCP of the pages against a one-request 1 KB page; the homepage's JS. */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Browser } from "playwright-core";
import { DEFAULT_SITE_URL } from "../../_data/site.ts";
import { HOMEPAGE_JS_BUDGET, homepageScripts, rankTableSize } from "../support/homepage-scripts.ts";
import { serveSite } from "../support/serve.ts";
import { builtSite, launchChromium, median, ratio } from "./common.ts";

const ROUNDS = 15; // a throttled load varies by ±20 %: the median of fewer moves from run to run
const PAGES = ["bench-1kb/", "", "docs/", "api/", "auth/"];
/** About 1 KB of HTML, one request: what each page's LCP is compared with. */
const ONE_KB = `<!doctype html><meta charset=utf-8><meta name=viewport content="width=device-width">
<title>1 KB page</title><h1>A one-request page</h1><p>${"A sentence of text. ".repeat(44)}</p></html>`;

/** In the page: the latest LCP candidate's time, ms from the start of the navigation. */
const latestLcp = () =>
  new Promise<number>((resolve) => {
    const observer = new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime));
    observer.observe({ type: "largest-contentful-paint", buffered: true });
    setTimeout(() => resolve(Number.NaN), 5000);
  });

/** One load in a fresh context (empty cache), phone-sized, throttled; read once the network is idle. */
async function lcpOf(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  const link = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 0.75e6 / 8 };
  await cdp.send("Network.emulateNetworkConditions", link);
  await page.goto(url, { waitUntil: "networkidle" });
  const lcp = await page.evaluate(latestLcp);
  await context.close();
  return lcp;
}

export async function lcpBench(): Promise<void> {
  const site = await builtSite();
  await mkdir(path.join(site, "bench-1kb"), { recursive: true });
  await writeFile(path.join(site, "bench-1kb/index.html"), ONE_KB);
  // Served gzipped, as GitHub Pages serves it.
  const [served, browser] = [await serveSite(site, "/", { gzip: true }), await launchChromium()];
  const times = PAGES.map((): number[] => []);
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, page] of PAGES.entries()) times[i]!.push(await lcpOf(browser, served.url + page));
  await browser.close();
  await served.close();
  console.log(`4. LCP, 4× CPU, 150 ms RTT, 1.6 Mbps, medians of ${ROUNDS} interleaved (target: ≤ 1.2)`);
  for (const [i, page] of PAGES.entries()) {
    const [lcp, fastest] = [median(times[i]!), Math.min(...times[i]!)];
    const name = i ? `/${page}` : `1 KB page (${ONE_KB.length} B)`;
    const share = i ? `, ratio ${ratio(lcp, median(times[0]!))}` : "";
    console.log(`    ${name.padEnd(20)} ${lcp.toFixed(0)} ms (fastest ${fastest.toFixed(0)})${share}`);
  }
}

export async function sizeBench(): Promise<void> {
  // Counted as the size test counts it (tests/support/homepage-scripts.ts): every script, the rank table apart.
  const site = await builtSite();
  const scripts = await homepageScripts(site, DEFAULT_SITE_URL);
  const table = await rankTableSize(site, scripts);
  const code = scripts.reduce((sum, script) => sum + script.gzipped, 0) - table;
  const each = scripts.map((script) => `${path.basename(script.name)} ${script.gzipped} B`);
  console.log(`5. Homepage JS, gzip -9: ${each.join(" + ")}, less the rank table's ${table} B`);
  console.log(`    = ${code} B, ${Math.round((100 * code) / HOMEPAGE_JS_BUDGET)}% of the 20 KB budget`);
}
