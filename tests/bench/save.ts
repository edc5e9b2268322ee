/**
 * A writer's save, to the screen: from writing a file to the open page in Chromium showing the
 * change, through `npm start` (a copy of the project) and through bare Eleventy's `--serve` (the
 * bare site of tests/bench/bare-site.ts), paired edit for edit (A B A B) on the same Node. Three
 * kinds of edit on the project: a Markdown page (a paragraph added to `docs.md`), a rank (a name
 * in `_data/ranks.ts`, which the contract, the pages and the homepage's bundle all read) and the
 * stylesheet (a declaration in `assets/styles/site.css`, inlined in every page); each is paired
 * with a Markdown edit of the bare site. The page is watched with `requestAnimationFrame`, so the
 * time is that of the first frame that could show the change. Target: no slower than bare
 * Eleventy's `--serve` for each kind, and under 300 ms.
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as delay } from "node:timers/promises";
import type { Page } from "playwright-core";
import { projectCopy } from "../support/build.ts";
import { startEleventyServe, startNpmStart, type DevServer } from "../support/dev-server.ts";
import { HANG_GUARD_MS } from "../support/hang-guard.ts";
import { BARE_CONFIG, BARE_FOLDER, bareProject } from "./bare-site.ts";
import type { BenchContext, BenchRow, BenchSection } from "./types.ts";

const ROUNDS = 9;
/** A pause after each save's rebuild, so that the next save finds both servers idle. */
const SETTLE_MS = 300;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** One kind of edit: a file, a new text of it for round `n`, and whether the page shows that round's edit. */
interface Edit {
  name: string;
  file: string;
  edited: (original: string, round: number) => string;
  /** Runs in the page: whether it shows round `round`'s edit. */
  shown: (round: number) => boolean;
}

const marker = (round: number) => `benchsave${String.fromCharCode(97 + (round % 26))}${round}`;

const EDITS: Edit[] = [
  {
    name: "a Markdown page (content/pages/docs.md)",
    file: "content/pages/docs.md",
    edited: (original, round) => `${original}\nSaved ${marker(round)}.\n`,
    shown: (round) =>
      document.body?.textContent?.includes(
        `Saved benchsave${String.fromCharCode(97 + (round % 26))}${round}.`,
      ) ?? false,
  },
  {
    name: "a rank (_data/ranks.ts)",
    file: "_data/ranks.ts",
    edited: (original, round) => original.replace('name: "Cosmic"', `name: "Cosmic${marker(round)}"`),
    shown: (round) =>
      document.body?.textContent?.includes(
        `Cosmicbenchsave${String.fromCharCode(97 + (round % 26))}${round}`,
      ) ?? false,
  },
  {
    name: "the stylesheet (assets/styles/site.css)",
    file: "assets/styles/site.css",
    edited: (original, round) =>
      original.replace("body {\n  margin: 0;", `body {\n  margin: 0;\n  outline-color: rgb(1, 2, ${round});`),
    shown: (round) =>
      document.body ? getComputedStyle(document.body).outlineColor === `rgb(1, 2, ${round})` : false,
  },
];

const BARE_EDIT: Edit = {
  name: "bare Eleventy --serve, a Markdown page",
  file: `content/${BARE_FOLDER}/page-0.md`,
  edited: (original, round) => `${original}\nSaved ${marker(round)}.\n`,
  shown: EDITS[0]!.shown,
};

/** Resolves once `page` shows round `round` of `edit`, across the reloads the dev server makes. */
async function shown(page: Page, edit: Edit, round: number): Promise<void> {
  const deadline = Date.now() + HANG_GUARD_MS;
  for (;;) {
    try {
      await page.waitForFunction(edit.shown, round, {
        polling: "raf",
        timeout: Math.max(1, deadline - Date.now()),
      });
      return;
    } catch (error) {
      // A full reload destroys the context the wait ran in: wait again in the new document.
      if (Date.now() < deadline && /destroyed|navigat|closed|detached/i.test((error as Error).message))
        continue;
      throw error;
    }
  }
}

/**
 * Saves round `round` of `edit` in `project`, and returns the time until `page` shows it; waits for the
 * rebuild to end.
 */
async function saveToScreen(
  server: DevServer,
  page: Page,
  project: string,
  original: string,
  edit: Edit,
  round: number,
): Promise<number> {
  const from = server.printed().length;
  const file = path.join(project, edit.file);
  const text = edit.edited(original, round);
  if (text === original)
    throw new Error(`The benchmark's edit of ${edit.file} changed nothing; update tests/bench/save.ts`);
  const started = performance.now();
  await writeFile(file, text);
  await shown(page, edit, round);
  const ms = performance.now() - started;
  await server.waitFor(/Watching/, from);
  await delay(SETTLE_MS);
  return ms;
}

const saveBench: BenchSection = async ({ launch }: BenchContext) => {
  const project = await projectCopy();
  const bare = await bareProject();
  const browser = await launch({ webmcp: false });
  const servers: DevServer[] = [];
  try {
    const site = await startNpmStart(project);
    servers.push(site);
    const plain = await startEleventyServe(bare, BARE_CONFIG);
    servers.push(plain);
    const sitePage = await browser.newPage();
    const barePage = await browser.newPage();
    await sitePage.goto(new URL("docs/", site.url).href);
    await barePage.goto(new URL(`${BARE_FOLDER}/page-0/`, plain.url).href);
    const originals = new Map<string, string>();
    for (const edit of [...EDITS, BARE_EDIT])
      originals.set(
        edit.file,
        await readFile(path.join(edit === BARE_EDIT ? bare : project, edit.file), "utf8"),
      );
    const times = EDITS.map(() => ({ site: [] as number[], bare: [] as number[] }));
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const [index, edit] of EDITS.entries()) {
        const step = round * EDITS.length + index;
        times[index]!.site.push(
          await saveToScreen(site, sitePage, project, originals.get(edit.file)!, edit, step),
        );
        times[index]!.bare.push(
          await saveToScreen(plain, barePage, bare, originals.get(BARE_EDIT.file)!, BARE_EDIT, step),
        );
      }
    }
    const rows: BenchRow[] = [];
    for (const [index, edit] of EDITS.entries()) {
      const { site: own, bare: baseline } = times[index]!;
      rows.push({
        metric:
          `save to screen, ${edit.name} / bare --serve's Markdown edit, medians of ${ROUNDS} paired ` +
          `(max ${Math.max(...own).toFixed(0)} / ${Math.max(...baseline).toFixed(0)} ms)`,
        value:
          `${median(own).toFixed(0)} / ${median(baseline).toFixed(0)} ms ` +
          `(${(median(own) / median(baseline)).toFixed(2)})`,
        target: "≤ 1.00, < 300 ms",
      });
    }
    return rows;
  } finally {
    await browser.close();
    for (const server of servers) await server.stop();
    await rm(project, { recursive: true, force: true });
    await rm(bare, { recursive: true, force: true });
  }
};

export default saveBench;
