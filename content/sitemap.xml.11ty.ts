// /sitemap.xml, for search engine crawlers: the absolute URL of every page (the `docs` tag),
// and nothing else; Markdown twins and machine outputs are reached from the pages and llms.txt.
import { paths, type Site } from "../_data/site.ts";
import { pageUrl, sitemapXml } from "../_includes/lib/sitemap.ts";

interface SitemapData {
  site: Site;
  collections: { docs: { url: string }[] };
}

export const data = {
  permalink: () => `/${paths.sitemap}`,
  layout: false,
  eleventyExcludeFromCollections: true,
  eleventyImport: { collections: ["docs"] },
};

export function render(data: SitemapData): string {
  return sitemapXml(data.collections.docs.map((page) => pageUrl(page.url, data.site.url)));
}
