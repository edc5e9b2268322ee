/**
 * A page cannot carry HTML: markdown-it renders the pages with `html: false` and nothing rewrites
 * the HTML afterwards, so whatever a writer types ships as text. Each route by which a security
 * audit of the old rendered-page rule shipped live markup (a parser that kept case, read `<noscript>`
 * as markup, and wrote a JSON-looking attribute back in single quotes) is built here in a page of an
 * edited copy, and the page must ship nothing a browser would run or obey, with the writer's text shown.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildEachEdit, editFile, ROOT_SITE_URL, type BuildResult } from "../support/build.ts";
import { activeMarkup, startTags, visibleText } from "../support/pages.ts";

const HEADING = "# Access policy\n";
const REFRESH = 'http-equiv="refresh" content="0;url=https://evil.example/"';
/** The same, unquoted, for a meta written inside an attribute's value. */
const BARE_REFRESH = "http-equiv=refresh content=0;url=https://evil.example/";

/** Each route: what the writer types into auth.md, and a part of it the page must show as text. */
const ROUTES: Record<string, { markdown: string; shown: string }> = {
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
  "a JSON-looking table header, written as each cell's label": {
    markdown: `| {"b":2,' onclick='alert(2)' x='} | y |\n| --- | --- |\n| a | b |`,
    shown: `{"b":2,' onclick='alert(2)' x='}`,
  },
};

const names = Object.keys(ROUTES);
const builds = buildEachEdit(
  ROOT_SITE_URL,
  names.map(
    (name) => (project: string) =>
      editFile(project, "content/pages/auth.md", HEADING, `${HEADING}\n${ROUTES[name]!.markdown}\n`),
  ),
  async (result: BuildResult, output: string) => ({
    result,
    auth: await readFile(path.join(output, "auth/index.html"), "utf8").catch(() => ""),
  }),
);
for (const build of builds) build.catch(() => undefined);

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
    const { result, auth } = await builds[index]!;
    assert.ok(result.ok, result.output);
    assert.equal(activeMarkup(auth), []);
    const links = startTags(auth).filter((tag) => /evil/.test(Object.values(tag.attributes).join(" ")));
    assert.equal(links, [], "no element names the attacker's address");
    assert.ok(visibleText(auth).includes(ROUTES[name]!.shown), `the page shows ${ROUTES[name]!.shown}`);
  });
}

test.run();
