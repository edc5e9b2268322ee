/**
 * The reader of link destinations in Markdown that the twins rewrite their links with: inline links
 * (`](target)`), reference definitions (`[ref]: target`) and autolinks (`<https://…>`), outside
 * code, where a link is an example rather than a link. Raw HTML is text in a page (markdown-it's
 * `html: false`), so its `href="…"` is no link. It rewrites; it checks nothing (linkinator checks the
 * built links in the tests).
 */
/** Fenced code blocks and code spans: copied as they are. */
const CODE = /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$|(`+)[^`]*?\2/gm;
/**
 * Each alternative captures the text before the destination, then the destination. A `]` after
 * an odd run of backslashes is an escaped bracket, text rather than the end of a link text.
 */
const LINK = new RegExp(
  [
    // An inline link's destination: `](docs.md)`.
    String.raw`(?<=(?:^|[^\\])(?:\\\\)*)(\]\(\s*<?)([^)\s>]+)`,
    // A link reference definition: `[docs]: docs.md`.
    String.raw`^( {0,3}\[(?!\^)[^\]\n]+\]:[ \t]*<?)([^\s>]+)`,
    // An autolink: `<https://example.com>`.
    String.raw`(<)(https?:\/\/[^>\s]+)(?=>)`,
  ].join("|"),
  "gm",
);

function mapProse(prose: string, replace: (target: string) => string): string {
  // One alternative matched: its two groups are the only ones defined among the six.
  return prose.replace(LINK, (_match, ...groups: unknown[]) => {
    const [before, target] = groups.slice(0, 6).filter((group) => group !== undefined) as [string, string];
    return `${before}${replace(target)}`;
  });
}

/** `markdown` with every link destination outside code replaced by `replace(destination)`. */
export function mapMarkdownLinks(markdown: string, replace: (target: string) => string): string {
  let mapped = "";
  let at = 0;
  for (const code of markdown.matchAll(CODE)) {
    mapped += mapProse(markdown.slice(at, code.index), replace) + code[0];
    at = code.index + code[0].length;
  }
  return mapped + mapProse(markdown.slice(at), replace);
}
