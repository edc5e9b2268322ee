/**
 * Build time: the whole site built cold (a new process each time: tsx, the config, the esbuild
 * bundle, Eleventy), median of 5; then the same build in a copy of the project with 100 and with
 * 1,000 extra generated Markdown pages, so the cost of one more page shows, and whether it stays
 * flat as content grows. Target: 1,000 extra pages build in under 5 s.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { PATH_SITE_URL, projectCopy, ROOT, runBuild, tempDir } from "../support/build.ts";
import type { BenchRow, BenchSection } from "./types.ts";

const COLD_RUNS = 5;
const SCALED_RUNS = 3;
const PAGE_COUNTS = [100, 1000] as const;
/** Where the generated pages go inside the copy's `content/`. */
const GENERATED_FOLDER = "bench-pages";

interface Timing {
  /** Wall clock of the whole `npm run build` equivalent, in ms. */
  wall: number;
  /** Eleventy's own figure ("Wrote N files in X seconds"), in ms. */
  eleventy: number;
  files: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function timedBuild(projectDir: string): Promise<Timing> {
  const output = await tempDir("bench-build");
  const started = performance.now();
  const result = await runBuild(projectDir, output, PATH_SITE_URL);
  const wall = performance.now() - started;
  await rm(output, { recursive: true, force: true });
  if (!result.ok) throw new Error(`The benchmark build of ${projectDir} failed:\n${result.output}`);
  const summary = result.output.match(/Wrote (\d+) files? in ([\d.]+) seconds/);
  if (!summary) throw new Error(`Eleventy printed no "Wrote N files in X seconds" summary:\n${result.output}`);
  return { wall, eleventy: Number(summary[2]) * 1000, files: Number(summary[1]) };
}

async function medianBuild(projectDir: string, runs: number): Promise<Timing> {
  const timings: Timing[] = [];
  for (let run = 0; run < runs; run += 1) timings.push(await timedBuild(projectDir));
  return { wall: median(timings.map((t) => t.wall)), eleventy: median(timings.map((t) => t.eleventy)), files: timings[0]!.files };
}

/**
 * One generated page: what a writer's page holds (headings, prose with data, a list, a table, a
 * code block, links to a real page and to a neighbour), rendered with the site layout. Generated
 * pages stay out of the collections, so the navigation and llms.txt keep their size.
 */
function generatedPage(index: number, count: number): string {
  const next = (index + 1) % count;
  return [
    "---",
    `title: Generated page ${index}`,
    `description: Benchmark page ${index} of ${count}, generated to measure how the build grows with content.`,
    `permalink: /${GENERATED_FOLDER}/page-${index}/`,
    "eleventyExcludeFromCollections: true",
    "---",
    "",
    `# Generated page ${index}`,
    "",
    `{{ site.name }} grows a balance by a fixed daily rate. This page, number ${index}, stands in for a writer's page: see the [API docs]({{ "docs" | href }}) or the [next page](/${GENERATED_FOLDER}/page-${next}/).`,
    "",
    "## A list and a table",
    "",
    ...Array.from({ length: 5 }, (_, item) => `- Item ${item + 1} of page ${index}, with *emphasis* and \`code\`.`),
    "",
    "| Day | Note |",
    "| --- | --- |",
    ...Array.from({ length: 5 }, (_, row) => `| ${row * 30} | Row ${row + 1} of page ${index} |`),
    "",
    "## A code block",
    "",
    "```sh",
    `curl {{ site.urls.info }} # page ${index}`,
    "```",
    "",
  ].join("\n");
}

export async function writeGeneratedPages(projectDir: string, count: number): Promise<void> {
  const folder = path.join(projectDir, "content", GENERATED_FOLDER);
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  for (let index = 0; index < count; index += 1) await writeFile(path.join(folder, `page-${index}.md`), generatedPage(index, count));
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const buildBench: BenchSection = async () => {
  const cold = await medianBuild(ROOT, COLD_RUNS);
  const rows: BenchRow[] = [
    { metric: `cold build of the whole site (${cold.files} files), wall clock, median of ${COLD_RUNS}`, value: seconds(cold.wall) },
    { metric: "cold build, Eleventy's own time (after tsx and config load), median", value: seconds(cold.eleventy) },
  ];
  const copy = await projectCopy();
  try {
    const base = await medianBuild(copy, SCALED_RUNS);
    rows.push({ metric: `project copy, no extra pages, wall clock, median of ${SCALED_RUNS}`, value: seconds(base.wall) });
    for (const count of PAGE_COUNTS) {
      await writeGeneratedPages(copy, count);
      const scaled = await medianBuild(copy, SCALED_RUNS);
      const perPage = (scaled.wall - base.wall) / count;
      rows.push({
        metric: `build with ${count.toLocaleString("en")} extra Markdown pages (${scaled.files} files), wall clock, median of ${SCALED_RUNS}`,
        value: seconds(scaled.wall),
        ...(count === 1000 ? { target: "< 5 s" } : {}),
      });
      rows.push({ metric: `  cost per extra page at ${count.toLocaleString("en")} pages (Eleventy's time: ${seconds(scaled.eleventy)})`, value: `${perPage.toFixed(2)} ms` });
    }
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
  return rows;
};

export default buildBench;
