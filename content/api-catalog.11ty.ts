// /.well-known/api-catalog, for API discovery tools (RFC 9727): a linkset naming this site's API,
// its OpenAPI contract and its docs. A well-known URI exists only at an origin's root (RFC 8615),
// so a build under a path (`https://user.github.io/exp-bank/`) writes no catalog at all.
import { absoluteUrl, paths, twinPath, type Site } from "../_data/site.ts";

export const data = {
  // `false` writes nothing; see https://www.11ty.dev/docs/permalinks/#permalink-false
  permalink: (data: { site: Site }) => (data.site.apiCatalog ? `/${paths.apiCatalog}` : false),
  // RFC 9727 fixes the name, without an extension; see https://www.11ty.dev/docs/permalinks/#trailing-slashes
  eleventyAllowMissingExtension: true,
  layout: false,
  eleventyExcludeFromCollections: true,
};

export function render(data: { site: Site }): string {
  const { site } = data;
  if (!site.apiCatalog) return "";
  const linkset = {
    linkset: [
      // The catalog itself, listing the one API it describes (RFC 9727 §4.2: `item`).
      { anchor: site.apiCatalog.url, item: [{ href: site.url }] },
      // The API: its machine-readable contract and its human-readable docs (RFC 8631 relations).
      {
        anchor: site.url,
        "service-desc": [{ href: site.urls.openapi, type: "application/openapi+json" }],
        "service-doc": [
          { href: site.urls.docs, type: "text/html" },
          { href: absoluteUrl(twinPath(`/${site.paths.docs}`)), type: "text/markdown" },
        ],
        "service-meta": [{ href: site.urls.agentGuide, type: "text/plain" }],
      },
    ],
  };
  return `${JSON.stringify(linkset, null, 2)}\n`;
}
