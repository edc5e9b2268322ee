/**
 * The markdown-it instance for every page: HTML allowed (the calculator form is HTML), GitHub-style
 * tables, heading anchors, and code highlighted at build time.
 */
import markdownIt, { type MarkdownIt } from "markdown-it";
import { headingAnchors } from "./heading-anchors.ts";
import { highlight } from "./highlight.ts";

export function markdownLibrary(): MarkdownIt {
  const md = markdownIt({
    html: true,
    highlight: (code, language) => `<pre class="code" data-language="${language || "text"}"><code>${highlight(code, language)}</code></pre>`,
  });
  md.use(headingAnchors);
  return md;
}
