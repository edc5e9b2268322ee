/**
 * The benchmark's baseline: a bare Eleventy 3 project on the same Eleventy and Node, with Markdown
 * pages and the two names they use (`site`, `href`), no layout, plugins or data. It starts with
 * as many pages as the project writes from its sources (18), each what a writer's page holds.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT } from "../support/build.ts";

/** Where builds write and bare projects live: a RAM disk where one exists, so disk writes do not weigh. */
export const SCRATCH = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();
/** The bare project's config file, in its folder. */
export const BARE_CONFIG = "eleventy.config.mjs";
/** The pages the bare site starts with: as many files as the project writes from its sources. */
export const BARE_PAGES = 18;
/** The folder of the bare site's own pages, under its input folder. */
export const BARE_FOLDER = "pages";

/**
 * One generated page in `folder`: what a writer's page holds (headings, prose with data, a list, a
 * table, a code block, links to a real page and to a neighbour). Generated pages stay out of the
 * collections, so the navigation and llms.txt keep their size.
 */
export function generatedPage(folder: string, index: number, count: number): string {
  const next = (index + 1) % count;
  return [
    "---",
    `title: Generated page ${index}`,
    `description: Benchmark page ${index} of ${count}, generated to measure how the build grows with content.`,
    `permalink: /${folder}/page-${index}/`,
    "eleventyExcludeFromCollections: true",
    "---",
    "",
    `# Generated page ${index}`,
    "",
    `{{ site.name }} grows a balance by a fixed daily rate. This page, number ${index}, stands in for ` +
      `a writer's page: see the [API docs]({{ "docs" | href }}) ` +
      `or the [next page](/${folder}/page-${next}/).`,
    "",
    "## A list and a table",
    "",
    ...Array.from(
      { length: 5 },
      (_, item) => `- Item ${item + 1} of page ${index}, with *emphasis* and \`code\`.`,
    ),
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

/** Writes `count` generated pages into `inputDir/folder`, replacing what was there. */
export async function writeGeneratedPages(inputDir: string, folder: string, count: number): Promise<void> {
  const target = path.join(inputDir, folder);
  await rm(target, { recursive: true, force: true });
  await mkdir(target, { recursive: true });
  for (let index = 0; index < count; index += 1)
    await writeFile(path.join(target, `page-${index}.md`), generatedPage(folder, index, count));
}

/** A new bare project with its 18 pages in `content/pages/`; the caller removes it. */
export async function bareProject(): Promise<string> {
  const dir = await mkdtemp(path.join(SCRATCH, "exp-bank-bare-"));
  await mkdir(path.join(dir, "content"));
  await symlink(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  await writeFile(
    path.join(dir, BARE_CONFIG),
    [
      'export const config = { dir: { input: "content" }, markdownTemplateEngine: "njk" };',
      "export default function (eleventyConfig) {",
      '  eleventyConfig.addGlobalData("site", { name: "EXP Bank Calculator", urls: { info: ' +
        '"https://example.github.io/exp-bank/api/info.json" } });',
      '  eleventyConfig.addFilter("href", (key) => `/${key}/`);',
      "}",
      "",
    ].join("\n"),
  );
  await writeGeneratedPages(path.join(dir, "content"), BARE_FOLDER, BARE_PAGES);
  return dir;
}
