/**
 * Escaping for values from data, one function per place a value lands. HTML and XML text and
 * attributes: `escapeHtml` (the layouts' Liquid applies it to every `{{ }}`).
 * Markdown prose (pages, twins, llms.txt): `markdownText`. Markdown code: `inlineCode`. JSON is
 * always `JSON.stringify`. Authored prose (the pages' own Markdown, the contract's descriptions)
 * is Markdown by design and is not escaped. Text inside a regular expression: `escapeRegExp`.
 */

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text for HTML or XML, in element content or a quoted attribute: `&`, `<`, `>`, `"` and `'` as references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** Text that matches itself inside a regular expression: `1.6B+` → `1\\.6B\\+`. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A value from data as inline Markdown text that reads as its characters and nothing more:
 * - on one line, since a line break could start a heading, a list item or a table row;
 * - with a backslash before every character that opens emphasis, code, a link, an image, raw HTML,
 *   an entity, a table cell or an autolink (`:` of a scheme, `@` of an e-mail address, `www.`),
 *   and before parentheses, so no `](` pair is left for a reader of link destinations to find;
 * - with a list marker (`-`, `+`, `1.`) or setext underline (`=`) at its start escaped, since a
 *   value may open a line or a list item's content.
 * CommonMark allows a backslash before any ASCII punctuation: https://spec.commonmark.org/0.31.2/#backslash-escapes
 * GFM's autolinks: https://github.github.com/gfm/#autolinks-extension-
 */
export function markdownText(value: string): string {
  return value
    .replace(/\s+/g, (run) => (/[\r\n]/.test(run) ? " " : run))
    .replace(/[\\`*_[\]()<>#|~&!:@]/g, "\\$&")
    .replace(/(?<=\bwww)\./gi, "\\.")
    .replace(/^([-+=]|\d{1,9}(?=[.)](?:\s|$)))/, (marker: string) =>
      /\d/.test(marker) ? `${marker}\\` : `\\${marker}`,
    );
}

/**
 * A value as a Markdown code span: the fence is one backtick longer than the longest run inside,
 * padded with a space when the value starts or ends with a backtick, and on one line.
 * See https://spec.commonmark.org/0.31.2/#code-spans
 */
export function inlineCode(value: string): string {
  const text = value.replace(/\s+/g, (run) => (/[\r\n]/.test(run) ? " " : run));
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = /^`|`$/.test(text) ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}
