// /llms.txt, the agent guide (llmstxt.org): what the site is, where its Markdown, JSON, contract
// and tools are, and what it does not have. Links come from the data and the `docs` pages.
import { paths, type Site } from "../_data/site.ts";
import type { CalculatorInfo } from "../assets/contract/calculator-info.ts";
import type { RankList } from "../assets/contract/rank-list.ts";
import type endpoints from "../_data/endpoints.ts";
import type openapi from "../_data/openapi.ts";
import { absoluteUrl, twinPath } from "../_includes/lib/site-links.ts";
import { byOrder, llmsTxt, type DocsPage } from "../_includes/lib/llms-txt.ts";

interface GuideData {
  site: Site;
  calculator: CalculatorInfo;
  ranks: RankList;
  endpoints: typeof endpoints;
  openapi: typeof openapi;
  collections: { docs: DocsPage[] };
}

export const data = {
  permalink: (data: GuideData) => `/${data.site.paths.agentGuide}`,
  layout: false,
  eleventyExcludeFromCollections: true,
  eleventyImport: { collections: ["docs"] },
};

/** A URL's path, as a reader types it after the host: `https://user.github.io/exp-bank/docs/` → `/exp-bank/docs/`. */
function pathOf(url: string): string {
  return new URL(url).pathname;
}

export function render(data: GuideData): string {
  const { site, calculator, ranks, endpoints, openapi } = data;
  const rankNames = ranks.ranks.map((rank) => rank.name);
  const tools = calculator.calculationAccess.webMcpTools;
  const docsTwin = absoluteUrl(twinPath(`/${site.paths.docs}`));
  return llmsTxt({
    title: site.name,
    summary: calculator.description,
    notes: [
      `The balance grows by ${calculator.dailyInterestPercent}% a day (rate ${calculator.dailyInterestRate}), compounding: ${calculator.formula}`,
      `Ranks, lowest first: ${rankNames.join(", ")}. The thresholds are in ${site.urls.ranks}.`,
      `Every page has a Markdown twin: the page's path without its trailing slash, plus \`.md\` (\`${pathOf(site.urls.docs)}\` → \`${pathOf(docsTwin)}\`; the homepage's is \`${pathOf(site.urls.overview)}\`). Read those rather than the HTML.`,
      `For a calculation, call the WebMCP tools ${tools.map((name) => `\`${name}\``).join(" and ")} on the homepage (${site.urls.home}) in a browser with WebMCP; nothing is calculated over HTTP.`,
      "What the site does not have: no OAuth, no API keys, no accounts and no private resources; no MCP server transport over HTTP (the tools live in the page); no JSON error bodies from the static host (a missing path gets an HTML 404 page) and no Markdown negotiation through the `Accept` header.",
      site.apiCatalog
        ? `The RFC 9727 API catalog (${site.apiCatalog.url}) has no extension, so GitHub Pages serves it as \`${site.apiCatalog.servedByGitHubPagesAs}\`, not \`${site.apiCatalog.mediaType}\`: parse it as JSON whatever the response says. A host that can set headers should serve it as \`${site.apiCatalog.mediaType}; profile="${site.apiCatalog.profile}"\`.`
        : `There is no RFC 9727 API catalog: the site is served under the path \`${site.pathPrefix}\`, and a well-known URI exists only at the root of an origin.`,
    ],
    sections: [
      {
        title: "Docs",
        links: byOrder(data.collections.docs).map((page) => ({
          name: page.data.title,
          url: absoluteUrl(twinPath(page.url)),
          note: page.data.description,
        })),
      },
      {
        title: "API",
        links: [
          ...endpoints.resources.map((resource) => ({
            name: `${resource.method} /${resource.path}`,
            url: resource.url,
            note: `${resource.summary} (operation \`${resource.operationId}\`, body ${resource.schema}, ${resource.mediaType}).`,
          })),
          { name: "OpenAPI contract", url: site.urls.openapi, note: `The OpenAPI ${openapi.openapi} contract, version ${openapi.info.version}, with every schema and example.` },
          { name: "API section guide", url: site.urls.apiAgentGuide, note: "The same resources in an llms.txt of their own." },
        ],
      },
      {
        title: "Tools",
        links: tools.map((name) => ({
          name,
          url: new URL(`#${name}`, docsTwin).href,
          note: "A read-only WebMCP tool on the homepage; its inputs, outputs and errors are documented in this section of the API docs' Markdown twin.",
        })),
      },
      {
        title: "Optional",
        links: [
          { name: "All pages in one file", url: absoluteUrl(paths.fullAgentGuide), note: "Every Markdown twin, concatenated." },
          ...(site.apiCatalog
            ? [{ name: "API catalog", url: site.apiCatalog.url, note: "RFC 9727 linkset of the API, its contract and its docs (JSON; see the note on its media type above)." }]
            : []),
        ],
      },
    ],
  });
}
