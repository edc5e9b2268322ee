// The Markdown twin of every page tagged `docs` (`/index.md`, `/docs.md`, …), for agents and
// readers who want text, not HTML: one output per page, rendered from the page's own source.
import { renderTwin, twinPermalink, type TwinSource } from "../_config/twins.ts";

interface TwinData {
  source: TwinSource;
  collections: { docs: TwinSource[] };
}

export const data = {
  pagination: { data: "collections.docs", size: 1, alias: "source", addAllPagesToCollections: false },
  permalink: (data: TwinData) => twinPermalink(data.source),
  layout: false,
  eleventyExcludeFromCollections: true,
};

export async function render(data: TwinData): Promise<string> {
  return renderTwin(data.source, data.collections.docs);
}
