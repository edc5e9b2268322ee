/**
 * Markdown twins: each page tagged `docs` rendered again from its source with its own data,
 * through Nunjucks only (not markdown-it), with `twin: true` so a page can swap an HTML-only part
 * (the calculator form) for a sentence. The twin's path is the page's path without its trailing
 * slash, plus `.md` (`twinPath`).
 *
 * Its links are absolute, since a Markdown file is read outside the site and gets no path prefix,
 * and a reader who starts in Markdown stays in Markdown: a link to a page that has a twin points
 * to the twin. A fragment goes with it when the twin has a heading of that slug (`docs.md#support`
 * for `## Support`); otherwise it stays on the HTML page, where the anchor exists. A twin's link
 * to its own page without a fragment names the HTML version and stays.
 */
import { mapMarkdownLinks, markdownAnchors } from "./markdown-links.ts";
import { isPageFileLink, pageOfFileLink } from "./pages.ts";
import { absoluteUrl, twinPath } from "./site-links.ts";
import { templateError } from "./template-errors.ts";

/** The parts of a collection item the twin needs. */
export interface TwinSource {
  url: string;
  inputPath: string;
  data: Record<string, unknown> & { title: string; page: { rawInput?: string } };
}

/** What a twin needs of the JavaScript template that renders it (its `this`): the Render plugin's `renderTemplate`. */
export type TwinRenderer = {
  renderTemplate(content: string, language: string, data: Record<string, unknown>): Promise<string>;
};

/** Template syntax left in a twin means a tag the twin renderer did not process. */
const TEMPLATE_SYNTAX = /\{\{|\{%|\{#/;

/** Each page's Markdown before its links are rewritten, once per build (collection items are new each build). */
const rendered = new WeakMap<TwinSource, Promise<string>>();

function markdownOf(renderer: TwinRenderer, source: TwinSource): Promise<string> {
  let markdown = rendered.get(source);
  if (!markdown) {
    const raw = source.data.page.rawInput;
    if (typeof raw !== "string")
      throw new Error(`${source.inputPath}: no page source to render its Markdown twin from`);
    const data = { ...source.data, twin: true };
    markdown = renderer.renderTemplate(raw, "njk", data).catch((error: unknown) => {
      throw templateError(error, source.inputPath, raw, data);
    });
    rendered.set(source, markdown);
  }
  return markdown;
}

/** A page that has a twin: where its twin is, and the anchors the twin offers. */
type Twinned = { twin: string; anchors: () => Promise<Set<string>> };

/** The twin's link for `target`, written in the Markdown of the page at `pageUrl` (absolute). */
async function twinLink(target: string, pageUrl: string, twinned: Map<string, Twinned>): Promise<string> {
  const local = target.startsWith("#") || (target.startsWith("/") && !target.startsWith("//"));
  const url = new URL(target.startsWith("/") && local ? absoluteUrl(target) : target, pageUrl);
  const fragment = url.hash;
  url.hash = "";
  const page = twinned.get(url.href);
  if (!page || (url.href === pageUrl && !fragment)) return local ? `${url.href}${fragment}` : target;
  if (!fragment) return page.twin;
  return (await page.anchors()).has(decodeURIComponent(fragment.slice(1)))
    ? `${page.twin}${fragment}`
    : `${url.href}${fragment}`;
}

/** The Markdown twin of `source`; `docs` are the pages that have twins, for links between them. */
/** Each page's Markdown anchors, read once however many links name a fragment of it. */
const anchorsRead = new WeakMap<TwinSource, Promise<Set<string>>>();

function anchorsOf(renderer: TwinRenderer, page: TwinSource): Promise<Set<string>> {
  let anchors = anchorsRead.get(page);
  if (!anchors) {
    anchors = markdownOf(renderer, page).then(markdownAnchors);
    anchorsRead.set(page, anchors);
  }
  return anchors;
}

/** The pages that have twins, by URL: made once per build (the collection is new each build). */
const twinMaps = new WeakMap<readonly TwinSource[], Map<string, Twinned>>();

function twinsOf(renderer: TwinRenderer, docs: readonly TwinSource[]): Map<string, Twinned> {
  let twinned = twinMaps.get(docs);
  if (!twinned) {
    twinned = new Map(
      docs.map((page) => [
        absoluteUrl(page.url),
        { twin: absoluteUrl(twinPath(page.url)), anchors: () => anchorsOf(renderer, page) },
      ]),
    );
    twinMaps.set(docs, twinned);
  }
  return twinned;
}

export async function renderTwin(
  renderer: TwinRenderer,
  source: TwinSource,
  docs: readonly TwinSource[],
): Promise<string> {
  const twinned = twinsOf(renderer, docs);
  const pageUrl = absoluteUrl(source.url);
  const markdown = await markdownOf(renderer, source);
  const targets: string[] = [];
  mapMarkdownLinks(markdown, (target) => (targets.push(target), target));
  const links = new Map<string, string>();
  for (const target of targets) {
    // A link by the page's file (`docs.md#support`) goes where the HTML page's link goes: its URL.
    const byFile = isPageFileLink(target) ? pageOfFileLink(target, source.inputPath) : undefined;
    const resolved = byFile?.page ? `${byFile.page.url}${byFile.suffix}` : target;
    links.set(target, await twinLink(resolved, pageUrl, twinned));
  }
  const linked = mapMarkdownLinks(markdown, (target) => links.get(target) ?? target);
  const twin = `${linked.replace(/\n{3,}/g, "\n\n").trim()}\n`;
  if (TEMPLATE_SYNTAX.test(twin))
    throw new Error(`${source.inputPath}: its Markdown twin still contains template syntax`);
  return twin;
}

/** The twin's path beside its page: `/docs/` → `/docs.md`. */
export function twinPermalink(source: TwinSource): string {
  return `/${twinPath(source.url)}`;
}
