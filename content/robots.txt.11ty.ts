// /robots.txt, for crawlers (RFC 9309): everything may be crawled; the sitemap lists the pages.
// Crawlers read it only at an origin's root, so it takes effect where the site owns the root.
import { paths, type Site } from "../_data/site.ts";

export const data = {
  permalink: () => `/${paths.robots}`,
  layout: false,
  eleventyExcludeFromCollections: true,
};

export function render(data: { site: Site }): string {
  return ["User-agent: *", "Disallow:", "", `Sitemap: ${data.site.urls.sitemap}`, ""].join("\n");
}
