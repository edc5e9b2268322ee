/**
 * A small markdown-it plugin: every `##`–`####` heading gets an `id` from its text and becomes a
 * link to itself, so any section can be linked (`/docs/#support`). The heading text is the link's
 * name, which keeps it accessible without hidden symbols.
 */
import type { MarkdownIt } from "markdown-it";

/** "Terms of use" → `terms-of-use`; "GET /api/info.json" → `get-api-info-json`. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export function headingAnchors(md: MarkdownIt, options: { levels?: number[] } = {}): void {
  const levels = new Set((options.levels ?? [2, 3, 4]).map((level) => `h${level}`));
  md.core.ruler.push("heading_anchors", (state) => {
    const used = new Map<string, number>();
    const tokens = state.tokens;
    for (let index = 0; index < tokens.length; index++) {
      const open = tokens[index];
      const inline = tokens[index + 1];
      if (open?.type !== "heading_open" || !levels.has(open.tag) || inline?.type !== "inline") continue;
      const text = (inline.children ?? []).filter((child) => child.type === "text" || child.type === "code_inline").map((child) => child.content).join("");
      const given = open.attrGet("id");
      const base = given === null ? slugify(text) || "section" : String(given);
      const count = used.get(base) ?? 0;
      used.set(base, count + 1);
      const id = count === 0 ? base : `${base}-${count + 1}`;
      open.attrSet("id", id);
      const linkOpen = new state.Token("link_open", "a", 1);
      linkOpen.attrs = [["class", "heading-anchor"], ["href", `#${id}`]];
      const linkClose = new state.Token("link_close", "a", -1);
      inline.children = [linkOpen, ...(inline.children ?? []), linkClose];
    }
  });
}
