// The Markdown twin of every page tagged `docs` (`/index.md`, `/docs.md`, …), for agents and
// readers who want text, not HTML: one output per page, rendered from the page's own source.
import { twinPath } from "../_data/site.ts";
import { renderTwin, type TwinSource } from "../_config/twins.ts";

interface TwinData {
  source: TwinSource;
  collections: { docs: TwinSource[] };
}

export const data = {
  pagination: { data: "collections.docs", size: 1, alias: "source", addAllPagesToCollections: false },
  // Beside its page: `/docs/` → `/docs.md`.
  permalink: (data: TwinData) => `/${twinPath(data.source.url)}`,
  layout: false,
  eleventyExcludeFromCollections: true,
};

export async function render(data: TwinData): Promise<string> {
  return renderTwin(data.source, data.collections.docs);
}
