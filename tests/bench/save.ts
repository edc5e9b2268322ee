/**
 * Part 3: save to screen. `npm start` on a copy of the project and bare `eleventy --serve` on the
 * bare site, each page open in headless Chromium; from a file's write to its new content visible.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as delay } from "node:timers/promises";
import type { Page } from "playwright-core";
import {
  bareSite,
  ELEVENTY,
  ENV,
  freePort,
  launchChromium,
  median,
  projectCopy,
  ratio,
  start,
} from "./common.ts";
import type { Started } from "./common.ts";

const ROUNDS = 5;
/** A pause after a freshly opened page (its websocket connects) and after each rebuild. */
const SETTLE_MS = 300;

/** One kind of edit: the file, its new text, and the text (or colour) the page shows for it. */
interface Edit {
  label: string;
  server: Started & { origin: string };
  file: string;
  page: string;
  edited: (original: string, n: number) => string;
  shown: (expected: string) => boolean;
  expected: (n: number) => string;
  /** Whether a fresh load is polled too: tsx watch restarts the server, and the open page waits for focus. */
  fresh: boolean;
}

const textShown = (text: string) => document.body?.textContent?.includes(text) ?? false;
const colourShown = (colour: string) => !!document.body && getComputedStyle(document.body).color === colour;

/** A word for save `n` (letters only: the site refuses figures typed by hand in a page). */
const mark = (n: number) => `mark${String.fromCharCode(97 + (n % 26), 97 + Math.floor(n / 26))}`;

/** Calls `check` until it holds or `done` is set (another way saw the change first). */
async function until(done: { value: boolean }, check: () => Promise<boolean>): Promise<void> {
  for (const end = Date.now() + 120_000; !done.value;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > end) throw new Error("The change was not seen within 2 minutes");
  }
  await new Promise(() => undefined);
}

/** One save: the page freshly opened, the file written, the time until a page shows the change. */
async function saveToScreen(edit: Edit, open: Page, probe: Page, original: string, n: number) {
  const url = edit.server.origin + edit.page;
  await open.goto(url);
  await delay(SETTLE_MS);
  const from = edit.server.log().length;
  const [expected, done] = [edit.expected(n), { value: false }];
  const started = performance.now();
  await writeFile(edit.file, edit.edited(original, n));
  const inOpen = () =>
    open.waitForFunction(edit.shown, expected, { polling: "raf", timeout: 1000 }).then(() => true);
  const inFresh = async () => {
    await delay(50);
    await probe.goto(`${url}?n=${n}`, { waitUntil: "domcontentloaded", timeout: 5000 });
    return probe.evaluate(edit.shown, expected);
  };
  const seen = await Promise.race([
    until(done, inOpen).then(() => "open page"),
    edit.fresh ? until(done, inFresh).then(() => "fresh load") : new Promise<string>(() => undefined),
  ]);
  const ms = performance.now() - started;
  done.value = true;
  await edit.server.waitFor(/Watching/, from);
  await delay(SETTLE_MS);
  return { ms, seen };
}

async function serve(command: string[], dir: string, port: number) {
  const server = start(command, dir, { ...ENV, TSX_DISABLE_CACHE: "" });
  await server.waitFor(/Server at/);
  await server.waitFor(/Watching/);
  return { ...server, origin: `http://127.0.0.1:${port}/` };
}

export async function saveBench(): Promise<void> {
  const [site, bare, ports] = [await projectCopy(), await bareSite(), [await freePort(), await freePort()]];
  const npm = await serve(["npm", "start", "--", `--port=${ports[0]}`], site, ports[0]!);
  const plain = await serve([process.execPath, ELEVENTY, "--serve", `--port=${ports[1]}`], bare, ports[1]!);
  const appended = (original: string, n: number) => `${original}\nSaved ${mark(n)}.\n`;
  const onSite = {
    server: npm,
    fresh: false,
    shown: textShown,
    expected: (n: number) => `Saved ${mark(n)}.`,
  };
  const edits: Edit[] = [
    {
      ...onSite,
      server: plain,
      label: "bare --serve, Markdown",
      file: "pages/page-1.md",
      page: "pages/page-1/",
    },
    {
      ...onSite,
      label: "Markdown (docs.md)",
      file: "content/pages/docs.md",
      page: "docs/",
      edited: appended,
    },
    {
      ...onSite,
      label: "rank name (ranks.ts)",
      file: "_data/ranks.ts",
      page: "",
      fresh: true,
      edited: (original: string, n: number) => original.replace('name: "Cosmic"', `name: "Cosmic${mark(n)}"`),
      expected: (n: number) => `Cosmic${mark(n)}`,
    },
    {
      ...onSite,
      label: "colour (site.css)",
      file: "assets/styles/site.css",
      page: "docs/",
      shown: colourShown,
      edited: (original: string, n: number) =>
        original.replace("--text: #1b1d21;", `--text: #1b1d${hex(n)};`),
      expected: (n: number) => `rgb(27, 29, ${0x30 + (n % 64)})`,
    },
  ].map((edit) => ({
    edited: appended,
    ...edit,
    file: path.join(edit.server === plain ? bare : site, edit.file),
  }));
  const originals = await Promise.all(edits.map((edit) => readFile(edit.file, "utf8")));
  const browser = await launchChromium();
  const [open, probe] = [await browser.newPage(), await browser.newPage()];
  const results = edits.map(() => [] as { ms: number; seen: string }[]);
  for (let round = 0, n = 0; round < ROUNDS; round++)
    for (const [index, edit] of edits.entries())
      results[index]!.push(await saveToScreen(edit, open, probe, originals[index]!, n++));

  const baseline = median(results[0]!.map((result) => result.ms));
  console.log(`3. Save to screen, medians of ${ROUNDS} rounds (target: Markdown ≤ 2.0× bare)`);
  for (const [index, edit] of edits.entries()) {
    const ms = median(results[index]!.map((result) => result.ms));
    const seen = ["open page", "fresh load"].map((way) => [
      way,
      results[index]!.filter((r) => r.seen === way).length,
    ]);
    const where = seen.filter(([, count]) => count).map(([way, count]) => `${way} ${count}/${ROUNDS}`);
    const times = index ? `${ms.toFixed(0)} ms, ${ratio(ms, baseline)}× bare` : `${ms.toFixed(0)} ms`;
    console.log(`    ${edit.label.padEnd(24)} ${times.padEnd(22)} seen in: ${where.join(", ")}`);
  }
}

/** Two hex digits that differ from one save to the next (the site's text colour is #1b1d21). */
const hex = (n: number) => (0x30 + (n % 64)).toString(16);
