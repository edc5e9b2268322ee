// /api/llms.txt, the API section guide (llmstxt.org): the JSON resources and the contract, for
// agents that only need the API.
import type { Site } from "../../_data/site.ts";
import type endpoints from "../../_data/endpoints.ts";
import type openapi from "../../_data/openapi.ts";
import { absoluteUrl, twinPath } from "../../_includes/lib/site-links.ts";
import { llmsTxt } from "../../_includes/lib/llms-txt.ts";

interface GuideData {
  site: Site;
  endpoints: typeof endpoints;
  openapi: typeof openapi;
}

export const data = {
  permalink: (data: GuideData) => `/${data.site.paths.apiAgentGuide}`,
  layout: false,
  eleventyExcludeFromCollections: true,
};

export function render(data: GuideData): string {
  const { site, endpoints, openapi } = data;
  return llmsTxt({
    title: openapi.info.title,
    summary: `Static, read-only JSON resources of ${site.name} under ${site.url}, described by an OpenAPI ${openapi.openapi} contract.`,
    notes: [
      "Every resource answers GET with no query parameters, no request body and no credentials; every caller gets the same file.",
      `Resource paths carry no version; the contract's info.version is ${openapi.info.version}.`,
      `Errors: the contract declares ErrorResponse bodies with codes ${endpoints.errorCodes.map((error) => `\`${error.code}\``).join(", ")}, but this static deployment cannot emit them: a missing path gets the host's HTML 404 page.`,
    ],
    sections: [
      {
        title: "Resources",
        links: [
          ...endpoints.resources.map((resource) => ({
            name: `${resource.method} /${resource.path}`,
            url: resource.url,
            note: `${resource.summary}. Operation \`${resource.operationId}\`, ${resource.mediaType}, body ${resource.schema}.`,
          })),
          { name: "OpenAPI contract", url: site.urls.openapi, note: `OpenAPI ${openapi.openapi}, version ${openapi.info.version}: schemas, examples and declared errors.` },
        ],
      },
      {
        title: "Docs",
        links: [
          { name: "API docs", url: absoluteUrl(twinPath(`/${site.paths.docs}`)), note: "Every field, example, error, limit and the browser tools, in Markdown." },
          { name: "JSON API index", url: absoluteUrl(twinPath(`/${site.paths.api}`)), note: "The resources with method, media type and purpose, in Markdown." },
          { name: "Access policy", url: site.urls.accessPolicy, note: "No API key, account, OAuth token or bearer credential." },
        ],
      },
      {
        title: "Optional",
        links: [{ name: "Agent guide", url: site.urls.agentGuide, note: "The whole site, including the browser tools for calculations." }],
      },
    ],
  });
}
