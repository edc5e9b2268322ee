/**
 * Each page's Markdown (after its template has run) rendered to HTML by markdown-it, kept for the
 * next build (kept-results.ts). What markdown-it writes depends only on that text, the page's input
 * path (a link by file, `docs.md`, is resolved from it: pages.ts), the map of pages to URLs and the
 * site's paths (the settings), and the code that renders (markdown.ts and every project module it
 * imports, markdown-it's and its plugins' versions). A render that fails (an unknown page or code
 * language) keeps nothing, so it fails again the same way.
 */
import type { MarkdownIt } from "markdown-it";
import { inputKey, KeptResults } from "./kept-results.ts";

export const MARKDOWN_RECIPE = { modules: ["_config/markdown.ts", "_config/markdown-cache.ts"] };

/**
 * The rendered Markdown kept from earlier builds, under `settings` (the map of pages to URLs and the
 * site's paths, as text), opened once the build knows that map; `amend` makes a markdown-it
 * instance read and keep its renders there.
 */
export function keptMarkdown(settings: () => string) {
  const kept = new KeptResults<string>("markdown", { ...MARKDOWN_RECIPE, settings });
  const amend = (md: MarkdownIt): void => {
    const render = md.render.bind(md);
    md.render = (source: string, env?: { page?: { inputPath?: unknown } }) => {
      const key = inputKey(JSON.stringify({ inputPath: env?.page?.inputPath ?? null }), source);
      return kept.keptOr(key, () => render(source, env));
    };
  };
  return { kept, amend };
}
