// /robots.txt, for crawlers (RFC 9309): everything may be crawled; the sitemap lists the pages.
// Crawlers read it only at an origin's root, so it takes effect where the site owns the root.
import type { Site } from "../_data/site.ts";
import { crawlerPaths, robotsTxt } from "../_includes/lib/sitemap.ts";

export const data = {
  permalink: () => `/${crawlerPaths.robots}`,
  layout: false,
  eleventyExcludeFromCollections: true,
};

export function render(data: { site: Site }): string {
  return robotsTxt(new URL(crawlerPaths.sitemap, data.site.url).href);
}
