/**
 * Part 4: Largest Contentful Paint of the built pages and of a one-request 1 KB page, served alike.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { atCleanUp, builtSite, freePort, launchChromium, median, ratio } from "./common.ts";

const ROUNDS = 7;
const PAGES = ["bench-1kb/", "", "docs/", "api/", "auth/"];
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};
/** About 1 KB of HTML in one request: what an LCP is compared with. */
const ONE_KB =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" ' +
  'content="width=device-width, initial-scale=1"><title>1 KB page</title></head><body><h1>A one-request ' +
  `page</h1><p>${"Each page's Largest Contentful Paint is compared with this page's. ".repeat(13)}</p></body></html>`;

/** A static server of `root` on loopback that gzips text, as GitHub Pages does. */
async function serve(root: string): Promise<string> {
  const server = createServer(async (request, response) => {
    let file = path.join(root, decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname));
    if (file.endsWith("/")) file += "index.html";
    const body = file.startsWith(root) ? await readFile(file).catch(() => null) : null;
    if (!body) return void response.writeHead(404).end();
    const type = TYPES[path.extname(file)] ?? "application/octet-stream";
    const gzip = !type.startsWith("image/png") && /gzip/.test(request.headers["accept-encoding"] ?? "");
    response.writeHead(200, { "content-type": type, ...(gzip ? { "content-encoding": "gzip" } : {}) });
    response.end(gzip ? gzipSync(body) : body);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  atCleanUp(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${port}/`;
}

/** One load in a fresh context, throttled; the last LCP candidate once the network is idle. */
async function lcpOf(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Network.enable");
    const link = { latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 0.75e6 / 8 };
    await cdp.send("Network.emulateNetworkConditions", { offline: false, ...link });
    await page.goto(url, { waitUntil: "networkidle" });
    return await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({
            type: "largest-contentful-paint",
            buffered: true,
          });
          setTimeout(() => resolve(Number.NaN), 5000);
        }),
    );
  } finally {
    await context.close();
  }
}

export async function lcpBench(): Promise<void> {
  const site = await builtSite();
  await mkdir(path.join(site, "bench-1kb"));
  await writeFile(path.join(site, "bench-1kb/index.html"), ONE_KB);
  const [origin, browser] = [await serve(site), await launchChromium()];
  const times = PAGES.map((): number[] => []);
  for (let round = 0; round < ROUNDS; round++)
    for (const [index, page] of PAGES.entries()) times[index]!.push(await lcpOf(browser, origin + page));
  const floor = median(times[0]!);
  console.log(`4. LCP, 4× CPU, 150 ms RTT, 1.6 Mbps, medians of ${ROUNDS} interleaved (target: ratio ≤ 1.2)`);
  for (const [index, page] of PAGES.entries()) {
    const [lcp, best] = [median(times[index]!), Math.min(...times[index]!)];
    const name = index ? `/${page}` : `1 KB page (${ONE_KB.length} B)`;
    const share = index ? `, ratio ${ratio(lcp, floor)}` : "";
    console.log(`    ${name.padEnd(20)} ${lcp.toFixed(0)} ms (fastest ${best.toFixed(0)} ms)${share}`);
  }
}
