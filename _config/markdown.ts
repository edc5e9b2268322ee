/**
 * The markdown-it setup of every page: HTML allowed (the calculator form is HTML), GitHub-style
 * tables, heading anchors, and code highlighted at build time.
 */
import markdownIt, { type MarkdownIt } from "markdown-it";
import { headingAnchors } from "./heading-anchors.ts";
import { highlight } from "./highlight.ts";
import { pageFileLinks } from "./pages.ts";

/**
 * Table column alignment (`| ---: |`) as a class instead of markdown-it's `style` attribute: the
 * pages' Content-Security-Policy (`style-src 'self'`) refuses inline styles.
 */
function alignmentClasses(md: MarkdownIt): void {
  for (const rule of ["th_open", "td_open"] as const) {
    md.renderer.rules[rule] = (tokens, index, options, _env, self) => {
      const token = tokens[index];
      const style = token?.attrGet("style");
      if (token && typeof style === "string") {
        const align = /text-align:(left|right|center)/.exec(style)?.[1];
        token.attrs = (token.attrs ?? []).filter(([name]) => name !== "style");
        if (align) token.attrJoin("class", `align-${align}`);
      }
      return self.renderToken(tokens, index, options);
    };
  }
}

/**
 * Each body cell carries its column's header as `data-label`, so that on a phone, where the
 * stylesheet stacks a row's cells instead of squeezing four columns into 390px, every value keeps
 * its label. The header row stays in the markup (visually hidden), so assistive technology still
 * announces the columns.
 */
function cellLabels(md: MarkdownIt): void {
  md.core.ruler.push("table_cell_labels", (state) => {
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
    }
  });
}

/** A header cell's text without its Markdown: inline code keeps its text and loses its backticks. */
function plainText(
  token: { type: string; children: { type: string; content: string }[] | null } | undefined,
): string {
  if (token?.type !== "inline") return "";
  return (token.children ?? [])
    .filter((child) => child.type === "text" || child.type === "code_inline")
    .map((child) => child.content)
    .join("")
    .trim();
}

/** Highlighting, heading anchors and table classes, added to a markdown-it instance that allows HTML. */
export function pageMarkdown(md: MarkdownIt): void {
  md.set({
    highlight: (code, language) =>
      `<pre class="code" data-language="${language || "text"}"><code>${highlight(code, language)}</code></pre>`,
  });
  md.use(headingAnchors);
  md.use(alignmentClasses);
  md.use(cellLabels);
  md.use(pageFileLinks);
}

/** A standalone instance with the same setup, for rendering Markdown outside a build. */
export function markdownLibrary(): MarkdownIt {
  const md = markdownIt({ html: true });
  pageMarkdown(md);
  return md;
}
