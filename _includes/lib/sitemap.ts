/**
 * The sitemap (https://www.sitemaps.org/protocol.html) and robots.txt (RFC 9309): crawlers learn
 * the site's pages from one list, the `docs` pages, with absolute URLs under the base URL.
 */

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);
}

/** The absolute URL of a page from its Eleventy URL (`/docs/`), which carries no path prefix. */
export function pageUrl(url: string, siteUrl: string): string {
  return new URL(url.replace(/^\/+/, ""), siteUrl).href;
}

/** A sitemap of `urls`, sorted so that two builds of the same pages are byte-identical. */
export function sitemapXml(urls: string[]): string {
  for (const url of urls) {
    if (!/^https?:\/\//.test(url)) throw new Error(`sitemap.xml: "${url}" is not an absolute http(s) URL`);
  }
  const entries = [...new Set(urls)].sort().map((url) => `  <url>\n    <loc>${escapeXml(url)}</loc>\n  </url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...entries, "</urlset>", ""].join("\n");
}

/** robots.txt: every page may be crawled, and the sitemap says which pages there are. */
export function robotsTxt(sitemapUrl: string): string {
  return ["User-agent: *", "Disallow:", "", `Sitemap: ${sitemapUrl}`, ""].join("\n");
}
