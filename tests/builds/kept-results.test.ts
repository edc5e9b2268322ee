/**
 * What a build keeps of each step for the next (_config/kept-results.ts, and the card's picture in
 * _config/share-card.ts): a build where nothing changed writes the same site without loading
 * parse5, highlight.js or resvg and without compiling a template; an edit to each input of each
 * step (a page, a partial, a code block, the stylesheet, the icon) and to each step's own code (the
 * checks, the highlighter, the card, the chart) reaches the next build's output or verdict; and a page that
 * fails a check fails every build the same way, since only passes are kept. Every build here is a
 * process of its own, as `npm run build` is, with a cache folder of its own.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  editFile,
  PATH_SITE_URL,
  ROOT_SITE_URL,
  runBuild,
  withProjectCopy,
  withTempDir,
} from "../support/build.ts";

/**
 * Preloaded into a build: when it exits, prints which of the packages only a changed input needs
 * it loaded, and how many templates Nunjucks compiled.
 */
const PROBE = `data:text/javascript,${encodeURIComponent(
  [
    'import { createRequire, registerHooks } from "node:module";',
    'const watched = ["parse5", "highlight.js", "@resvg/resvg-js"];',
    "const loaded = new Set();",
    "registerHooks({ resolve(specifier, context, next) {",
    "  const resolved = next(specifier, context);",
    "  for (const name of watched) if (resolved.url.includes(`/node_modules/${name}/`)) loaded.add(name);",
    "  return resolved;",
    "} });",
    'const compiler = createRequire(`${process.cwd()}/package.json`)("nunjucks/src/compiler");',
    "const compile = compiler.compile;",
    "let compiled = 0;",
    "compiler.compile = function (...args) { compiled += 1; return compile.apply(this, args); };",
    "const probe = () => JSON.stringify({ loaded: [...loaded].sort(), compiled });",
    'process.on("exit", () => process.stderr.write(`probe=${probe()}\\n`));',
  ].join("\n"),
)}`;

interface Built {
  ok: boolean;
  output: string;
  loaded: string[];
  compiled: number;
  /** Every file the build wrote, by its path in the output folder. */
  files: Map<string, Buffer>;
}

async function filesOf(folder: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
  return new Map(
    await Promise.all(files.map(async (file) => [file, await readFile(path.join(folder, file))] as const)),
  );
}

/** The lines of a failed build that name a page's file and line (without the process's own details). */
const failureLines = (output: string) =>
  output.split("\n").filter((line) => /content\/pages\/[a-z-]+\.md:\d+/.test(line));

const text = (built: Built, file: string) => built.files.get(file)?.toString("utf8") ?? "";

/**
 * Each file in the cache folder with its inode: an entry written again (a new file renamed over the
 * old) gets a new one, while one only read keeps it.
 */
async function entriesOf(cache: string): Promise<string[]> {
  const files = (await readdir(cache)).sort();
  return Promise.all(files.map(async (file) => `${file} ${(await stat(path.join(cache, file))).ino}`));
}

test("a build keeps what did not change, and an edit to each input or step reaches the next build", async () => {
  await withProjectCopy((project) =>
    withTempDir("kept-results", async (cache) => {
      const build = (siteUrl = PATH_SITE_URL) =>
        withTempDir("kept-results-site", async (site): Promise<Built> => {
          const env = { EXP_BANK_BUILD_CACHE: cache, NODE_OPTIONS: `--import=${PROBE}` };
          const result = await runBuild(project, site, siteUrl, env);
          const probe = JSON.parse(result.output.match(/probe=(\{.*\})/)?.[1] ?? "{}") as Partial<Built>;
          assert.ok(probe.loaded, `the build printed what it loaded:\n${result.output}`);
          const files = result.ok ? await filesOf(site) : new Map<string, Buffer>();
          return { ...result, loaded: probe.loaded!, compiled: probe.compiled!, files };
        });
      const expectOk = (built: Built) => assert.ok(built.ok, built.output);

      const first = await build();
      expectOk(first);
      assert.equal(
        first.loaded,
        ["@resvg/resvg-js", "highlight.js", "parse5"],
        "the first build does every step",
      );
      assert.ok(first.compiled > 0);
      const written = await entriesOf(cache);
      const second = await build();
      expectOk(second);
      assert.equal(await entriesOf(cache), written, "nothing changed: no entry is written again");
      assert.equal(
        second.loaded,
        [],
        "nothing changed: no page is parsed, no code highlighted, no card drawn",
      );
      assert.is(second.compiled, 0, "nothing changed: no template is compiled");
      assert.equal([...second.files.keys()], [...first.files.keys()]);
      for (const [file, bytes] of first.files)
        assert.ok(second.files.get(file)!.equals(bytes), `${file} is the same`);

      // The inputs: a page, a partial, a code block, the stylesheet and the icon the card draws.
      await editFile(
        project,
        "content/pages/auth.md",
        "Everything {{ site.name }}",
        "All that {{ site.name }}",
      );
      await editFile(project, "_includes/partials/site-footer.njk", "Terms of use", "Terms of service");
      const curl = '("curl " + site.urls.openapi) | codeBlock("sh")';
      await editFile(
        project,
        "content/pages/docs.md",
        curl,
        '("curl --silent " + site.urls.openapi) | codeBlock("sh")',
      );
      await editFile(project, "assets/styles/site.css", "--text: #1b1d21;", "--text: #1b1d22;");
      await editFile(project, "assets/styles/favicon.svg", 'fill="#0b5cad"', 'fill="#0b5cae"');
      await editFile(
        project,
        "content/pages/docs.md",
        "currentGems: 1000000, days: 30",
        "currentGems: 1000000, days: 31",
      );
      const inputs = await build();
      expectOk(inputs);
      assert.ok(text(inputs, "auth/index.html").includes("All that "), "a page's edit reaches its HTML");
      assert.ok(
        text(inputs, "index.html").includes("Terms of service"),
        "a partial's edit reaches every page",
      );
      assert.ok(
        /<code>.*--silent/.test(text(inputs, "docs/index.html")),
        "a code block's edit is highlighted anew",
      );
      assert.ok(
        text(inputs, "docs/index.html").includes("for 31 days"),
        "a tool call's new input is computed anew",
      );
      assert.equal(inputs.loaded, ["@resvg/resvg-js", "highlight.js", "parse5"]);
      const card = "assets/share-card.png";
      assert.not.ok(
        inputs.files.get(card)!.equals(first.files.get(card)!),
        "the colour and icon reach the card",
      );
      await editFile(project, "assets/styles/favicon.svg", 'fill="#0b5cae"', 'fill="#0b5cad"');
      await editFile(project, "assets/styles/site.css", "--text: #1b1d22;", "--text: #1b1d21;");
      const reverted = await build();
      assert.ok(reverted.files.get(card)!.equals(first.files.get(card)!), "the first card again");

      // The contract a field table lists (before any step's code is edited: that starts the step afresh).
      await editFile(project, "contract/calculator-info.ts", '"Days in a year."', '"Days in one year."');
      const contract = await build();
      expectOk(contract);
      assert.ok(
        text(contract, "docs/index.html").includes("Days in one year.") &&
          !text(contract, "docs/index.html").includes("Days in a year."),
        "the contract's edit reaches every field table that lists it",
      );

      // Each step's own code: the highlighter and the card's drawing.
      const highlighted = "hljs().highlight(code, { language, ignoreIllegals: true }).value";
      await editFile(
        project,
        "_config/highlight.ts",
        highlighted,
        `${highlighted}.replaceAll("hljs-", "hl-")`,
      );
      await editFile(project, "_config/share-card.ts", 'accent: colour("link")', 'accent: colour("text")');
      await editFile(
        project,
        "common/chart.ts",
        '<g class="chart-legend">',
        '<g class="chart-legend edited">',
      );
      await editFile(project, "_config/field-table.ts", '"| Field | Type |', '"| Field name | Type |');
      const steps = await build();
      expectOk(steps);
      assert.ok(
        text(steps, "docs/index.html").includes("<th>Field name</th>"),
        "the field tables' edit reaches the docs",
      );
      assert.ok(
        text(steps, "docs/index.html").includes("chart-legend edited"),
        "the chart's edit reaches the docs",
      );
      assert.ok(
        text(steps, "docs/index.html").includes('class="hl-'),
        "the highlighter's edit reaches the page",
      );
      assert.not.ok(
        steps.files.get(card)!.equals(first.files.get(card)!),
        "the drawing's edit reaches the card",
      );

      // The checks' own code: each edit refuses what the pages have, and the build says so.
      const refused = async (file: string, search: string, replacement: string, message: RegExp) => {
        await editFile(project, file, search, replacement);
        const failed = await build();
        assert.not.ok(failed.ok, `${file} edited: the kept passes must not hide the new verdict`);
        assert.ok(message.test(failed.output), failed.output);
        await editFile(project, file, replacement, search);
      };
      await refused(
        "_config/unsafe-html.ts",
        '["table", "thead"',
        '["thead"',
        /<table> is not allowed in a page/,
      );
      await refused(
        "_config/page-template.ts",
        '  "For",\n',
        '  "Not for",\n',
        /content\/pages\/[a-z]+\.md:\d+: \{% for %\} is not allowed in a page/,
      );
      await refused(
        "_config/link-check.ts",
        "if (files.has(sitePath)) return sitePath;",
        'if (files.has(sitePath) && !sitePath.endsWith(".json")) return sitePath;',
        /Broken links[\s\S]*content\/pages\/auth\.md \(writes auth\/index\.html:\d+\)/,
      );

      // A failing page fails every build alike: a failure is never kept.
      await editFile(
        project,
        "content/pages/auth.md",
        "All that {{ site.name }}",
        "<script>run()</script>\n\nAll that {{ site.name }}",
      );
      const [bad, again] = [await build(), await build()];
      assert.not.ok(bad.ok || again.ok, "a page with a script fails");
      assert.ok(failureLines(bad.output).length > 0, bad.output);
      assert.equal(
        failureLines(again.output),
        failureLines(bad.output),
        "the same failure, named the same way",
      );

      await editFile(project, "content/pages/auth.md", "<script>run()</script>\n\n", "");
      const moved = await build(ROOT_SITE_URL);
      expectOk(moved);
      assert.ok(
        text(moved, "auth/index.html").includes('href="/docs/"'),
        "another base URL: links without its prefix",
      );
      assert.ok(
        text(steps, "auth/index.html").includes('href="/exp-bank/docs/"'),
        "the path build's links had it",
      );
    }),
  );
});

test.run();
