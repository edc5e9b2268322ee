/**
 * Markdown twins: each page tagged `docs` rendered again from its source with its own data,
 * through Nunjucks only (not markdown-it), with `twin: true` so a page can swap an HTML-only part
 * (the calculator form) for a sentence. The result is clean Markdown with absolute links: a
 * fragment-only link (`#support`) points at the HTML page, where the anchor exists. The twin's
 * path is the page's path without its trailing slash, plus `.md` (`twinPath`).
 */
import { absoluteMarkdownLinks, absoluteUrl, twinPath } from "./site-links.ts";

/** The parts of a collection item the twin needs. */
export interface TwinSource {
  url: string;
  inputPath: string;
  data: Record<string, unknown> & { title: string; page: { rawInput?: string } };
}

/** The Render plugin's `renderTemplate`, bound to the calling template. */
export type RenderTemplate = (content: string, language: string, data: Record<string, unknown>) => Promise<string>;

/** Template syntax left in a twin means a tag the twin renderer did not process. */
const TEMPLATE_SYNTAX = /\{\{|\{%|\{#/;

export async function renderTwin(renderTemplate: RenderTemplate, source: TwinSource): Promise<string> {
  const raw = source.data.page.rawInput;
  if (typeof raw !== "string") throw new Error(`${source.inputPath}: no page source to render its Markdown twin from`);
  const rendered = await renderTemplate(raw, "njk", { ...source.data, twin: true });
  const markdown = `${absoluteMarkdownLinks(rendered, absoluteUrl(source.url)).replace(/\n{3,}/g, "\n\n").trim()}\n`;
  if (TEMPLATE_SYNTAX.test(markdown)) throw new Error(`${source.inputPath}: its Markdown twin still contains template syntax`);
  return markdown;
}

/** The twin's path beside its page: `/docs/` → `/docs.md`. */
export function twinPermalink(source: TwinSource): string {
  return `/${twinPath(source.url)}`;
}
