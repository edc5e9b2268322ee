// /llms-full.txt, for agents that want the whole site in one request: every Markdown twin, in
// navigation order, each followed by the address of its HTML page.
import { absoluteUrl, paths, type Site } from "../_data/site.ts";
import { renderTwin, type TwinSource } from "../_config/twins.ts";

interface FullGuideData {
  site: Site;
  collections: { docs: (TwinSource & { data: { order: number } })[] };
}

export const data = {
  permalink: () => `/${paths.fullAgentGuide}`,
  layout: false,
  eleventyExcludeFromCollections: true,
  eleventyImport: { collections: ["docs"] },
};

export async function render(data: FullGuideData): Promise<string> {
  const docs = data.collections.docs;
  const pages = [...docs].sort((a, b) => a.data.order - b.data.order);
  const parts = pages.map(
    async (page) => `${(await renderTwin(page, docs)).trim()}\n\nSource: <${absoluteUrl(page.url)}>`,
  );
  return `${(await Promise.all(parts)).join("\n\n---\n\n")}\n`;
}
