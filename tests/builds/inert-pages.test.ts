/**
 * A page cannot carry HTML: markdown-it renders the pages with `html: false` and nothing rewrites
 * the HTML afterwards, so whatever a writer types ships as text. Each route by which a security
 * audit of the old rendered-page rule shipped live markup (a parser that kept case, read `<noscript>`
 * as markup, and wrote a JSON-looking attribute back in single quotes) is built here in a page of its
 * own in one build of a copy, and each page must ship nothing a browser would run or obey, with the
 * writer's text shown. Each page's title, which the layouts write in every head and navigation, is markup too.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildEachEdit, ROOT_SITE_URL, type BuildResult } from "../support/build.ts";
import { activeMarkup, startTags, visibleText } from "../support/pages.ts";
import { writerPage } from "../support/writer-mistakes.ts";

const HEADING = "# Access policy\n";
const REFRESH = 'http-equiv="refresh" content="0;url=https://evil.example/"';
/** The same, unquoted, for a meta written inside an attribute's value. */
const BARE_REFRESH = "http-equiv=refresh content=0;url=https://evil.example/";

/** A script, which a page whose text were rendered by another engine (none, or html) would ship as HTML. */
const SCRIPT = { markdown: "<script>alert(1)</script>", shown: "<script>alert(1)</script>" };
/**
 * Each route: what the writer types into a page, and a part of it the page must show as text. The first two pick
 * another engine, which no data may, in front matter of their own in a Markdown file outside content/pages/ (whose
 * schema refuses it, as it refuses pagination: pages.test.ts).
 */
const ROUTES: Record<string, { markdown: string; shown: string; front?: string[] }> = {
  "an engine override in front matter": { ...SCRIPT, front: ["templateEngineOverride: html"] },
  "an empty engine override in computed data": {
    ...SCRIPT,
    front: ['eleventyComputed: { templateEngineOverride: "" }'],
  },
  "upper-case META after </main>": {
    markdown: '</main><META HTTP-EQUIV="refresh" CONTENT="0;url=https://evil.example/">',
    shown: '<META HTTP-EQUIV="refresh"',
  },
  "a second <head> with a modulepreload": {
    markdown: '</main></body></html><head><link rel="modulepreload" href="https://evil.example/m.js"></head>',
    shown: '<link rel="modulepreload"',
  },
  "a comment inside <noscript>": {
    markdown: `<noscript><!--</noscript><meta ${REFRESH}>--></noscript>`,
    shown: "<noscript><!--</noscript>",
  },
  "a URL attribute inside <noscript>": {
    markdown: `<noscript><a href="</noscript><meta ${BARE_REFRESH}>">x</a></noscript>`,
    shown: '<a href="</noscript>',
  },
  "a JSON-looking attribute": {
    markdown: `<a href="{&quot;a&quot;:1,'><meta ${BARE_REFRESH}><a x='}">x</a>`,
    shown: `<a href="{"a":1,'>`,
  },
  "a data: image, which markdown-it allows": {
    markdown: "![evil](data:image/png;base64,iVBORw0KGgo=)",
    shown: "![evil](data:image/png;base64,iVBORw0KGgo=)",
  },
  "a JSON-looking table header, written as each cell's label": {
    markdown: `| {"b":2,' onclick='alert(2)' x='} | y |\n| --- | --- |\n| a | b |`,
    shown: `{"b":2,' onclick='alert(2)' x='}`,
  },
};

const names = Object.keys(ROUTES);
/** Route `index` as a page of its own (`/route-INDEX/`), with the front matter every page needs and its own. */
async function writeRoute(project: string, index: number): Promise<void> {
  const { markdown, front } = ROUTES[names[index]!]!;
  const file = `content/${front ? "" : "pages/"}route-${index}.md`;
  await writeFile(
    path.join(project, file),
    writerPage(`Route ${index} "'><script>alert(1)</script>`, index + 9, `${HEADING}\n${markdown}`, front),
  );
}
// One build for every route, each in its own page.
const [build] = buildEachEdit(
  ROOT_SITE_URL,
  [(project) => Promise.all(names.map((_, index) => writeRoute(project, index)))],
  async (result: BuildResult, output: string) => ({
    result,
    pages: await Promise.all(
      names.map((_, index) =>
        readFile(path.join(output, `route-${index}/index.html`), "utf8").catch(() => ""),
      ),
    ),
  }),
);

test("the scan finds what a browser would run or obey, and reads quoted values and raw text as a browser does", () => {
  const page = (body: string) =>
    `<head><meta http-equiv="Content-Security-Policy" content="x"></head>${body}`;
  assert.equal(activeMarkup(page('<p title="a onclick=b">t</p><!-- <script>x</script> -->')), []);
  assert.equal(activeMarkup(page("<p onclick=x>t</p>")), ["onclick= on <p>"]);
  assert.equal(activeMarkup(page(`<noscript><p title="</noscript><meta ${REFRESH}>">`)), [
    '<meta http-equiv="refresh">',
  ]);
  assert.equal(activeMarkup(page("<SCRIPT>alert(1)</SCRIPT><head>")), [
    "a second <head>",
    "a <script> the policy does not allow: alert(1)",
  ]);
  assert.equal(activeMarkup(page('<a href="JavaScript:x" style="y">')), [
    "a javascript: URL",
    "style= on <a>",
  ]);
});

for (const [index, name] of names.entries()) {
  test(`${name}: the page builds and ships the writer's text as text, nothing active`, async () => {
    const { result, pages } = await build!;
    const page = pages[index]!;
    assert.ok(result.ok, result.output);
    assert.equal(activeMarkup(page), []);
    const links = startTags(page).filter((tag) => /evil/.test(Object.values(tag.attributes).join(" ")));
    assert.equal(links, [], "no element names the attacker's address");
    assert.ok(visibleText(page).includes(ROUTES[name]!.shown), `the page shows ${ROUTES[name]!.shown}`);
  });
}

test.run();
