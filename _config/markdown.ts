/**
 * The markdown-it setup of every page: no raw HTML (whatever a writer types comes out as text, so a
 * page cannot carry markup), GitHub-style tables, heading anchors, links by file, code highlighted at
 * build time, and the blocks only the site's code writes: the table of contents and the growth chart.
 */
import type { LanguageFn } from "highlight.js";
import hljs from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import markdownIt, { type MarkdownIt, type Token } from "markdown-it";
import anchor from "markdown-it-anchor";
import * as z from "zod/mini";
import { resultChart } from "../common/chart.ts";
import { CalculateOutput } from "../contract/calculate-output.ts";
import { escapeHtml } from "./escape.ts";
import { slugify } from "../common/text/slugify.ts";
import { pageLinks } from "./page-links.ts";

/**
 * Build-time syntax highlighting for fenced code blocks: highlight.js's core with only the languages
 * the pages use, by the name a fence uses, so the HTML carries classes and the browser runs no
 * script for it. Kept: Eleventy's syntax-highlight plugin is Prism, a second highlighter's grammar.
 * See https://highlightjs.readthedocs.io/en/latest/readme.html#importing-the-library
 */
for (const [name, language] of Object.entries({ json, sh: bash, js: javascript }))
  hljs.registerLanguage(name, language as LanguageFn);

/** Each highlighted block's and chart's HTML by its text: `npm start` renders every page again at each save. */
const drawn = new Map<string, string>();
const remember = (key: string, draw: () => string) => drawn.get(key) ?? drawn.set(key, draw()).get(key)!;

/**
 * markdown-it's `highlight` option: the block's inner HTML. An unknown language is a build error,
 * so a typo in a fence never ships unhighlighted code silently; a fence without a language is plain.
 */
function highlight(code: string, language: string): string {
  if (!language) return escapeHtml(code);
  if (!hljs.getLanguage(language))
    throw new Error(
      `Code fence language "${language}" is not registered in _config/markdown.ts; use one of: ` +
        `${hljs.listLanguages().join(", ")}`,
    );
  return remember(
    `${language}\n${code}`,
    () => hljs.highlight(code, { language, ignoreIllegals: true }).value,
  );
}

/**
 * Table cells for the pages' styles:
 * - each body cell carries its column's header as `data-label`, so that on a phone, where the
 *   stylesheet stacks a row's cells instead of squeezing four columns into 390px, every value keeps
 *   its label. The header row stays in the markup (visually hidden), so assistive technology still
 *   announces the columns;
 * - column alignment (`| ---: |`) is a class instead of markdown-it's `style` attribute: the pages'
 *   Content-Security-Policy allows one stylesheet, by its hash: no `style` attribute.
 */
function tableCells(md: MarkdownIt): void {
  md.core.ruler.push("table_cells", (state) => {
    let headers: string[] = [];
    let column = 0;
    const tokens = state.tokens;
    for (let index = 0; index < tokens.length; index++) {
      const token = tokens[index]!;
      if (token.type === "thead_open") headers = [];
      else if (token.type === "tr_open") column = 0;
      else if (token.type === "th_open") headers.push(plainText(tokens[index + 1]));
      else if (token.type === "td_open") {
        const label = headers[column++];
        if (label) token.attrSet("data-label", label);
      }
      const align = /text-align:(left|right|center)/.exec(token.attrGet("style") ?? "")?.[1];
      if (align) {
        token.attrs = token.attrs!.filter(([name]) => name !== "style");
        token.attrJoin("class", `align-${align}`);
      }
    }
  });
}

/** A header cell's text without its Markdown: inline code keeps its text and loses its backticks. */
function plainText(token: Token | undefined): string {
  if (token?.type !== "inline") return "";
  return (token.children ?? [])
    .filter((child) => child.type === "text" || child.type === "code_inline")
    .map((child) => child.content)
    .join("")
    .trim();
}

/** The page's `##` headings, each with its anchor: the table of contents of the page and of its twin. */
export function sections(tokens: readonly Token[]): { id: string; text: string }[] {
  return tokens.flatMap((token, index) =>
    token.type === "heading_open" && token.tag === "h2"
      ? [{ id: token.attrGet("id") ?? "", text: plainText(tokens[index + 1]) }]
      : [],
  );
}

/** `toc: true` in a page's front matter: a list of its `##` headings, before the first one. */
function tableOfContents(md: MarkdownIt): void {
  md.core.ruler.push("table_of_contents", (state) => {
    if ((state.env as { toc?: unknown } | undefined)?.toc !== true) return;
    const first = state.tokens.findIndex((token) => token.type === "heading_open" && token.tag === "h2");
    if (first < 0) return;
    const items = sections(state.tokens).map(
      ({ id, text }) => `<li><a href="#${escapeHtml(id)}">${escapeHtml(text)}</a></li>\n`,
    );
    const nav = new state.Token("html_block", "", 0);
    nav.content =
      '<nav class="toc" aria-labelledby="toc-heading">\n<p id="toc-heading"><strong>On this page</strong></p>\n' +
      `<ul>\n${items.join("")}</ul>\n</nav>\n`;
    state.tokens.splice(first, 0, nav);
  });
}

/** What a `growth-chart` fence holds: written by the `growthChart` filter (`page-helpers.ts`). */
const ChartBlock = z.strictObject({
  id: z.string().check(z.regex(/^[a-z][a-z0-9-]*$/)),
  start: z.iso.datetime(),
  result: CalculateOutput,
});

/** A `growth-chart` fence: the homepage's chart of a calculate-exp-growth result, drawn now as static SVG. */
function growthCharts(md: MarkdownIt): void {
  const fence = md.renderer.rules.fence!;
  md.renderer.rules.fence = (tokens, index, options, env, self) => {
    const token = tokens[index]!;
    if (token.info.trim() !== "growth-chart") return fence(tokens, index, options, env, self);
    return remember(`growth-chart\n${token.content}`, () => {
      const { id, start, result } = ChartBlock.parse(JSON.parse(token.content));
      const size = { width: 640, height: 280, locale: "en-US", start: Date.parse(start) };
      return `<figure class="chart-static">${resultChart(result, { id, ...size })?.svg ?? ""}</figure>\n`;
    });
  };
}

/** No raw HTML; highlighting, heading anchors, links, table cells, the table of contents and charts. */
export function pageMarkdown(md: MarkdownIt): void {
  // markdown-it refuses javascript:, vbscript: and file: links, and data: but for images; no data: image either.
  const validateLink = md.validateLink;
  md.validateLink = (url) => validateLink(url) && !/^data:/i.test(url.trim());
  md.set({
    html: false,
    highlight: (code, language) =>
      `<pre class="code" data-language="${language || "text"}"><code>${highlight(code, language)}</code></pre>`,
  });
  // Every `##`–`####` heading gets an `id` from its text and becomes a link to itself, so any section
  // can be linked (`/docs/#support`); its text is the link's name, with no hidden symbols.
  // See https://github.com/valeriangalliat/markdown-it-anchor#header-link
  md.use(anchor, {
    level: [2, 3, 4],
    slugify,
    tabIndex: false,
    permalink: anchor.permalink.headerLink({ class: "heading-anchor", safariReaderFix: false }),
  });
  md.use(tableCells);
  md.use(pageLinks);
  md.use(tableOfContents);
  md.use(growthCharts);
}

/** A standalone instance with the same setup, for rendering Markdown outside a build. */
export function markdownLibrary(): MarkdownIt {
  return markdownIt().use(pageMarkdown);
}
