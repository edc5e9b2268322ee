/**
 * Raw HTML a Markdown page may not hold. Pages may write HTML (a table of contents, a `<details>`),
 * but not what runs code, loads or submits to another address, or takes the page elsewhere: the
 * Content-Security-Policy stops most of that, yet not a `<meta http-equiv="refresh">`, which sends
 * every visitor to another site. Markup of that kind belongs in a layout or partial (the homepage's
 * form is `_includes/calculator-form.njk`), where it is reviewed as code.
 *
 * Refused: the elements `script`, `iframe`, `frame`, `frameset`, `object`, `embed`, `applet`,
 * `base`, `form`, `meta`, `link` and `style`; any `on…=` event attribute; and `javascript:` or
 * `data:` in an attribute. The page's source is read with the pages' own markdown-it, so HTML inside
 * a code span or code block is an example, not markup, and passes.
 */
import type { MarkdownIt } from "markdown-it";
import { markdownLibrary } from "./markdown.ts";
import { lineAt, type SourceProblem } from "./page-source.ts";

/** Each refused element and why, for the message. */
const ELEMENTS: Record<string, string> = {
  script: "runs code",
  iframe: "embeds another page",
  frame: "embeds another page",
  frameset: "embeds other pages",
  object: "embeds a plugin or another page",
  embed: "embeds a plugin or another page",
  applet: "runs a plugin",
  base: "changes where every link on the page goes",
  form: "sends what a visitor types to an address",
  meta: "can send every visitor to another address or change the page's security policy",
  link: "loads a resource the page did not ask for",
  style: "restyles the page outside its stylesheet",
};

/** A start tag (or self-closing tag) and its attributes, in raw HTML. */
const TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>?/g;
/** An event handler attribute, `onload=` or `onclick =`. */
const EVENT_ATTRIBUTE = /(?:^|[\s"'/])(on[a-z]+)\s*=/i;
/** A URL that runs code or carries a document of its own, in any attribute. */
const SCRIPT_URL = /=\s*["']?\s*(javascript|vbscript|data):/i;

const FIX = "move it into a layout or partial under _includes/, or write it in a code span if the page shows it as an example";

/** The problems in one piece of raw HTML that starts at 1-based `line`. */
function problemsIn(html: string, line: number): SourceProblem[] {
  const problems: SourceProblem[] = [];
  for (const tag of html.matchAll(TAG)) {
    const at = line + lineAt(html, tag.index) - 1;
    const name = tag[1]!.toLowerCase();
    const attributes = tag[2] ?? "";
    const reason = ELEMENTS[name];
    if (reason) {
      const detail = name === "meta" && /http-equiv/i.test(attributes) ? " http-equiv" : "";
      problems.push({ line: at, message: `<${name}${detail}> is not allowed in a page: it ${reason}; ${FIX}` });
      continue;
    }
    const handler = EVENT_ATTRIBUTE.exec(attributes)?.[1];
    if (handler) problems.push({ line: at, message: `the ${handler.toLowerCase()}= attribute on <${name}> is not allowed in a page: it runs code; remove it (a page ships no script of its own)` });
    const scheme = SCRIPT_URL.exec(attributes)?.[1];
    if (scheme) problems.push({ line: at, message: `a ${scheme.toLowerCase()}: URL on <${name}> is not allowed in a page: it runs code or hides a document; link to a page or an https:// address` });
  }
  return problems;
}

let parser: MarkdownIt | undefined;

/**
 * Every refused element or attribute in the raw HTML of `markdown` (a page's source without its
 * front matter; template tags are plain text to markdown-it, so its lines are the source's).
 */
export function unsafeHtml(markdown: string): SourceProblem[] {
  // No tag at all: nothing to parse (most pages, and every page of a large site).
  if (!/<[a-zA-Z]/.test(markdown)) return [];
  parser ??= markdownLibrary();
  const problems: SourceProblem[] = [];
  // A table cell's text has no lines of its own: its row's are the nearest before it.
  let nearest = 0;
  for (const token of parser.parse(markdown, {})) {
    if (token.map) nearest = token.map[0];
    const first = nearest + 1;
    if (token.type === "html_block") problems.push(...problemsIn(token.content, first));
    if (token.type !== "inline") continue;
    // An inline token's children carry no lines: find each piece of HTML in the block's text.
    let cursor = 0;
    for (const child of token.children ?? []) {
      if (child.type !== "html_inline") continue;
      const at = token.content.indexOf(child.content, cursor);
      const index = at < 0 ? cursor : at;
      cursor = index + child.content.length;
      problems.push(...problemsIn(child.content, first + lineAt(token.content, index) - 1));
    }
  }
  return problems;
}
