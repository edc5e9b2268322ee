/**
 * What each kind of output links to and offers as `#fragments`, read from its text: the link
 * check's reader (link-check.ts). It reads what a browser (or, for the twins, a Markdown renderer
 * such as GitHub's) would treat as a link, the way linkinator does, which `npm test` runs over the
 * same builds to hold this reader to (tests/builds/link-check.test.ts, tests/site/links.test.ts).
 *
 * - HTML: the URL attributes of each tag (`<a href>`, `<link href>`, `<img src>`, `srcset`,
 *   `<meta content>` holding an absolute URL or a refresh), never inside comments, scripts or
 *   styles; `<base href>` moves the base. Fragments: every `id`, and `name` on `<a>`.
 * - Markdown twins: inline, reference and autolinks, raw HTML's `href`/`src`, and bare URLs in
 *   prose (GitHub's autolinks), outside code. Fragments: the headings' slugs as GitHub writes them.
 * - Text outputs (`.txt`): their Markdown links, with no bare URLs and no anchors.
 */
import { markdownLinks } from "./markdown-links.ts";

/** The attributes that hold a URL, by tag (the HTML attributes that link a document to another). */
const URL_ATTRIBUTES: Record<string, string[]> = {
  a: ["href"],
  area: ["href"],
  audio: ["src"],
  blockquote: ["cite"],
  body: ["background"],
  command: ["icon"],
  del: ["cite"],
  embed: ["href", "src", "pluginspage", "pluginurl"],
  frame: ["longdesc", "src"],
  html: ["manifest"],
  iframe: ["longdesc", "src"],
  img: ["src", "srcset"],
  input: ["src"],
  ins: ["cite"],
  link: ["href"],
  meta: ["content"],
  object: ["data"],
  q: ["cite"],
  script: ["src"],
  source: ["src", "srcset"],
  track: ["src"],
  video: ["poster", "src"],
};

/** Link relations that only hint at a connection: not a link to check. */
const HINTS = new Set(["dns-prefetch", "preconnect"]);

/** A comment, an element whose content is text (script, style, title, textarea), or a start tag. */
const TOKEN = new RegExp(
  [
    /<!--[\s\S]*?-->/,
    /<(script|style|title|textarea)(?=[\s/>])([^>]*)>[\s\S]*?<\/\1\s*>/,
    /<([a-zA-Z][^\s/>]*)([^>]*)>/,
  ]
    .map((part) => part.source)
    .join("|"),
  "g",
);
const ATTRIBUTE = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const ENTITY = /&(?:#(\d+)|#[xX]([0-9a-fA-F]+)|(amp|lt|gt|quot|apos|nbsp));/g;
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decodeEntities(text: string): string {
  return text.replace(ENTITY, (_, decimal?: string, hex?: string, name?: string) =>
    name ? NAMED[name]! : String.fromCodePoint(decimal ? Number(decimal) : Number.parseInt(hex!, 16)),
  );
}

function attributesOf(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, double, single, bare] of text.matchAll(ATTRIBUTE)) {
    const key = name!.toLowerCase();
    if (!attributes.has(key)) attributes.set(key, decodeEntities(double ?? single ?? bare ?? ""));
  }
  return attributes;
}

/**
 * Each start tag of `html` that `wanted` picks by its name and attribute text, with its attributes
 * read, outside comments and text-only elements' content. A page has thousands of tags (each
 * highlighted token is a `<span>`), so only the wanted ones have their attributes read.
 */
type Wanted = (tag: string, attributeText: string) => boolean;

function* tags(html: string, wanted: Wanted): Generator<[string, Map<string, string>]> {
  for (const [, textElement, textAttributes, tag, attributes] of html.matchAll(TOKEN)) {
    const name = (textElement ?? tag)?.toLowerCase();
    const text = textAttributes ?? attributes ?? "";
    if (name && wanted(name, text)) yield [name, attributesOf(text)];
  }
}

const linksWanted = (tag: string) => tag === "base" || Object.hasOwn(URL_ATTRIBUTES, tag);
const anchorsWanted = (_tag: string, attributeText: string) => /\b(?:id|name)\s*=/i.test(attributeText);

const isAbsolute = (text: string) => /^[a-zA-Z][a-zA-Z\d+\-.]*:/.test(text);

/** The URL a `<meta content>` links to: a refresh's target, or content that is an absolute URL. */
function metaLink(attributes: Map<string, string>): string | undefined {
  const content = attributes.get("content")!;
  if (attributes.get("http-equiv")?.toLowerCase() === "refresh") {
    const target = content.match(/^\s*\d+\s*;\s*url\s*=\s*(.+)/i)?.[1]?.trim();
    const quote = target?.[0];
    if (quote !== "'" && quote !== '"') return target;
    const end = target!.indexOf(quote, 1);
    return target!.slice(1, end === -1 ? undefined : end);
  }
  return URL.canParse(content) ? content : undefined;
}

/** The URLs of a `srcset`: each candidate's first word. */
const srcsetUrls = (value: string) =>
  value
    .split(/,\s+|,(?=\S)/)
    .map((candidate) => candidate.trim().split(/\s+/)[0]!)
    .filter(Boolean);

/** The links of one tag's URL attributes, as written. */
function tagLinks(tag: string, attributes: Map<string, string>): string[] {
  const rel =
    attributes
      .get("rel")
      ?.toLowerCase()
      .match(/[^\t\n\f\r ]+/g) ?? [];
  if (tag === "link" && rel.length > 0 && rel.every((token) => HINTS.has(token))) return [];
  const links: string[] = [];
  for (const name of URL_ATTRIBUTES[tag] ?? []) {
    const value = attributes.get(name);
    if (!value) continue;
    if (tag === "meta") {
      const target = metaLink(attributes);
      if (target) links.push(target);
    } else links.push(...(name === "srcset" ? srcsetUrls(value) : [value]));
  }
  return links;
}

/** Every link of an HTML page, resolved against `pageUrl` (or the page's `<base href>`). */
export function htmlLinks(html: string, pageUrl: string): URL[] {
  let base = pageUrl;
  let baseSet = false;
  const links: URL[] = [];
  for (const [tag, attributes] of tags(html, linksWanted)) {
    const baseHref = attributes.get("href");
    if (tag === "base" && !baseSet && baseHref !== undefined) {
      base = isAbsolute(baseHref) ? baseHref : new URL(baseHref, base).href.replace(/#.*$/, "");
      baseSet = true;
    }
    for (const link of tagLinks(tag, attributes)) {
      const url = URL.parse(link, base);
      if (url) links.push(url);
    }
  }
  return links;
}

/** The fragments an HTML page offers: every `id`, and `name` on `<a>`. */
export function htmlAnchors(html: string): Set<string> {
  const anchors = new Set<string>();
  for (const [tag, attributes] of tags(html, anchorsWanted)) {
    const id = attributes.get("id");
    if (id) anchors.add(id);
    const name = attributes.get("name");
    if (tag === "a" && name) anchors.add(name);
    // A permalink anchor (`<a id="x-anchor" href="#x">`) offers the fragment it links to.
    const href = attributes.get("href");
    if (tag === "a" && id && href?.startsWith("#") && href.length > 1) anchors.add(href.slice(1));
  }
  return anchors;
}

/** Fenced code blocks: examples, not links or headings. */
const FENCED_CODE = /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm;
/** Code spans: examples, not links. */
const CODE_SPAN = /(`+)[^`]*?\1/g;
/** A bare URL in prose, which GitHub's Markdown makes a link. */
const BARE_URL = /(?<![\w/:.@"'(<\]=])https?:\/\/[^\s<]+/g;

/** A bare URL as GitHub's autolinks end it: without trailing punctuation or an unmatched `)`. */
function trimBareUrl(url: string): string {
  const withoutPunctuation = (text: string) => text.replace(/[?!.,:*_~'"]+$/, "");
  const unmatched = (text: string) => text.endsWith(")") && text.split("(").length < text.split(")").length;
  let trimmed = withoutPunctuation(url);
  while (unmatched(trimmed)) trimmed = withoutPunctuation(trimmed.slice(0, -1));
  return trimmed;
}

/** The bare URLs of `markdown`'s prose (outside code, links' own destinations and raw HTML). */
function bareUrls(markdown: string): string[] {
  const prose = markdown
    .replace(FENCED_CODE, "")
    .replace(CODE_SPAN, "")
    .replace(/\]\([^)]*\)|<[^>\n]*>/g, "");
  return [...prose.matchAll(BARE_URL)].map((match) => trimBareUrl(match[0]));
}

/** Every link of a Markdown twin, resolved against its URL. */
export function twinLinks(markdown: string, twinUrl: string): URL[] {
  return [...markdownLinks(markdown), ...bareUrls(markdown)].flatMap(
    (link) => URL.parse(link, twinUrl) ?? [],
  );
}

/** Every link of a text output (its Markdown links), resolved against its URL. */
export function textLinks(text: string, textUrl: string): URL[] {
  return markdownLinks(text).flatMap((link) => URL.parse(link, textUrl) ?? []);
}

/** A heading's text as it reads: no code marks, emphasis, link destinations, tags or escapes. */
function headingText(heading: string): string {
  return decodeEntities(
    heading
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/<[!/a-z][^>]*>/gi, "")
      .replace(/`+/g, "")
      .replace(/(\*\*|__|\*|_|~~)(?=\S)([\s\S]*?\S)\1/g, "$2")
      .replace(/\\([!-/:-@[-`{-~])/g, "$1"),
  ).trim();
}

/** A heading's anchor as GitHub writes it: lower case, only letters, numbers, `_`, `-` and spaces as `-`. */
function githubSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The fragments a Markdown twin offers: its headings' GitHub slugs, a repeated one numbered (`-1`, `-2`). */
export function twinAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const prose = markdown.replace(FENCED_CODE, "");
  for (const match of prose.matchAll(/^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/gm)) {
    const slug = githubSlug(headingText(match[1] ?? ""));
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}
