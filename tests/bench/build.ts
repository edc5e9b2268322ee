/**
 * Build time and memory.
 *
 * - Cold build: a new process each time, as `npm run build` runs it, on this Node with its own type
 *   stripping, paired run for run (A B A B) with the former way, the system's Node 20 with tsx (from
 *   tests/bench/package.json). Target: at most half the time.
 * - Per-page cost: the same generated Markdown pages added to a copy of the project and to a bare
 *   Eleventy 3 project (Markdown and Nunjucks only, no layout, plugins or data), at +1,000 and
 *   +4,000 pages, each build paired with the other project's; the cost of a page is the time
 *   beyond the project's build without extra pages, divided by the pages. Target: at most 1.5 times
 *   bare Eleventy's. Output goes to a RAM disk where one exists (/dev/shm): writing thousands of
 *   files to a disk costs seconds of kernel time that vary from run to run. The CPU time (user +
 *   system) per extra page is shown beside the wall clock: on a machine shared with other work it
 *   moves less from run to run.
 * - What a generated page costs this site beyond the bare project: what every page of the site
 *   gets (heading anchors, highlighting, table labels, the path prefix of HtmlBasePlugin, the link
 *   check) and the site's global data in its data cascade; it has no layout and no twin.
 * - Peak memory (maximum resident set) of the cold build and of the +4,000-page build.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import { BUILD_ENV, PATH_SITE_URL, projectCopy, ROOT } from "../support/build.ts";
import { SYSTEM_NODE } from "../support/system.ts";
import type { BenchRow, BenchSection } from "./types.ts";

const run = promisify(execFile);
const COLD_PAIRS = 5;
const SCALED_PAIRS = 3;
const PAGE_COUNTS = [1000, 4000] as const;
/** Where the generated pages go inside each project's input folder. */
const GENERATED_FOLDER = "bench-pages";
const SCRATCH = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();
/** Prints the process's peak resident set size and CPU time when it exits; preloaded into each timed build. */
const REPORT_USAGE = `data:text/javascript,process.on("exit",()=>{const u=process.resourceUsage();process.stderr.write("peak-rss-kib="+u.maxRSS+" cpu-us="+(u.userCPUTime+u.systemCPUTime)+"\\n")})`;
const TSX = path.join(ROOT, "tests/bench/node_modules/tsx/dist/cli.mjs");

interface Timing {
  ms: number;
  cpuMs: number;
  files: number;
  peakMiB: number;
}

interface Runner {
  /** The program and the arguments before Eleventy's `cmd.cjs`. */
  command: string[];
  config: string;
}

const NATIVE: Runner = { command: [process.execPath, `--import=${REPORT_USAGE}`], config: "eleventy.config.ts" };

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function timedBuild(projectDir: string, runner: Runner): Promise<Timing> {
  const output = await mkdtemp(path.join(SCRATCH, "exp-bank-bench-"));
  try {
    const [program, ...flags] = runner.command;
    const started = performance.now();
    const { stdout, stderr } = await run(program!, [...flags, "node_modules/@11ty/eleventy/cmd.cjs", `--config=${runner.config}`, `--output=${output}`, "--quiet"], {
      cwd: projectDir,
      env: { ...process.env, ...BUILD_ENV, SITE_URL: PATH_SITE_URL },
      maxBuffer: 64 * 1024 * 1024,
    });
    const ms = performance.now() - started;
    const files = (stdout + stderr).match(/Wrote (\d+) files?/);
    if (!files) throw new Error(`The build in ${projectDir} printed no "Wrote N files" summary:\n${stdout}${stderr}`);
    const usage = stderr.match(/peak-rss-kib=(\d+) cpu-us=(\d+)/);
    return { ms, cpuMs: usage ? Number(usage[2]) / 1000 : Number.NaN, files: Number(files[1]), peakMiB: usage ? Number(usage[1]) / 1024 : Number.NaN };
  } finally {
    await rm(output, { recursive: true, force: true });
  }
}

/** Runs the builds of `pairs` in turn, `runs` times (A B A B …), and returns each one's median. */
async function paired(pairs: { dir: string; runner: Runner }[], runs: number): Promise<Timing[]> {
  const timings: Timing[][] = pairs.map(() => []);
  for (let index = 0; index < runs; index += 1) {
    for (const [slot, { dir, runner }] of pairs.entries()) timings[slot]!.push(await timedBuild(dir, runner));
  }
  return timings.map((list) => ({ ms: median(list.map((t) => t.ms)), cpuMs: median(list.map((t) => t.cpuMs)), files: list[0]!.files, peakMiB: Math.max(...list.map((t) => t.peakMiB)) }));
}

/**
 * One generated page: what a writer's page holds (headings, prose with data, a list, a table, a
 * code block, links to a real page and to a neighbour). Generated pages stay out of the
 * collections, so the navigation and llms.txt keep their size.
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

async function writeGeneratedPages(inputDir: string, count: number): Promise<void> {
  const folder = path.join(inputDir, GENERATED_FOLDER);
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  for (let index = 0; index < count; index += 1) await writeFile(path.join(folder, `page-${index}.md`), generatedPage(index, count));
}

/** A bare Eleventy 3 project that renders the generated pages: the names they use, nothing else. */
async function bareProject(): Promise<string> {
  const dir = await mkdtemp(path.join(SCRATCH, "exp-bank-bare-"));
  await mkdir(path.join(dir, "content"));
  await symlink(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  await writeFile(
    path.join(dir, "eleventy.config.mjs"),
    [
      'export const config = { dir: { input: "content" }, markdownTemplateEngine: "njk" };',
      "export default function (eleventyConfig) {",
      '  eleventyConfig.addGlobalData("site", { name: "EXP Bank Calculator", urls: { info: "https://example.github.io/exp-bank/api/info.json" } });',
      '  eleventyConfig.addFilter("href", (key) => `/${key}/`);',
      "}",
      "",
    ].join("\n"),
  );
  return dir;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mib = (value: number) => `${value.toFixed(0)} MiB`;

const buildBench: BenchSection = async () => {
  const rows: BenchRow[] = [];
  const system = (await run(SYSTEM_NODE, ["--version"])).stdout.trim();
  const baseline: Runner = { command: [SYSTEM_NODE, TSX], config: "eleventy.config.ts" };
  const [native, former] = await paired([{ dir: ROOT, runner: NATIVE }, { dir: ROOT, runner: baseline }], COLD_PAIRS);
  rows.push(
    { metric: `cold build of the whole site (${native!.files} files), ${process.version} type stripping, wall clock, median of ${COLD_PAIRS}`, value: seconds(native!.ms) },
    { metric: `cold build, system Node ${system} + tsx (the former way), paired runs, median`, value: seconds(former!.ms) },
    { metric: "  ratio, type stripping / Node + tsx", value: (native!.ms / former!.ms).toFixed(2), target: "≤ 0.50" },
    { metric: "cold build, peak memory (maximum resident set)", value: mib(native!.peakMiB) },
  );

  const copy = await projectCopy();
  const bare = await bareProject();
  const bareRunner: Runner = { ...NATIVE, config: "eleventy.config.mjs" };
  try {
    const pairs = [{ dir: copy, runner: NATIVE }, { dir: bare, runner: bareRunner }];
    const [ownBase, bareBase] = await paired(pairs, SCALED_PAIRS);
    for (const count of PAGE_COUNTS) {
      await writeGeneratedPages(path.join(copy, "content"), count);
      await writeGeneratedPages(path.join(bare, "content"), count);
      const [own, plain] = await paired(pairs, SCALED_PAIRS);
      const ownPerPage = (own!.ms - ownBase!.ms) / count;
      const barePerPage = (plain!.ms - bareBase!.ms) / count;
      const ownCpuPerPage = (own!.cpuMs - ownBase!.cpuMs) / count;
      const bareCpuPerPage = (plain!.cpuMs - bareBase!.cpuMs) / count;
      const label = count.toLocaleString("en");
      rows.push(
        { metric: `+${label} pages: this site ${seconds(own!.ms)} (${own!.files} files), bare Eleventy ${seconds(plain!.ms)}, medians of ${SCALED_PAIRS} paired`, value: "" },
        { metric: `  cost per extra page, this site / bare Eleventy`, value: `${ownPerPage.toFixed(2)} / ${barePerPage.toFixed(2)} ms` },
        { metric: `  ratio at +${label} pages`, value: (ownPerPage / barePerPage).toFixed(2), target: "≤ 1.5" },
        { metric: `  CPU time per extra page, this site / bare Eleventy (ratio)`, value: `${ownCpuPerPage.toFixed(2)} / ${bareCpuPerPage.toFixed(2)} ms (${(ownCpuPerPage / bareCpuPerPage).toFixed(2)})` },
      );
      if (count === PAGE_COUNTS.at(-1)) rows.push({ metric: `+${label} pages, peak memory (maximum resident set)`, value: mib(own!.peakMiB) });
    }
  } finally {
    await rm(copy, { recursive: true, force: true });
    await rm(bare, { recursive: true, force: true });
  }
  return rows;
};

export default buildBench;
