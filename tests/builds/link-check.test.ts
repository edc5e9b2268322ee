/**
 * Every build checks its links from its own output list (_config/link-check.ts): pages,
 * twins and text outputs, under the path prefix and at an origin's root, absolute links to the
 * public URL against the build itself. A broken link fails the build once, however many outputs
 * repeat it, naming the source file and line, the URL and the nearest valid pages or fragments.
 * linkinator, crawling the same output folder, finds exactly the same broken links in the same
 * outputs (tests/support/linkinator.ts).
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { brokenTargets } from "../../_config/link-check.ts";
import {
  buildInProcess,
  editFile,
  PATH_SITE_URL,
  ROOT_SITE_URL,
  withProjectCopy,
  withTempDir,
} from "../support/build.ts";
import type { BuildResult } from "../support/build.ts";
import { filesUnder, linkedOutputs, linkinatorBrokenLinks } from "../support/linkinator.ts";

/** The 1-based line of `file` in `project` holding `text`, found by reading the file (not the checker). */
async function lineIn(project: string, file: string, text: string): Promise<number> {
  const lines = (await readFile(path.join(project, file), "utf8")).split("\n");
  const index = lines.findIndex((line) => line.includes(text));
  if (index < 0) throw new Error(`${file} has no line with ${text}`);
  return index + 1;
}

/** The first report in a build's output: its count and its lines (Eleventy prints the error more than once). */
function report(printed: string): { count: number; lines: string[] } {
  const output = printed.replace(/\x1b\[[0-9;]*m/g, "");
  const match = output.match(/Broken links \((\d+)\)[^\n]*\n((?:\[11ty\] {3}[^\n]*\n)+)/);
  if (!match) throw new Error(`no broken-link report in:\n${output}`);
  return {
    count: Number(match[1]),
    lines: match[2]!
      .trim()
      .split("\n")
      .map((line) => line.replace(/^\[11ty\]\s+/, "")),
  };
}

interface Findings {
  /** Each broken URL the build's check finds, with the outputs that link to it. */
  build: Map<string, string[]>;
  /** The same, as linkinator finds them. */
  linkinator: Map<string, string[]>;
}

/** The build's check and linkinator over the same written folder. */
async function bothCheckers(output: string, siteUrl: string): Promise<Findings> {
  const files = new Set(await filesUnder(output));
  const byUrl = (links: { url: string; outputs: string[] }[]) =>
    new Map(links.map((link) => [link.url, link.outputs]));
  const build = byUrl(brokenTargets(await linkedOutputs(output), files, siteUrl));
  return { build, linkinator: byUrl(await linkinatorBrokenLinks(output, siteUrl)) };
}

/**
 * The two checks agree: the same broken URLs, each in outputs the build names. linkinator names
 * only some of the outputs of a link written as an absolute URL (it looks a repeated link's result
 * up by the URL before its rewrite onto the local copy, and finds none), so its outputs are a part
 * of the build's, never one the build misses.
 */
function assertAgree({ build, linkinator }: Findings): void {
  const urls = (found: Map<string, string[]>) => [...found.keys()].sort();
  assert.equal(urls(build), urls(linkinator), "the build's check and linkinator find the same broken URLs");
  for (const [url, outputs] of linkinator) {
    const ours = build.get(url)!;
    for (const output of outputs) {
      assert.ok(
        ours.includes(output),
        `linkinator finds ${url} in ${output}, the build's check only in ${ours.join(", ")}`,
      );
    }
  }
}

/**
 * Breaks the links of the copy (`breakLinks`) and builds it for `siteUrl`: the build must fail, and
 * both checkers must agree over its output. Returns the build's result.
 */
async function buildBroken(project: string, siteUrl: string): Promise<BuildResult> {
  await breakLinks(project);
  const result = await withTempDir("broken-links", async (output) => {
    const built = await buildInProcess(project, output, siteUrl);
    return { ...built, ...(await bothCheckers(output, siteUrl)) };
  });
  assert.not.ok(result.ok, "the build must fail");
  assertAgree(result);
  return result;
}

/** Writes the broken links a writer might make into a copy of the project. */
async function breakLinks(project: string): Promise<void> {
  // A page: one missing page, one missing fragment, links that work, a link to another site (never fetched).
  await writeFile(
    path.join(project, "content/stray.md"),
    [
      "---",
      "title: Stray page",
      "permalink: /stray/",
      "eleventyExcludeFromCollections: true",
      "---",
      "",
      "# Stray page",
      "",
      "Read [the rates](/rates/), [the docs](/docs/), [support](/docs/#support), " +
        "[nothing](/docs/#no-such-anchor) and [Eleventy](https://www.11ty.dev/docs/).",
      "",
    ].join("\n"),
  );
  // Images: a page may not write `srcset` (the page checks refuse it), so a template of the site's does.
  await writeFile(
    path.join(project, "content/stray-images.njk"),
    [
      "---",
      "permalink: /stray-images/",
      "eleventyExcludeFromCollections: true",
      "---",
      '<img src="/missing-card.png" alt="A card"> <img srcset="/docs/ 1x, /missing-wide.png 2x" src="/docs/" alt="">',
      "",
    ].join("\n"),
  );
  // The same missing page from a real page, which its twin and llms-full.txt repeat.
  // And a bare URL, which the twin's Markdown makes a link (GitHub's autolinks).
  const auth = path.join(project, "content/pages/auth.md");
  await writeFile(
    auth,
    `${await readFile(auth, "utf8")}\nAlso see [the rates](/rates/), or ${PATH_SITE_URL}nowhere/.\n`,
  );
  // A text output with absolute links under the public URL (checked against this build, not the internet).
  const base = new URL(PATH_SITE_URL);
  await writeFile(
    path.join(project, "content/stray-notes.njk"),
    [
      "---",
      "permalink: /stray-notes.txt",
      "layout: false",
      "eleventyExcludeFromCollections: true",
      "---",
      `- [Missing twin](${new URL("missing.md", base).href}): no such file.`,
      `- [Contract](${new URL("openapi.json", base).href}): exists.`,
      `- [Support](${new URL("docs.md#support", base).href}): a heading of the docs twin.`,
      `- [Nothing](${new URL("docs.md#no-such-heading", base).href}): no such heading.`,
      "- [Outside](https://example.github.io/docs/): the same host outside the base path.",
      "- [Tools](#tools): a bare fragment.",
      "",
    ].join("\n"),
  );
  // /llms.txt itself, its link written by the template: a misspelt path.
  await editFile(
    project,
    "content/llms.txt.njk",
    "({{ site.urls.fullAgentGuide }})",
    '({{ "llms-ful.txt" | absoluteUrl }})',
  );
}

test(`broken links, fragments and llms.txt links fail the build under a path prefix, each once, with \
file, line, URL and fix`, async () => {
  await withProjectCopy(async (project) => {
    const result = await buildBroken(project, PATH_SITE_URL);
    const { count, lines } = report(result.output);
    assert.is(count, lines.length, "one line per broken link");

    const stray = await lineIn(project, "content/stray.md", "[the rates]");
    const auth = await lineIn(project, "content/pages/auth.md", "Also see [the rates]");
    const notes = (text: string) => lineIn(project, "content/stray-notes.njk", text);
    const llms = await lineIn(project, "content/llms.txt.njk", "llms-ful.txt");
    const bare = await lineIn(project, "content/pages/auth.md", "nowhere/");
    const images = await lineIn(project, "content/stray-images.njk", "missing-card");
    const expected = [
      `content/pages/auth.md:${bare}: https://example.github.io/exp-bank/nowhere/ answers 404`,
      `content/stray-images.njk:${images}: https://example.github.io/exp-bank/missing-card.png answers 404`,
      `content/stray-images.njk:${images}: https://example.github.io/exp-bank/missing-wide.png answers 404`,
      `content/llms.txt.njk:${llms}: https://example.github.io/exp-bank/llms-ful.txt answers 404: the ` +
        "build wrote no such file; nearest pages: /exp-bank/llms-full.txt",
      `content/pages/auth.md:${auth}, content/stray.md:${stray}: ` +
        "https://example.github.io/exp-bank/rates/ answers 404: the build wrote no such file; nearest " +
        "pages: /exp-bank/",
      `content/stray-notes.njk:${await notes("missing.md")}: https://example.github.io/exp-bank/missing.md answers 404`,
      `content/stray-notes.njk:${await notes("no-such-heading")}: ` +
        "https://example.github.io/exp-bank/docs.md#no-such-heading names the fragment " +
        "#no-such-heading, but docs.md has no heading with that slug; nearest: #",
      `content/stray-notes.njk:${await notes("example.github.io/docs/")}: ` +
        "https://example.github.io/docs/ is outside the site's base path /exp-bank/",
      `content/stray-notes.njk:${await notes("(#tools)")}: #tools is a bare fragment`,
      `content/stray.md:${stray}: https://example.github.io/exp-bank/docs/#no-such-anchor names the ` +
        "fragment #no-such-anchor, but docs/index.html has no element with that id; nearest: #",
    ];
    for (const line of expected)
      assert.ok(
        lines.some((reported) => reported.startsWith(line)),
        `expected a line starting\n  ${line}\nin\n  ${lines.join("\n  ")}`,
      );
    assert.is(count, expected.length, `exactly these broken links:\n  ${lines.join("\n  ")}`);
    // The fix names real pages and anchors of the site.
    assert.ok(
      lines.some((line) => line.includes("#no-such-anchor") && /nearest: .*#support/.test(line)),
      "the docs page's #support is offered",
    );
    for (const fine of ["docs/#support", "docs.md#support", "11ty.dev", "openapi.json"])
      assert.not.ok(
        lines.some((line) => line.includes(`${fine} `)),
        `${fine} is not broken`,
      );
  });
});

test("a site at an origin's root is checked too", async () => {
  await withProjectCopy(async (project) => {
    const result = await buildBroken(project, ROOT_SITE_URL);
    const { lines } = report(result.output);
    const stray = await lineIn(project, "content/stray.md", "[the rates]");
    assert.ok(
      lines.some((line) =>
        line.includes(`content/stray.md:${stray}: https://exp-bank.example/rates/ answers 404`),
      ),
      lines.join("\n"),
    );
    assert.ok(
      lines.some((line) => line.includes("https://exp-bank.example/docs/#no-such-anchor names the fragment")),
      lines.join("\n"),
    );
    // Links to another origin (example.github.io here) are not this site's, and are not fetched.
    assert.not.ok(
      lines.some((line) => line.includes("example.github.io")),
      lines.join("\n"),
    );
  });
});

test.run();
