/**
 * Values from data are inert wherever they land. Unit tests of each escaping function, read back
 * through markdown-it (CommonMark with tables, raw HTML allowed, as the pages use it). A build
 * with hostile but valid rank names is read in every output that carries them in builds/edits.test.ts.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { escapeHtml, inlineCode, markdownText } from "../../_config/escape.ts";
import { markdownLinks } from "../support/markdown-links.ts";
import { rendered, renderedInline, textOf } from "../support/pages.ts";

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
  "[x](javascript:alert(1))",
  "[x]( /docs/ ) and [y](<https://evil.example>)",
];

test("escapeHtml turns every markup character into a reference", () => {
  assert.is(
    escapeHtml(`<a href="x" title='y'>&amp;</a>`),
    "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;",
  );
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
    // The reader of link destinations (the twins' rewriting, the link check) finds no link in it.
    assert.equal(markdownLinks(`A rank: ${escaped}.`), [], `${value}: ${escaped} reads as a link`);
  }
});

test("the reader of link destinations skips an escaped bracket and keeps a link after an escaped backslash", () => {
  assert.equal(markdownLinks("\\[x\\](javascript:1) and \\\\[y](https://a.example/)"), [
    "https://a.example/",
  ]);
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
    const shown = textOf(renderedInline(inlineCode(value)).replace(/^<code>|<\/code>$/g, ""));
    assert.is(shown, value.replace(/\n/g, " "), value);
  }
});

test.run();
