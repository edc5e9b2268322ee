/**
 * Reading built pages in tests: visible text, head tags and their attributes, links. Regular
 * expressions are enough here: the HTML is the site's own, written by one layout.
 */
import { createHash } from "node:crypto";
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

export function headOf(html: string): string {
  return /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? "";
}

/** Every tag with this name, as attribute maps (names lower-case, entities decoded), as `startTags` reads them. */
export function tags(html: string, name: string): Record<string, string>[] {
  return startTags(html)
    .filter((tag) => tag.name === name)
    .map((tag) => tag.attributes);
}

/** The `<link>` in the head with this `rel`, or undefined. */
export function linkRel(html: string, rel: string): Record<string, string> | undefined {
  return tags(headOf(html), "link").find((link) => link.rel === rel);
}

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

/** Elements whose content a browser reads as text up to their end tag (`noscript` with scripting on). */
const RAW_TEXT = new Set([
  "script",
  "style",
  "noscript",
  "title",
  "textarea",
  "xmp",
  "iframe",
  "noembed",
  "noframes",
]);

/** A start tag as a browser's tokenizer reads it; `text` is a raw-text element's content. */
export type StartTag = { name: string; attributes: Record<string, string>; text: string };

/**
 * Each start tag in `html` as a browser's tokenizer reads it: its lower-case name and attributes, a
 * quoted value kept whole (`title="a onclick=x"` is one attribute); comments are skipped, and so is
 * the content of raw-text elements, up to their end tag in any case (`<noscript>` read as a browser
 * with scripting on reads it).
 */
export function startTags(html: string): StartTag[] {
  const found: StartTag[] = [];
  const tag = /<!--[\s\S]*?(?:-->|$)|<([a-zA-Z][^\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    if (!match[1]) continue;
    const name = match[1].toLowerCase();
    const attributes: Record<string, string> = {};
    for (const attribute of match[2]!.matchAll(/([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g))
      attributes[attribute[1]!.toLowerCase()] = decodeEntities(
        (attribute[2] ?? "").replace(/^["']|["']$/g, ""),
      );
    let text = "";
    if (RAW_TEXT.has(name)) {
      const end = html.toLowerCase().indexOf(`</${name}`, tag.lastIndex);
      text = html.slice(tag.lastIndex, end < 0 ? html.length : end);
      tag.lastIndex = end < 0 ? html.length : end;
    }
    found.push({ name, attributes, text });
  }
  return found;
}

/**
 * What in a built file a browser would run or obey beyond the site's own: a `<script>` or `<style>`
 * whose text the page's Content-Security-Policy does not allow by hash, an `on…=` handler, a `style=`
 * attribute, a `<meta http-equiv>` other than that policy, a second `<head>`, a `javascript:` URL.
 */
export function activeMarkup(text: string): string[] {
  const tags = startTags(text);
  const isPolicy = (tag: StartTag) =>
    tag.name === "meta" && tag.attributes["http-equiv"]?.toLowerCase() === "content-security-policy";
  const policies = tags.filter(isPolicy).map((tag) => tag.attributes.content ?? "");
  const problems: string[] = [];
  if (policies.length > 1) problems.push(`${policies.length} Content-Security-Policies`);
  if (tags.filter((tag) => tag.name === "head").length > 1) problems.push("a second <head>");
  if (/javascript:/i.test(decodeEntities(text))) problems.push("a javascript: URL");
  for (const tag of tags) {
    const hash = `'sha256-${createHash("sha256").update(tag.text).digest("base64")}'`;
    if ((tag.name === "script" || tag.name === "style") && !policies[0]?.includes(hash))
      problems.push(`a <${tag.name}> the policy does not allow: ${tag.text.slice(0, 60)}`);
    if (tag.name === "meta" && "http-equiv" in tag.attributes && !isPolicy(tag))
      problems.push(`<meta http-equiv="${tag.attributes["http-equiv"]}">`);
    for (const name of Object.keys(tag.attributes).filter((name) => /^on|^style$/.test(name)))
      problems.push(`${name}= on <${tag.name}>`);
  }
  return problems;
}
