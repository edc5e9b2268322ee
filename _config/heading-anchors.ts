/**
 * Heading anchors: every `##`–`####` heading gets an `id` from its text and becomes a link to
 * itself (markdown-it-anchor's `headerLink`), so any section can be linked (`/docs/#support`). The
 * heading text is the link's name, which keeps it accessible without hidden symbols.
 * See https://github.com/valeriangalliat/markdown-it-anchor#header-link
 */
import type { MarkdownIt } from "markdown-it";
import anchor from "markdown-it-anchor";

/** "Terms of use" → `terms-of-use`; "GET /api/info.json" → `get-api-info-json`. */
export function slugify(text: string): string {
  const slug = text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug || "section";
}

export function headingAnchors(md: MarkdownIt): void {
  md.use(anchor, {
    level: [2, 3, 4],
    slugify,
    tabIndex: false,
    permalink: anchor.permalink.headerLink({ class: "heading-anchor", safariReaderFix: false }),
  });
}
