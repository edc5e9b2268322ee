/**
 * Build time and memory. Every build is a new process, as `npm run build` runs it, with the same
 * caches (Node's compile cache, the build's own kept outputs) a writer's second build has.
 *
 * - Cold build: paired run for run (A B A B) with a bare Eleventy site of as many Markdown pages as
 *   the project writes from its sources (18, tests/bench/bare-site.ts), on the same Eleventy and
 *   Node. Target: at most 1.3 times the bare site's time. Then paired with the former way, the
 *   system's Node 20 with tsx (from tests/bench/package.json). Target: at most half the time.
 * - Per-page cost: the same generated Markdown pages added to a copy of the project and to the bare
 *   site, +1,000 pages, each build paired with the other project's; the cost of a page is the time
 *   beyond the project's build without extra pages, divided by the pages. Target: at most 1.5 times
 *   bare Eleventy's. Output goes to a RAM disk where one exists (/dev/shm): writing thousands of
 *   files to a disk costs seconds of kernel time that vary from run to run. The CPU time (user +
 *   system) per extra page is shown beside the wall clock: on a machine shared with other work it
 *   moves less from run to run.
 * - What a generated page costs this site beyond the bare project: what every page of the site
 *   gets (heading anchors, highlighting, table labels, the path prefix of HtmlBasePlugin, the link
 *   check) and the site's global data in its data cascade; it has no layout and no twin.
 * - Peak memory (maximum resident set) of the cold build and of the +1,000-page build.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import { BUILD_ENV, PATH_SITE_URL, projectCopy, ROOT } from "../support/build.ts";
import { SYSTEM_NODE } from "../support/system.ts";
import type { BenchRow, BenchSection } from "./types.ts";
import { BARE_CONFIG, BARE_PAGES, bareProject, SCRATCH, writeGeneratedPages } from "./bare-site.ts";

const run = promisify(execFile);
const COLD_PAIRS = 7;
const FORMER_PAIRS = 3;
const SCALED_PAIRS = 3;
const PAGE_COUNTS = [1000] as const;
/** Where the generated pages go inside each project's input folder. */
const GENERATED_FOLDER = "bench-pages";
/** Prints the process's peak resident set size and CPU time when it exits; preloaded into each timed build. */
const REPORT_USAGE =
  `data:text/javascript,process.on("exit",()=>{const u=process.resourceUsage();` +
  `process.stderr.write("peak-rss-kib="+u.maxRSS+" cpu-us="+(u.userCPUTime+u.systemCPUTime)+"\\n")})`;
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

const NATIVE: Runner = {
  command: [process.execPath, `--import=${REPORT_USAGE}`],
  config: "eleventy.config.ts",
};

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function timedBuild(projectDir: string, runner: Runner, env: NodeJS.ProcessEnv = {}): Promise<Timing> {
  const output = await mkdtemp(path.join(SCRATCH, "exp-bank-bench-"));
  try {
    const [program, ...flags] = runner.command;
    const started = performance.now();
    const { stdout, stderr } = await run(
      program!,
      [
        ...flags,
        "node_modules/@11ty/eleventy/cmd.cjs",
        `--config=${runner.config}`,
        `--output=${output}`,
        "--quiet",
      ],
      {
        cwd: projectDir,
        env: { ...process.env, ...BUILD_ENV, SITE_URL: PATH_SITE_URL, ...env },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const ms = performance.now() - started;
    const files = (stdout + stderr).match(/Wrote (\d+) files?/);
    if (!files)
      throw new Error(`The build in ${projectDir} printed no "Wrote N files" summary:\n${stdout}${stderr}`);
    const usage = stderr.match(/peak-rss-kib=(\d+) cpu-us=(\d+)/);
    return {
      ms,
      cpuMs: usage ? Number(usage[2]) / 1000 : Number.NaN,
      files: Number(files[1]),
      peakMiB: usage ? Number(usage[1]) / 1024 : Number.NaN,
    };
  } finally {
    await rm(output, { recursive: true, force: true });
  }
}

/** One side of a pair: the project, how it is built, and its environment besides the usual. */
interface Side {
  dir: string;
  runner: Runner;
  env?: NodeJS.ProcessEnv;
}

/** Runs the builds of `pairs` in turn, `runs` times (A B A B …), and returns each one's median. */
async function paired(pairs: Side[], runs: number): Promise<Timing[]> {
  const timings: Timing[][] = pairs.map(() => []);
  for (let index = 0; index < runs; index += 1) {
    for (const [slot, { dir, runner, env }] of pairs.entries())
      timings[slot]!.push(await timedBuild(dir, runner, env));
  }
  return timings.map((list) => ({
    ms: median(list.map((t) => t.ms)),
    cpuMs: median(list.map((t) => t.cpuMs)),
    files: list[0]!.files,
    peakMiB: Math.max(...list.map((t) => t.peakMiB)),
  }));
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mib = (value: number) => `${value.toFixed(0)} MiB`;

const buildBench: BenchSection = async () => {
  const rows: BenchRow[] = [];
  const bare = await bareProject();
  const bareRunner: Runner = { ...NATIVE, config: BARE_CONFIG };
  const copy = await projectCopy();
  try {
    // The cold build against the bare site of as many pages, paired run for run.
    const [site, plain] = await paired(
      [
        { dir: ROOT, runner: NATIVE },
        { dir: bare, runner: bareRunner },
      ],
      COLD_PAIRS,
    );
    rows.push(
      {
        metric:
          `cold build of the whole site (${site!.files} files), ${process.version}, wall clock / CPU, ` +
          `median of ${COLD_PAIRS} paired`,
        value: `${seconds(site!.ms)} / ${seconds(site!.cpuMs)}`,
      },
      {
        metric:
          `cold build of a bare Eleventy site of ${BARE_PAGES} Markdown pages (${plain!.files} files), ` +
          "same Node, paired",
        value: `${seconds(plain!.ms)} / ${seconds(plain!.cpuMs)}`,
      },
      {
        metric: "  ratio, this site / bare Eleventy (wall clock; CPU)",
        value: `${(site!.ms / plain!.ms).toFixed(2)}; ${(site!.cpuMs / plain!.cpuMs).toFixed(2)}`,
        target: "≤ 1.3",
      },
      { metric: "cold build, peak memory (maximum resident set)", value: mib(site!.peakMiB) },
    );

    const system = (await run(SYSTEM_NODE, ["--version"])).stdout.trim();
    const baseline: Runner = { command: [SYSTEM_NODE, TSX], config: "eleventy.config.ts" };
    const [native, former] = await paired(
      [
        { dir: ROOT, runner: NATIVE },
        { dir: ROOT, runner: baseline },
      ],
      FORMER_PAIRS,
    );
    rows.push(
      {
        metric:
          `cold build, system Node ${system} + tsx (the former way), paired with this Node's, medians ` +
          `of ${FORMER_PAIRS}`,
        value: `${seconds(former!.ms)} / ${seconds(native!.ms)}`,
      },
      {
        metric: "  ratio, type stripping / Node + tsx",
        value: (native!.ms / former!.ms).toFixed(2),
        target: "≤ 0.50",
      },
    );

    // The copy keeps its results in a cache of its own: its thousand pages would otherwise fill the
    // project's entries, and the next cold build above would read them all.
    const pairs: Side[] = [
      { dir: copy, runner: NATIVE, env: { EXP_BANK_BUILD_CACHE: path.join(copy, ".bench-build-cache") } },
      { dir: bare, runner: bareRunner },
    ];
    const [ownBase, bareBase] = await paired(pairs, SCALED_PAIRS);
    for (const count of PAGE_COUNTS) {
      await writeGeneratedPages(path.join(copy, "content"), GENERATED_FOLDER, count);
      await writeGeneratedPages(path.join(bare, "content"), GENERATED_FOLDER, count);
      const [own, plainScaled] = await paired(pairs, SCALED_PAIRS);
      const ownPerPage = (own!.ms - ownBase!.ms) / count;
      const barePerPage = (plainScaled!.ms - bareBase!.ms) / count;
      const ownCpuPerPage = (own!.cpuMs - ownBase!.cpuMs) / count;
      const bareCpuPerPage = (plainScaled!.cpuMs - bareBase!.cpuMs) / count;
      const label = count.toLocaleString("en");
      rows.push(
        {
          metric:
            `+${label} pages: this site ${seconds(own!.ms)} (${own!.files} files), bare Eleventy ` +
            `${seconds(plainScaled!.ms)}, medians of ${SCALED_PAIRS} paired, output in ${SCRATCH}`,
          value: "",
        },
        {
          metric: `  cost per extra page, this site / bare Eleventy`,
          value: `${ownPerPage.toFixed(2)} / ${barePerPage.toFixed(2)} ms`,
        },
        {
          metric: `  ratio at +${label} pages`,
          value: (ownPerPage / barePerPage).toFixed(2),
          target: "≤ 1.5",
        },
        {
          metric: `  CPU time per extra page, this site / bare Eleventy (ratio)`,
          value:
            `${ownCpuPerPage.toFixed(2)} / ${bareCpuPerPage.toFixed(2)} ms ` +
            `(${(ownCpuPerPage / bareCpuPerPage).toFixed(2)})`,
        },
        { metric: `+${label} pages, peak memory (maximum resident set)`, value: mib(own!.peakMiB) },
      );
    }
  } finally {
    await rm(copy, { recursive: true, force: true });
    await rm(bare, { recursive: true, force: true });
  }
  return rows;
};

export default buildBench;
