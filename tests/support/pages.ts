/**
 * Reading built pages in tests: visible text, head tags and their attributes, links. Regular
 * expressions are enough here: the HTML is the site's own, written by one layout.
 */
import markdownIt from "markdown-it";
import { paths } from "../../_data/site.ts";

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&nbsp;": " ",
};

export function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** A CommonMark reader with tables and raw HTML, like the site's own (and GitHub's). */
const reader = markdownIt({ html: true });
export const rendered = (markdown: string) => reader.render(markdown);
export const renderedInline = (markdown: string) => reader.renderInline(markdown);
/** What a reader sees of rendered inline HTML. */
export const textOf = (html: string) => decodeEntities(html.replace(/<[^>]+>/g, ""));

/** The text a reader sees: tags removed, entities decoded, whitespace collapsed. */
export function visibleText(html: string): string {
  const body = html.replace(/^[\s\S]*?<body[^>]*>/, "").replace(/<(script|style)[\s\S]*?<\/\1>/g, "");
  return decodeEntities(body.replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

/** The `<head>` of a page. */
export function headOf(html: string): string {
  return /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? "";
}

/** Attributes of one tag as a map, entities decoded. */
export function attributes(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of tag.matchAll(/([a-zA-Z-:]+)="([^"]*)"/g))
    found[match[1]!.toLowerCase()] = decodeEntities(match[2]!);
  return found;
}

/** Every tag with this name, as attribute maps. */
export function tags(html: string, name: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, "g"))].map((match) => attributes(match[0]));
}

/** The `<link>` in the head with this `rel`, or undefined. */
export function linkRel(html: string, rel: string): Record<string, string> | undefined {
  return tags(headOf(html), "link").find((link) => link.rel === rel);
}

/** Every `id` attribute in a page. */
export function ids(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]!));
}

/**
 * The HTML pages of `site.paths` (folder paths: `""`, `docs/`, …), each with its built file and its
 * Markdown twin (`docs/` → `docs.md`, `""` → `index.md`).
 */
export const TWINNED_PAGES = Object.entries(paths)
  .filter(([, path]) => path === "" || path.endsWith("/"))
  .map(([key, path]) => ({
    key,
    page: path,
    html: `${path}index.html`,
    twin: `${path.replace(/\/$/, "") || "index"}.md`,
  }));
