/**
 * Markdown twins: each page tagged `docs` rendered again from its source with its own data,
 * through Liquid only (not markdown-it), with `twin: true` so a page can swap an HTML-only part
 * (the calculator form) for a sentence. The twin's path is the page's path without its trailing
 * slash, plus `.md` (`twinPath`). Liquid renders every tag; the site tests read the shipped twins
 * for leftover template syntax.
 *
 * Its links are absolute, since a Markdown file is read outside the site and gets no path prefix,
 * and a reader who starts in Markdown stays in Markdown: a link to a page that has a twin points
 * to the twin. A fragment goes with it when the twin has a heading of that slug (`docs.md#support`
 * for `## Support`); otherwise it stays on the HTML page, where the anchor exists. A twin's link
 * to its own page without a fragment names the HTML version and stays.
 */
import { markdownText } from "./escape.ts";
import { markdownLibrary, sections } from "./markdown.ts";
import { mapMarkdownLinks } from "./markdown-links.ts";
import { fileLinkUrl, isPageFileLink } from "./page-links.ts";
import { absoluteUrl, twinPath } from "../_data/site.ts";
import { renderLiquid } from "./page-checks.ts";

/** The parts of a collection item the twin needs. */
export interface TwinSource {
  url: string;
  inputPath: string;
  data: Record<string, unknown> & { title: string; page: { rawInput: string } };
}

/** Reads the twins' headings as the pages' markdown-it does. */
const markdownReader = markdownLibrary();

/**
 * A twin's Markdown as Liquid wrote it, read once: the anchors it offers (its headings' ids as its
 * page has them, `## Support` → `support`, not code) and, with `toc`, its `##` headings as one line
 * of links before the first, as the page lists them.
 */
export function readTwin(markdown: string, toc = false): { markdown: string; anchors: Set<string> } {
  const tokens = markdownReader.parse(markdown, {});
  const headings = tokens.filter((token) => token.type === "heading_open");
  const anchors = new Set(headings.flatMap((heading) => heading.attrGet("id") ?? []));
  const first = headings.find((heading) => heading.tag === "h2")?.map?.[0];
  if (!toc || first === undefined) return { markdown, anchors };
  const links = sections(tokens).map(({ id, text }) => `[${markdownText(text)}](#${id})`);
  const lines = markdown.split("\n");
  lines.splice(first, 0, `On this page: ${links.join(" · ")}`, "");
  return { markdown: lines.join("\n"), anchors };
}

/** A page that has a twin: where its twin is, its Markdown and the anchors the twin offers. */
type Twinned = { twin: string; markdown: string; anchors: Set<string> };

/** The twin's link for `target`, written in the Markdown of the page at `pageUrl` (absolute). */
function twinLink(target: string, pageUrl: string, twinned: Map<string, Twinned>): string {
  const local = target.startsWith("#") || (target.startsWith("/") && !target.startsWith("//"));
  const url = new URL(target.startsWith("/") && local ? absoluteUrl(target) : target, pageUrl);
  const fragment = url.hash;
  url.hash = "";
  const page = twinned.get(url.href);
  if (!page || (url.href === pageUrl && !fragment)) return local ? `${url.href}${fragment}` : target;
  if (!fragment) return page.twin;
  return page.anchors.has(decodeURIComponent(fragment.slice(1)))
    ? `${page.twin}${fragment}`
    : `${url.href}${fragment}`;
}

/** Each page's twin by page URL, rendered once a build (the collection is new each build), llms-full.txt's too. */
const twinMaps = new WeakMap<readonly TwinSource[], Promise<Map<string, string>>>();

async function renderTwins(docs: readonly TwinSource[]): Promise<Map<string, string>> {
  const entry = async (page: TwinSource): Promise<[string, Twinned]> => {
    const body = await renderLiquid(page.data.page.rawInput, page.inputPath, { ...page.data, twin: true });
    return [
      absoluteUrl(page.url),
      { twin: absoluteUrl(twinPath(page.url)), ...readTwin(body, page.data.toc === true) },
    ];
  };
  const twinned = new Map(await Promise.all(docs.map(entry)));
  return new Map(
    docs.map((source) => {
      const pageUrl = absoluteUrl(source.url);
      // A link by the page's file (`docs.md#support`) goes where the HTML page's link goes: its URL.
      const linked = mapMarkdownLinks(twinned.get(pageUrl)!.markdown, (target) =>
        twinLink(isPageFileLink(target) ? fileLinkUrl(target, source.inputPath) : target, pageUrl, twinned),
      );
      return [pageUrl, `${linked.replace(/\n{3,}/g, "\n\n").trim()}\n`];
    }),
  );
}

/** The Markdown twin of `source`, one of `docs`: the pages that have twins (the `docs` collection), linked together. */
export async function renderTwin(source: TwinSource, docs: readonly TwinSource[]): Promise<string> {
  if (!twinMaps.has(docs)) twinMaps.set(docs, renderTwins(docs));
  return (await twinMaps.get(docs)!).get(absoluteUrl(source.url))!;
}
