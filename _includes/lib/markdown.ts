/**
 * The markdown-it instance for every page: HTML allowed (the calculator form is HTML), GitHub-style
 * tables, heading anchors, and code highlighted at build time.
 */
import markdownIt, { type MarkdownIt } from "markdown-it";
import { headingAnchors } from "./heading-anchors.ts";
import { highlight } from "./highlight.ts";

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

export function markdownLibrary(): MarkdownIt {
  const md = markdownIt({
    html: true,
    highlight: (code, language) => `<pre class="code" data-language="${language || "text"}"><code>${highlight(code, language)}</code></pre>`,
  });
  md.use(headingAnchors);
  md.use(alignmentClasses);
  return md;
}
