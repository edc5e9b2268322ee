/**
 * A new page is a Markdown file: added to `content/pages/` with only its front matter, it appears
 * in the navigation, the sitemap, llms.txt and llms-full.txt and gets a Markdown twin; links to it
 * and from it by file (`docs.md`) or by a key of `site.paths` (`{{ "api" | href }}`) land on the right
 * page in HTML and on the right twin in Markdown. A misspelt key or file fails the build naming the
 * file, the line, the valid ones and the fix. Anything in `content/pages/` that is not a plain Markdown
 * page (another format, a symlink, its own layout, pagination, a URL that is not a page's) fails before
 * anything renders. Builds copies of the project; the front matter's schema is also tried alone.
 */
import { symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import pages from "../../content/pages/pages.11tydata.ts";
import { isPageFileLink, rememberUrls } from "../../_config/page-links.ts";
import { buildEachEdit, editFile, ROOT_SITE_URL, textsUnder, type BuildResult } from "../support/build.ts";
import { lineOf, writerPage } from "../support/writer-mistakes.ts";
import { writtenFile } from "../support/written-file.ts";

const FAQ = `---
title: Frequently asked questions
description: Answers to the questions players ask most about gem growth (and [a link](x)).
navLabel: FAQ
order: 5
---

# Frequently asked questions

## Where are the fields described?

In the [API docs](docs.md#resources); the [JSON API]({{ "api" | href }}) lists the resources
and the [calculator](index.md) computes.
`;

/** What a test reads of a build: its result and every output file. */
const readBuild = async (result: BuildResult, output: string) => ({
  result,
  files: await textsUnder(output),
});

/** A page with `extra` front matter lines, from line 6. */
const page = (name: string, extra: string[], body: string) => writerPage(name, 9, body, extra);
const addPage = (project: string, file: string, text: string) =>
  writeFile(path.join(project, "content/pages", file), text);

const JS = '["C", "D.", "C", 9]';
/** Where Eleventy's objects lead to the layouts' Liquid, whose `parseAndRender` reads any file. */
const LAYOUTS_LIQUID = "collections.all[0].template.eleventyConfig.userConfig.libraryOverrides.liquid";
const schemaOff = (line: string) => (project: string) => addPage(project, "off.md", page("Off", [line], "t"));
const SCHEMA = ":6: eleventyDataSchema is the site's checks; remove it from the front matter or data";
/**
 * Pages the build must refuse before anything renders, each with what its error must say. (A permalink
 * that is not a kind the site publishes, such as a script's, is output-urls.test.ts's, for any template.)
 */
type Refused = [string, (project: string) => Promise<void>, string];
const REFUSED: Refused[] = [
  [
    "another engine",
    (project) => addPage(project, "override.md", page("Override", ["templateEngineOverride: njk"], "text")),
    "content/pages/override.md:6: templateEngineOverride: a page is Markdown with Liquid",
  ],
  [
    "another format",
    (project) => addPage(project, "other.html", page("Other", [], "<p>text</p>")),
    "content/pages/other.html: inputPath: a page is a Markdown file: rename it to end in .md",
  ],
  [
    "a symlink",
    async (project) => {
      await writeFile(path.join(project, "elsewhere.md"), page("Linked", [], "text"));
      await symlink(path.join(project, "elsewhere.md"), path.join(project, "content/pages/zz.md"));
    },
    "content/pages/zz.md: inputPath: a page is a file of its own, not a symbolic link",
  ],
  [
    "its own layout",
    (project) => addPage(project, "bare.md", page("Bare", ["layout: false"], "text")),
    "content/pages/bare.md:6: layout: every page has the site's layout; remove layout",
  ],
  [
    "a layout outside _includes/layouts/, outside content/pages/",
    (project) => editFile(project, "content/404.md", "layout: layouts/base.liquid", 'layout: "../README.md"'),
    "content/404.md:4: layout: a layout is a file of _includes/layouts/, such as layout: layouts/base.liquid",
  ],
  [
    "a URL outside the site",
    (project) => addPage(project, "climbs.md", page("Climbs", ["permalink: ../escaped.html"], "text")),
    "content/pages/climbs.md:6: url: a page's URL is a folder",
  ],
  // Code in front matter, or a data schema turned off (a non-function, or a late one), would skip every check.
  [
    "JavaScript front matter",
    (project) =>
      addPage(project, "code.md", `---js\nconst [title, description, navLabel, order] = ${JS};\n---\n`),
    "content/pages/code.md:1: front matter is YAML, not JavaScript; open it with --- instead of ---js",
  ],
  ["eleventyDataSchema: false", schemaOff("eleventyDataSchema: false"), SCHEMA],
  [
    "eleventyDataSchema: false from a pagination alias",
    schemaOff("pagination: { data: off, size: 1, alias: eleventyDataSchema }\noff: [false]"),
    "content/pages/off.md:6: a Markdown page is one page; remove pagination",
  ],
  // A page's Liquid reads no inherited property, no filter of Eleventy's own, no Eleventy object and no file
  // (package.json as `pkg`), in the body or a permalink.
  ...(
    [
      [[], '{{ "x".constructor }}', '"x".constructor names no value in the page\'s data'],
      [[], '{{ "javascript:x" | url }}', 'there is no filter "url"'],
      [[], `{{ ${LAYOUTS_LIQUID}.parseAndRender }}`, '"collections" is not a name in the page\'s data'],
      [[], "{{ pkg.dependencies }}", '"pkg" is not a name in the page\'s data'],
      [[`permalink: "/r/{% include 'package.json' %}/"`], "t", "a page includes no file"],
    ] as [string[], string, string][]
  ).map(([extra, body, problem]): Refused => [
    `a page's Liquid reaching for code (${extra[0] ?? body})`,
    (project) => addPage(project, "run.md", page("Run", extra, body)),
    `content/pages/run.md:${extra.length ? 6 : 8}: ${problem}`,
  ]),
  [
    "eleventyDataSchema in eleventyComputed",
    schemaOff("eleventyComputed: { eleventyDataSchema: off }"),
    SCHEMA,
  ],
  [
    "permalinkBypassOutputDir",
    (project) =>
      addPage(
        project,
        "bypass.md",
        page("Bypass", ["permalink: /bypass/", "permalinkBypassOutputDir: true"], "text"),
      ),
    "content/pages/bypass.md:7: permalinkBypassOutputDir: a page is written inside the site",
  ],
];

/** The link to the docs in content/pages/api.md, which the misspelling tests change. */
const DOCS_LINK = '[API docs]({{ "docs" | href }})';
const relink = (link: string) => (project: string) =>
  editFile(project, "content/pages/api.md", DOCS_LINK, link);

// The builds are queued as the file loads (this process builds one at a time), so they run while
// other tests wait; the edits, all of pages, take turns on one copy.
const [newPage, misspeltKey, misspeltFile, ...refused] = buildEachEdit(
  ROOT_SITE_URL,
  [
    async (project) => {
      await writeFile(path.join(project, "content/pages/faq.md"), FAQ);
      await editFile(
        project,
        "content/pages/docs.md",
        "## Support\n\n",
        "## Support\n\nThe [FAQ](faq.md) answers the common questions first.\n\n",
      );
    },
    relink('[API docs]({{ "doc" | href }})'),
    relink("[API docs](doc.md#resources)"),
    ...REFUSED.map(([, edit]) => edit),
  ],
  readBuild,
);

/** A file of the new page's build, which must have succeeded. */
const built = (file: string) => writtenFile(newPage!, file);

/** What a build that must have failed printed, and the 1-based line of api.md holding {@link DOCS_LINK}. */
async function failedAt(build: ReturnType<typeof readBuild>): Promise<{ output: string; line: number }> {
  const { result } = await build;
  assert.not.ok(result.ok, "the build succeeded");
  return { output: result.output, line: await lineOf("content/pages/api.md", DOCS_LINK) };
}

/** The schema's message for a page's data, or "" when the data passes. */
function schemaProblem(data: Record<string, unknown>): string {
  const page = { filePathStem: "/pages/faq", inputPath: "./content/pages/faq.md", url: "/faq/" };
  try {
    pages.eleventyDataSchema({ layout: pages.layout, ...data, page: { ...page, ...(data.page as object) } });
    return "";
  } catch (error) {
    return (error as Error).message;
  }
}
const FRONT = { title: "T", description: "D", navLabel: "N", order: 5 };

test("a page's URL comes from its file; its front matter may set a slug", () => {
  const url = (filePathStem: string, slug?: string) =>
    pages.permalink({ slug, page: { filePathStem, inputPath: "", url: "" } });
  assert.is(url("/pages/faq"), "/faq/");
  assert.is(url("/pages/index"), "/");
  assert.is(url("/pages/guides/start"), "/guides/start/");
  assert.is(url("/pages/faq", "questions"), "/questions/");
  assert.is(schemaProblem(FRONT), "");
  assert.match(
    schemaProblem({ ...FRONT, slug: "Two Words" }),
    /content\/pages\/faq\.md: slug: lowercase letters, digits and hyphens, such as slug: faq-page/,
  );
});

test(`a page without a title, description, navLabel or order fails, naming the file and each missing \
field with an example`, () => {
  const message = schemaProblem({ title: "FAQ", description: " ", order: "5" });
  assert.match(message, /^content\/pages\/faq\.md is not a page as the site writes them:/);
  assert.match(message, /faq\.md: description: one sentence for search results/);
  assert.match(message, /faq\.md: navLabel: the link text in the navigation, such as navLabel: FAQ/);
  assert.match(message, /faq\.md: order: .*a number such as order: 5/);
  assert.not.match(message, /title:/);
});

test("a page's URL is a folder of the site, and only the site's data sets its layout", () => {
  for (const url of ["/docs.js", "/a.html", "/../x/", "/Faq/"])
    assert.match(schemaProblem({ ...FRONT, page: { url } }), /url: a page's URL is a folder/, url);
  assert.match(schemaProblem({ ...FRONT, page: { url: false } }), /url: a page is published/);
  assert.match(schemaProblem({ ...FRONT, layout: "layouts/a.liquid" }), /layout: every page has the site's/);
  assert.match(
    schemaProblem({ ...FRONT, page: { inputPath: "./content/pages/faq.njk" } }),
    /inputPath: a page is a Markdown file/,
  );
});

test("a page's scripts are the site's modules and its styles a list, each refused with the fix", () => {
  assert.is(schemaProblem({ ...FRONT, scripts: ["calculatorScript"], styles: ["calculator"] }), "");
  for (const scripts of ["calculatorScript", ["agentGuide"]])
    assert.match(schemaProblem({ ...FRONT, scripts }), /scripts(\.0)?: a list of the site's modules/);
  assert.match(schemaProblem({ ...FRONT, styles: "calculator" }), /styles: a list of names in assets/);
});

test("links by file: relative .md destinations only", () => {
  for (const target of ["docs.md", "docs.md#support", "../pages/docs.md", "guides/start.md?x"])
    assert.ok(isPageFileLink(target), target);
  for (const target of ["/docs.md", "https://example.com/a.md", "#docs.md", "docs/", "mailto:a@b.md"])
    assert.not.ok(isPageFileLink(target), target);
});

test("the pages site.paths names must be there: a moved or missing one fails naming the key and the fix", () => {
  const paths = { home: "", docs: "docs/", openapi: "openapi.json" };
  rememberUrls(
    {
      "./content/pages/index.md": ["/"],
      "./content/pages/docs.md": ["/docs/"],
      "./content/openapi.json.11ty.ts": ["/openapi.json"],
    },
    paths,
  );
  assert.throws(
    () =>
      rememberUrls(
        { "./content/pages/index.md": ["/"], "./content/pages/docs.md": ["/documentation/"] },
        paths,
      ),
    /site\.paths\.docs \(_data\/site\.ts\) is \/docs\/, where the contract, .* but no page is served there/,
  );
});

test(`a page added as only a Markdown file is in the navigation of every page but the players' homepage, \
the sitemap, llms.txt and llms-full.txt`, async () => {
  for (const file of ["docs/index.html", "faq/index.html"])
    assert.match(
      await built(file),
      /<a href="\/faq\/"( aria-current="page")?>FAQ<\/a>/,
      `${file} links the new page in its navigation`,
    );
  assert.ok((await built("sitemap.xml")).includes(`<loc>${ROOT_SITE_URL}faq/</loc>`), "the sitemap lists it");
  assert.ok(
    (await built("llms.txt")).includes(
      `- [Frequently asked questions](${ROOT_SITE_URL}faq.md): Answers to the questions players ask ` +
        "most about gem growth \\(and \\[a link\\]\\(x\\)\\).",
    ),
    "llms.txt lists its twin with its title and description, as text",
  );
  const full = await built("llms-full.txt");
  assert.ok(
    full.includes("## Where are the fields described?") && full.includes(`Source: <${ROOT_SITE_URL}faq/>`),
    "llms-full.txt holds it",
  );
});

test(`the new page gets a twin, and links by file or key go to the page in HTML and to its twin in \
Markdown`, async () => {
  const twin = await built("faq.md");
  assert.ok(twin.startsWith("# Frequently asked questions\n"), twin);
  assert.ok(
    twin.includes(`[API docs](${ROOT_SITE_URL}docs.md#resources)`),
    "a file link with a fragment goes to the other twin's heading",
  );
  assert.ok(twin.includes(`[JSON API](${ROOT_SITE_URL}api.md)`), "a key link goes to the twin");
  assert.ok(twin.includes(`[calculator](${ROOT_SITE_URL}index.md)`), "index.md is the homepage's twin");
  const html = await built("faq/index.html");
  for (const link of ['href="/docs/#resources"', 'href="/api/"', 'href="/"'])
    assert.ok(html.includes(link), `faq/index.html has ${link}`);
  assert.not.match(html, /href="[^"]*\.md#resources"/, "no file link is left in the HTML");
  assert.ok(
    (await built("docs/index.html")).includes('<a href="/faq/">FAQ</a> answers'),
    "an existing page links the new one by its file",
  );
  assert.ok(
    (await built("docs.md")).includes(`[FAQ](${ROOT_SITE_URL}faq.md) answers`),
    "and its twin links the new twin",
  );
});

test("a misspelt key of site.paths fails the build with the file, the line, the valid keys and the fix", async () => {
  const { output, line } = await failedAt(misspeltKey!);
  assert.ok(
    output.includes(
      `content/pages/api.md:${line}: "doc" is not a key of site.paths (_data/site.ts); did you mean "docs"? ` +
        `Write {{ "docs" | href }}`,
    ),
    output,
  );
  assert.match(output, /Keys: home, docs, .*\. Link a page by its file instead: \[API docs\]\(docs\.md\)/);
});

test(`a link to a page file that does not exist fails the build with the file, the line, the valid files \
and the fix`, async () => {
  const { output, line } = await failedAt(misspeltFile!);
  assert.ok(
    output.includes(
      `content/pages/api.md:${line}: the link "doc.md#resources" names no page: there is no ` +
        `content/pages/doc.md. Did you mean "docs.md"? Link a page by its file in content/pages/, one of: ` +
        `api.md, auth.md, docs.md, index.md`,
    ),
    output,
  );
});

test(`anything in content/pages/ but a plain Markdown page fails before it renders, naming the file \
and the fix`, async () => {
  for (const [index, [what, , message]] of REFUSED.entries()) {
    const { result } = await refused[index]!;
    assert.not.ok(result.ok, `${what}: the build succeeded`);
    assert.ok(result.output.includes(message), `${what}: expected "${message}" in:\n${result.output}`);
  }
});

test.run();
