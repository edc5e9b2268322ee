/**
 * A new page is a Markdown file: added to `content/pages/` with only its front matter, it appears
 * in the navigation, the sitemap, llms.txt and llms-full.txt and gets a Markdown twin; links to it
 * and from it by file (`docs.md`) or by key (`{{ "api" | href }}`) land on the right page in HTML
 * and on the right twin in Markdown. A misspelt key or file fails the build naming the file, the
 * line, the valid ones and the fix. Builds copies of the project; the rules themselves are unit-tested.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { isPageFileLink, pageKeyOf, pageUrl, rememberPages } from "../../_config/pages.ts";
import { buildEachEdit, editFile, ROOT_SITE_URL, type BuildResult } from "../support/build.ts";
import { lineWith } from "../support/writer-mistakes.ts";
import { writtenFile } from "../support/written-file.ts";

const FAQ = `---
title: Frequently asked questions
description: Answers to the questions players ask most about gem growth.
navLabel: FAQ
order: 5
---

# Frequently asked questions

## Where are the fields described?

In the [API docs](docs.md#resources); the [JSON API]({{ "api" | href }}) lists the resources
and the [calculator](index.md) computes.
`;

/** What a test reads of a build: its result, every output file, and the edited page's source. */
async function readBuild(
  result: BuildResult,
  output: string,
  project: string,
): Promise<{ result: BuildResult; files: Map<string, string>; project: Map<string, string> }> {
  const entries = await readdir(output, { recursive: true, withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(output, path.join(entry.parentPath, entry.name)));
  const sources = ["content/pages/api.md"];
  return {
    result,
    files: new Map(
      await Promise.all(
        names.map(async (name) => [name, await readFile(path.join(output, name), "utf8")] as const),
      ),
    ),
    project: new Map(
      await Promise.all(
        sources.map(async (name) => [name, await readFile(path.join(project, name), "utf8")] as const),
      ),
    ),
  };
}

// The builds are queued as the file loads (this process builds one at a time), so they run while
// other tests wait; the three edits, all of pages, take turns on one copy.
const [newPage, misspeltKey, misspeltFile] = buildEachEdit(
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
    (project) =>
      editFile(
        project,
        "content/pages/api.md",
        '[API docs]({{ "docs" | href }})',
        '[API docs]({{ "doc" | href }})',
      ),
    (project) =>
      editFile(
        project,
        "content/pages/api.md",
        '[API docs]({{ "docs" | href }})',
        "[API docs](doc.md#resources)",
      ),
  ],
  readBuild,
) as [ReturnType<typeof readBuild>, ReturnType<typeof readBuild>, ReturnType<typeof readBuild>];
for (const build of [newPage, misspeltKey, misspeltFile]) build.catch(() => undefined);

/** A file of the new page's build, which must have succeeded. */
const built = (file: string) => writtenFile(newPage, file);

/**
 * What a build that must have failed printed, and the 1-based line of its edited `content/pages/api.md`
 * holding `text`.
 */
async function failedAt(build: typeof misspeltKey, text: string): Promise<{ output: string; line: number }> {
  const { result, project } = await build;
  assert.not.ok(result.ok, "the build succeeded");
  const line = lineWith(project.get("content/pages/api.md")!, text, "the edited content/pages/api.md");
  return { output: result.output, line };
}

test("a page's key and URL come from its file; its front matter may set a slug", () => {
  assert.is(pageKeyOf("./content/pages/docs.md"), "docs");
  assert.is(pageKeyOf("./content/pages/index.md"), "home");
  assert.is(pageKeyOf("./content/pages/guides/start.md"), "guides/start");
  const front = { title: "T", description: "D", navLabel: "N", order: 5 };
  assert.is(pageUrl({ page: { inputPath: "./content/pages/faq.md" }, ...front }), "/faq/");
  assert.is(pageUrl({ page: { inputPath: "./content/pages/index.md" }, ...front }), "/");
  assert.is(
    pageUrl({ page: { inputPath: "./content/pages/faq.md" }, ...front, slug: "questions" }),
    "/questions/",
  );
  assert.throws(
    () => pageUrl({ page: { inputPath: "./content/pages/faq.md" }, ...front, slug: "Two Words" }),
    /content\/pages\/faq\.md: slug must be lowercase letters, digits and hyphens/,
  );
});

test(`a page without a title, description, navLabel or order fails, naming the file and each missing \
field with an example`, () => {
  assert.throws(
    () =>
      pageUrl({ page: { inputPath: "./content/pages/faq.md" }, title: "FAQ", description: " ", order: "5" }),
    (error: Error) =>
      /^content\/pages\/faq\.md: its front matter needs description, navLabel, order:/.test(error.message) &&
      /navLabel: the link text in the navigation, such as navLabel: FAQ/.test(error.message) &&
      /order: .*a number such as order: 5/.test(error.message),
  );
});

test("links by file: relative .md destinations only", () => {
  for (const target of ["docs.md", "docs.md#support", "../pages/docs.md", "guides/start.md?x"])
    assert.ok(isPageFileLink(target), target);
  for (const target of ["/docs.md", "https://example.com/a.md", "#docs.md", "docs/", "mailto:a@b.md"])
    assert.not.ok(isPageFileLink(target), target);
});

test("the pages site.paths names must be there: a moved or missing one fails naming the file and both URLs", () => {
  const paths = { home: "", docs: "docs/", openapi: "openapi.json" };
  rememberPages(
    {
      "./content/pages/index.md": ["/"],
      "./content/pages/docs.md": ["/docs/"],
      "./content/openapi.json.11ty.ts": ["/openapi.json"],
    },
    paths,
  );
  assert.throws(
    () =>
      rememberPages(
        { "./content/pages/index.md": ["/"], "./content/pages/docs.md": ["/documentation/"] },
        paths,
      ),
    /content\/pages\/docs\.md is served at \/documentation\/, but site\.paths\.docs \(_data\/site\.ts\) says \/docs\//,
  );
  assert.throws(
    () => rememberPages({ "./content/pages/index.md": ["/"] }, paths),
    /content\/pages\/docs\.md is missing: site\.paths\.docs/,
  );
});

test(`a page added as only a Markdown file is in the navigation of every page, the sitemap, llms.txt and \
llms-full.txt`, async () => {
  for (const file of ["index.html", "docs/index.html", "faq/index.html"])
    assert.match(
      await built(file),
      /<a href="\/faq\/"( aria-current="page")?>FAQ<\/a>/,
      `${file} links the new page in its navigation`,
    );
  assert.ok((await built("sitemap.xml")).includes(`<loc>${ROOT_SITE_URL}faq/</loc>`), "the sitemap lists it");
  assert.ok(
    (await built("llms.txt")).includes(
      `- [Frequently asked questions](${ROOT_SITE_URL}faq.md): Answers to the questions players ask ` +
        "most about gem growth.",
    ),
    "llms.txt lists its twin with its title and description",
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

test("a misspelt page key fails the build with the file, the line, the valid keys and the fix", async () => {
  const { output, line } = await failedAt(misspeltKey, '"doc" | href');
  assert.ok(
    output.includes(
      `content/pages/api.md:${line}: "doc" is not a page or a file of the site; did you mean "docs"? ` +
        `Write {{ "docs" | href }}`,
    ),
    output,
  );
  assert.match(
    output,
    /Pages \(a page's key is its file name in content\/pages\/\): api, auth, docs, home\./,
  );
  assert.match(output, /Files \(site\.paths in _data\/site\.ts\): info, ranks, openapi,/);
  assert.not.match(output, /Error in Nunjucks Filter/);
});

test(`a link to a page file that does not exist fails the build with the file, the line, the valid files \
and the fix`, async () => {
  const { output, line } = await failedAt(misspeltFile, "(doc.md#resources)");
  assert.ok(
    output.includes(
      `content/pages/api.md:${line}: the link "doc.md#resources" names no page: there is no ` +
        `content/pages/doc.md. Did you mean "docs.md"? Link a page by its file in content/pages/, one of: ` +
        `api.md, auth.md, docs.md, index.md`,
    ),
    output,
  );
});

test.run();
