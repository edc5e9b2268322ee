/**
 * `npm run bench`: builds the site once under a path prefix (as on a GitHub project site), serves
 * it locally, runs every section in `tests/bench/` (each module's default export is a
 * `BenchSection`) and prints one Markdown table: section, metric, value, target. It prints
 * figures and never judges them; a section that fails is reported and makes the exit code 1.
 *
 * `npm run bench -- build pages` runs only the named sections.
 */
import { readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { launchChromium } from "./support/browser.ts";
import { PATH_SITE_URL, runBuild, tempDir } from "./support/build.ts";
import { serveSite } from "./support/serve.ts";
import type { BenchRow, BenchSection } from "./bench/types.ts";

const SECTIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "bench");
/** Sections run in this order (cheap and timing-sensitive first); any others follow by name. */
const PREFERRED_ORDER = ["build", "save", "install", "pages", "tools", "lighthouse"];

interface Section {
  name: string;
  run: BenchSection;
}

async function loadSections(only: string[]): Promise<Section[]> {
  const files = (await readdir(SECTIONS_DIR)).filter(
    (file) => file.endsWith(".ts") && file !== "types.ts" && !file.endsWith(".d.ts"),
  );
  const names = files.map((file) => file.slice(0, -".ts".length));
  const unknown = only.filter((name) => !names.includes(name));
  if (unknown.length > 0)
    throw new Error(`No benchmark section named ${unknown.join(", ")}; the sections are ${names.join(", ")}`);
  const rank = (name: string) =>
    PREFERRED_ORDER.includes(name) ? PREFERRED_ORDER.indexOf(name) : PREFERRED_ORDER.length;
  const chosen = names
    .filter((name) => only.length === 0 || only.includes(name))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return Promise.all(
    chosen.map(async (name) => {
      const module = (await import(pathToFileURL(path.join(SECTIONS_DIR, `${name}.ts`)).href)) as {
        default?: unknown;
      };
      if (typeof module.default !== "function")
        throw new Error(
          `tests/bench/${name}.ts must export default a BenchSection (see tests/bench/types.ts)`,
        );
      return { name, run: module.default as BenchSection };
    }),
  );
}

/** A Markdown table with padded columns, readable in a terminal and pasteable into the README. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`;
  return [
    line(header),
    `| ${widths.map((width) => "-".repeat(width)).join(" | ")} |`,
    ...rows.map(line),
  ].join("\n");
}

async function main(): Promise<number> {
  const sections = await loadSections(process.argv.slice(2));
  const siteDir = await tempDir("bench-site");
  const built = await runBuild(path.resolve(SECTIONS_DIR, "../.."), siteDir, PATH_SITE_URL);
  if (!built.ok) throw new Error(`The benchmark's build failed:\n${built.output}`);
  // Served gzipped, as GitHub Pages serves text, so Lighthouse measures the pages as delivered.
  const server = await serveSite(siteDir, new URL(PATH_SITE_URL).pathname, 0, { gzip: true });
  const rows: string[][] = [];
  let failed = 0;
  try {
    for (const section of sections) {
      process.stderr.write(`bench: ${section.name}…\n`);
      const started = Date.now();
      try {
        const results: BenchRow[] = await section.run({
          siteDir,
          siteUrl: server.url,
          launch: launchChromium,
        });
        for (const row of results) rows.push([section.name, row.metric, row.value, row.target ?? ""]);
      } catch (error) {
        failed += 1;
        rows.push([section.name, "section failed (see the error above)", "error", ""]);
        process.stderr.write(`bench: ${section.name} failed: ${(error as Error).stack ?? error}\n`);
      }
      process.stderr.write(`bench: ${section.name} took ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    }
  } finally {
    await server.close();
    await rm(siteDir, { recursive: true, force: true });
  }
  const cpu = os.cpus()[0]?.model.trim() ?? "unknown CPU";
  // The load average says how much else the machine was doing: timings on a busy machine run long.
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(" ");
  console.log(
    `EXP Bank Calculator benchmark, ${new Date().toISOString().slice(0, 10)}: Node ` +
      `${process.version}, ${os.cpus().length} × ${cpu}, load average ${load} at the end, site built ` +
      `for ${PATH_SITE_URL}\n`,
  );
  console.log(table(["section", "metric", "value", "target"], rows));
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
