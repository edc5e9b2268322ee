// /sitemap.xml, for search engine crawlers: the absolute URL of every page (the `twinned` tag),
// and nothing else; Markdown twins and machine outputs are reached from the pages and llms.txt.
import { paths, type Site } from "../_data/site.ts";
import { pageUrl, sitemapXml } from "../_includes/lib/sitemap.ts";

interface SitemapData {
  site: Site;
  collections: { twinned: { url: string }[] };
}

export const data = {
  permalink: () => `/${paths.sitemap}`,
  layout: false,
  eleventyExcludeFromCollections: true,
  eleventyImport: { collections: ["twinned"] },
};

export function render(data: SitemapData): string {
  return sitemapXml(data.collections.twinned.map((page) => pageUrl(page.url, data.site.url)));
}
