/**
 * Values from data are inert wherever they land. Unit tests of each escaping function, read back
 * through markdown-it (CommonMark with tables, raw HTML allowed, as the pages use it), then one
 * build whose rank names and labels are hostile but valid, read in every output that carries them.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import markdownIt from "markdown-it";
import { escapeHtml, inlineCode, markdownText } from "../_includes/lib/escape.ts";
import { paths } from "../_data/site.ts";
import { RankList } from "../assets/contract/rank-list.ts";
import { editFile, readBuilt, ROOT_SITE_URL, runBuild, withProjectCopy, withTempDir } from "./support/build.ts";
import { decodeEntities } from "./support/pages.ts";

/** A CommonMark reader with tables and raw HTML, like the site's own (and GitHub's). */
const reader = markdownIt({ html: true });
const rendered = (markdown: string) => reader.render(markdown);
const renderedInline = (markdown: string) => reader.renderInline(markdown);
/** What a reader sees of rendered inline HTML. */
const textOf = (html: string) => decodeEntities(html.replace(/<[^>]+>/g, ""));

/** Elements a value could smuggle in; none may appear where only text was written. */
const MARKUP = /<(?!\/?(?:p|table|thead|tbody|tr|th|td|ul|ol|li|code)\b)[a-z]/i;

const HOSTILE = [
  "<img src=x onerror=alert(1)>|[x](//e.co)",
  "`x` &amp; ## y https://evil.example",
  "<meta http-equiv=refresh content=0>",
  "*a* _b_ ~~c~~ ![i](j) [r]: /k <https://l.example>",
  "- item",
  "+ item",
  "1. first",
  "2) second",
  "=====",
  "# heading",
  "> quote",
  "www.evil.example and a@b.example",
  "a\\b\\*c",
  "x | y | z",
];

test("escapeHtml turns every markup character into a reference", () => {
  assert.is(escapeHtml(`<a href="x" title='y'>&amp;</a>`), "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;");
  assert.is(escapeHtml("plain text, 1.6B+"), "plain text, 1.6B+");
});

test("markdownText: each hostile value renders as exactly its own text, with no element, link or heading", () => {
  for (const value of HOSTILE) {
    const escaped = markdownText(value);
    const html = renderedInline(escaped);
    assert.not.match(html, MARKUP, `${value}: markup in ${html}`);
    assert.is(textOf(html), value, value);
    // As a whole line and as a list item's content, it opens no block of its own.
    assert.is(rendered(escaped), `<p>${html}</p>\n`, `${value} as a line`);
    assert.is(rendered(`- ${escaped}`), `<ul>\n<li>${html}</li>\n</ul>\n`, `${value} in a list item`);
  }
});

test("markdownText: in a table cell, a pipe stays in its cell", () => {
  const value = "x | y | z";
  const html = rendered(`| A | B |\n| --- | --- |\n| ${markdownText(value)} | 2 |\n`);
  const cells = [...html.matchAll(/<td>(.*?)<\/td>/g)].map((match) => textOf(match[1]!));
  assert.equal(cells, [value, "2"]);
});

test("markdownText: a line break cannot start a heading; GFM's autolink triggers are escaped", () => {
  assert.is(markdownText("Top\n## Injected"), "Top \\#\\# Injected");
  assert.is(markdownText("https://evil.example"), "https\\://evil.example");
  assert.is(markdownText("www.evil.example"), "www\\.evil.example");
  assert.is(markdownText("a@b.example"), "a\\@b.example");
  assert.is(markdownText("1.6B+"), "1.6B+", "a number is not a list marker");
  assert.is(markdownText("Gold-Star"), "Gold-Star");
});

test("inlineCode: a code span that holds any backticks, on one line", () => {
  assert.is(inlineCode("GET"), "`GET`");
  assert.is(inlineCode("a`b"), "``a`b``");
  assert.is(inlineCode("`x`"), "`` `x` ``");
  for (const value of ["a`b", "`x`", "``", "<b>&amp;</b>", "x\n## y"]) {
    assert.is(textOf(renderedInline(inlineCode(value)).replace(/^<code>|<\/code>$/g, "")), value.replace(/\n/g, " "), value);
  }
});

/** Two ranks renamed to hostile values that pass the rank schema (one line, not blank, 40 and 16 characters at most). */
const HOSTILE_RANKS = [
  { was: '{ name: "Ethereal", minGems: "160000000", displayValue: "160M+" }', name: "<img src=x onerror=alert(1)>|[x](//e.co)", displayValue: "<b>|*x*</b>" },
  { was: '{ name: "Luminary", minGems: "800000000", displayValue: "800M+" }', name: "`x` &amp; ## y https://evil.example", displayValue: "1. - [a]: /b" },
];

test("a build with hostile rank names carries them as inert text in every output", async () => {
  await withProjectCopy((project) => withTempDir("hostile", async (output) => {
    for (const rank of HOSTILE_RANKS) {
      const minGems = /minGems: "(\d+)"/.exec(rank.was)![1];
      await editFile(project, "_data/ranks.ts", rank.was, `{ name: ${JSON.stringify(rank.name)}, minGems: "${minGems}", displayValue: ${JSON.stringify(rank.displayValue)} }`);
    }
    const build = await runBuild(project, output, ROOT_SITE_URL);
    assert.ok(build.ok, build.output);
    const read = (file: string) => readBuilt(output, file);

    // JSON: the exact strings.
    const published = RankList.parse(JSON.parse(await read(paths.ranks)));
    assert.equal(published.ranks.slice(1, 3).map(({ name, displayValue }) => ({ name, displayValue })), HOSTILE_RANKS.map(({ name, displayValue }) => ({ name, displayValue })));

    // The homepage: no injected element, and each table row keeps its three cells with the text as written.
    const home = await read("index.html");
    assert.not.match(home, /<img\b|<b>\|/i);
    const rows = [...home.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) => [...row[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => cell[1]!));
    const hostileRows = rows.filter((cells) => cells.length > 0 && HOSTILE_RANKS.some((rank) => textOf(cells[0]!) === rank.name));
    assert.is(hostileRows.length, 2, "both hostile ranks have a row");
    for (const cells of hostileRows) {
      assert.is(cells.length, 3, `three cells: ${cells.join(" | ")}`);
      for (const cell of cells) assert.not.match(cell, /<(?!\/?code\b)[a-z]/i, `no element in ${cell}`);
    }
    assert.equal(hostileRows.map((cells) => textOf(cells[2]!)), HOSTILE_RANKS.map((rank) => rank.displayValue));

    // /docs shows the ranks resource as highlighted JSON: escaped, no element.
    const docs = await read("docs/index.html");
    assert.not.match(docs, /<img\b/i);
    assert.ok(docs.includes("&lt;img src=x onerror=alert(1)&gt;|[x](//e.co)"), "the name is in /docs as text");

    // Markdown: the twin, the agent guides and llms-full.txt read back as the names, with no link, heading or element.
    for (const file of [paths.overview, paths.agentGuide, paths.apiAgentGuide, paths.fullAgentGuide]) {
      const markdown = await read(file);
      const html = rendered(markdown);
      assert.not.match(html, /<img\b|href="\/\/e\.co"|href="https:\/\/evil\.example"|href="\/b"|<h[1-6][^>]*>\s*y\b/i, file);
      for (const rank of HOSTILE_RANKS) {
        assert.ok(decodeEntities(html).includes(rank.name), `${file}: ${rank.name} as text`);
        assert.ok(decodeEntities(html).includes(rank.displayValue), `${file}: ${rank.displayValue} as text`);
      }
    }
    // XML: the sitemap lists pages only, and stays well-formed text.
    const sitemap = await read(paths.sitemap);
    assert.not.match(sitemap, /<img\b|evil/);
  }));
});

test.run();
