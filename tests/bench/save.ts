/** Part 3: save to screen, `npm start` on a copy and bare `eleventy --serve`, pages open in Chromium. */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import type { Page } from "playwright-core";
import { bareSite, ELEVENTY, freePort, launchChromium } from "./common.ts";
import { median, projectCopy, ratio, start, stopServers } from "./common.ts";

const ROUNDS = 5;
const SETTLE_MS = 300; // a pause after opening the page (its websocket connects) and after each rebuild
/** Save `n`: a file's new text, and what the page then shows (a text, or the body's colour "rgb(…)"). */
type Change = (text: string, n: number) => [edited: string, expected: string];
/** A word for save `n`, in letters: the site refuses figures of its data typed by hand in a page. */
const mark = (n: number) => `mark${String.fromCharCode(97 + (n % 26), 97 + Math.floor(n / 26))}`;
const append: Change = (text, n) => [`${text}\nSaved ${mark(n)}.\n`, `Saved ${mark(n)}.`];
const renameRank: Change = (text, n) => [text.replace(/name: "Cosmic/, `$&${mark(n)}`), `Cosmic${mark(n)}`];
/** The light scheme's text colour, #1b1d21, to rgb(27, 29, 48 + n). */
const recolour: Change = (text, n) => {
  const blue = 48 + n;
  return [text.replace("#1b1d21", `#1b1d${blue.toString(16)}`), `rgb(27, 29, ${blue})`];
};
/** Run in the page: whether its text, or its body's colour as "rgb(…)", shows `expected`. */
const shown = (expected: string) =>
  `${getComputedStyle(document.body).color} ${document.body.textContent}`.includes(expected);

async function serve(dir: string, command: string[]) {
  const port = await freePort();
  const server = start([...command, `--port=${port}`], dir);
  await server.waitFor(/Server at/);
  await server.waitFor(/Watching/);
  return { ...server, dir, origin: `http://127.0.0.1:${port}/` };
}
type Server = Awaited<ReturnType<typeof serve>>;
/** A kind of save: its name, the server, the file it edits, how, and the page that shows it. */
type Edit = [label: string, server: Server, file: string, change: Change, page: string];
/** Each file's text before the benchmark's saves, read at its first. */
const originals: Record<string, string> = {};
/**
 * One save: the page freshly opened, the file written, the time until the change shows and where: in the
 * open page, or (a .ts file's edit restarts tsx watch) in a fresh load of the page polled every 50 ms.
 */
async function saveToScreen([, server, file, change, page]: Edit, n: number, [open, probe]: [Page, Page]) {
  const [url, end, filePath] = [server.origin + page, Date.now() + 120_000, path.join(server.dir, file)];
  const [edited, expected] = change((originals[filePath] ??= await readFile(filePath, "utf8")), n);
  await open.goto(url);
  await delay(SETTLE_MS);
  const from = server.printed().length;
  let done = false;
  const poll = async (way: string, seen: () => Promise<unknown>): Promise<string> => {
    while (!done && Date.now() < end) if (await seen().catch(() => false)) return way;
    if (!done) throw new Error(`${file}: the change did not show in 2 minutes`);
    return new Promise<never>(() => undefined);
  };
  const fresh = async () => {
    await delay(50);
    await probe.goto(`${url}?n=${n}`, { waitUntil: "domcontentloaded", timeout: 5000 });
    return probe.evaluate(shown, expected);
  };
  const started = Date.now();
  await writeFile(filePath, edited);
  const seen = await Promise.race([
    poll("open page", () => open.waitForFunction(shown, expected, { polling: "raf", timeout: 999 })),
    file.endsWith(".ts") ? poll("fresh load", fresh) : new Promise<never>(() => undefined),
  ]);
  const ms = Date.now() - started;
  done = true;
  await server.waitFor(/Watching/, from);
  await delay(SETTLE_MS);
  return { ms, fresh: seen === "fresh load" };
}

export async function saveBench(): Promise<void> {
  const npm = await serve(await projectCopy(), ["npm", "start", "--"]);
  const plain = await serve(await bareSite(), [process.execPath, ELEVENTY, "--serve"]);
  const edits: Edit[] = [
    ["bare --serve, Markdown", plain, "pages/page-1.md", append, "pages/page-1/"],
    ["Markdown (docs.md)", npm, "content/pages/docs.md", append, "docs/"],
    ["rank name (ranks.ts)", npm, "_data/ranks.ts", renameRank, ""],
    ["colour (site.css)", npm, "assets/styles/site.css", recolour, "docs/"],
  ];
  const browser = await launchChromium();
  const tabs: [Page, Page] = [await browser.newPage(), await browser.newPage()];
  const results = edits.map((): { ms: number; fresh: boolean }[] => []);
  for (let round = 0, n = 0; round < ROUNDS; round++)
    for (const [i, edit] of edits.entries()) results[i]!.push(await saveToScreen(edit, n++, tabs));
  await browser.close();
  stopServers();
  console.log(`3. Save to screen, medians of ${ROUNDS} rounds, A B A B (target: Markdown ≤ 2.0× bare)`);
  const baseline = median(results[0]!.map((result) => result.ms));
  for (const [i, [label]] of edits.entries()) {
    const [ms, fresh] = [median(results[i]!.map((r) => r.ms)), results[i]!.filter((r) => r.fresh).length];
    const times = `${ms.toFixed(0)} ms${i ? `, ${ratio(ms, baseline)}× bare` : ""}`;
    const where = `first seen: open page ${ROUNDS - fresh}, fresh load ${fresh}`;
    console.log(`    ${label.padEnd(24)}${times.padEnd(24)}${where}`);
  }
}
