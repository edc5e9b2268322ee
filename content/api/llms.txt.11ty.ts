// /api/llms.txt, the API section guide (llmstxt.org): the JSON resources and the contract, for
// agents that only need the API. Each resource's fields come from its schema in the contract and
// their values from the published body, so the file says exactly what a GET returns. The llms.txt
// format (https://llmstxt.org/): an H1 with the name, a `>` summary, free notes without headings,
// then `##` sections of `- [name](url): note` lines; every URL is absolute, because the file is read
// outside the site.
import type { Site } from "../../_data/site.ts";
import type openapi from "../../_data/openapi.ts";
import type endpoints from "../../_data/endpoints.ts";
import type { RankList } from "../../contract/rank-list.ts";
import { absoluteUrl, twinPath } from "../../_data/site.ts";
import { bulletList, rankLine, resourceLink, type LlmsLink } from "../../_config/agent-guide.ts";
import { markdownText } from "../../_config/escape.ts";

type LlmsSection = { title: string; links: LlmsLink[] };
type LlmsTxt = { title: string; summary: string; notes: string[]; sections: LlmsSection[] };

/** A note or summary on one line: authored prose keeps its Markdown, but cannot open a heading. */
function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, " ");
}

/** A link line; every URL is built from `site.url`, so it is absolute. */
function line(link: LlmsLink): string {
  return `- [${markdownText(link.name)}](${link.url})${link.note ? `: ${oneLine(link.note)}` : ""}`;
}

function llmsTxt(guide: LlmsTxt): string {
  const parts = [
    `# ${oneLine(guide.title)}`,
    `> ${oneLine(guide.summary)}`,
    // Notes are this file's own prose and the contract's descriptions, none with a heading (the site
    // test reads the file as llms.txt readers do).
    ...guide.notes,
    ...guide.sections.map((section) =>
      [`## ${oneLine(section.title)}`, ...section.links.map(line)].join("\n"),
    ),
  ];
  return `${parts.join("\n\n")}\n`;
}

type GuideData = { site: Site; endpoints: typeof endpoints; openapi: typeof openapi };

export const data = {
  permalink: (data: GuideData) => `/${data.site.paths.apiAgentGuide}`,
  layout: false,
  eleventyExcludeFromCollections: true,
};

type Schemas = Record<string, { properties?: Record<string, { description?: string }> }>;

/** A published value in a note: the rank table as one line a rank, anything else as JSON. */
function valueText(key: string, value: unknown): string {
  if (key === "ranks" && Array.isArray(value))
    return (
      ", one a line (name: minGems, " +
      `label):\n${(value as RankList["ranks"]).map((rank) => `  - ${rankLine(rank)}`).join("\n")}`
    );
  return `; value \`${JSON.stringify(value).replace(/`/g, "\\u0060")}\``;
}

/** What a resource holds: each field of its schema, with what the file publishes for it. */
function resourceNote(resource: (typeof endpoints.resources)[number], schemas: Schemas): string {
  const properties = schemas[resource.schema]!.properties!;
  const body = resource.example as Record<string, unknown>;
  const fields = Object.entries(properties).map(
    ([key, field]) =>
      `\`${key}\`: ${(field.description ?? "").replace(/\.$/, "")}${valueText(key, body[key])}`,
  );
  return `${resource.url} (${resource.schema}) holds:\n${bulletList(fields)}`;
}

export function render(data: GuideData): string {
  const { site, endpoints, openapi } = data;
  const schemas = openapi.components.schemas as Schemas;
  return llmsTxt({
    title: openapi.info.title,
    summary:
      `Static, read-only JSON resources of ${site.name} under ${site.url}, described by an OpenAPI ` +
      `${openapi.openapi} contract. Each file below is the whole answer: its fields and their values ` +
      "are listed here.",
    notes: [
      "Every resource answers GET with no query parameters, no request body and no credentials (no " +
        "API key, account or OAuth); every caller gets the same file, and its values change only when " +
        "the site is rebuilt.",
      ...endpoints.resources.map((resource) => resourceNote(resource, schemas)),
      `Resource paths carry no version; the contract's info.version is ${openapi.info.version}.`,
      "Errors: the contract declares ErrorResponse bodies with codes " +
        `${endpoints.errorCodes.map((error) => `\`${error.code}\``).join(", ")}, but this static ` +
        "deployment cannot emit them: a missing path gets the host's HTML 404 page, so check the status " +
        "before parsing JSON.",
      "Calculations are not resources: nothing is calculated over HTTP. The agent guide " +
        `(${site.urls.agentGuide}) has the formula, rounding, a worked example and a recipe to compute ` +
        "any result, and the homepage's WebMCP tools compute it in a browser.",
    ],
    sections: [
      {
        title: "Resources",
        links: [
          ...endpoints.resources.map(resourceLink),
          {
            name: "OpenAPI contract",
            url: site.urls.openapi,
            note: `OpenAPI ${openapi.openapi}, version ${openapi.info.version}: schemas, examples and declared errors.`,
          },
        ],
      },
      {
        title: "Docs",
        links: [
          {
            name: "API docs",
            url: absoluteUrl(twinPath(`/${site.paths.docs}`)),
            note: "Every field, example, error, limit and the browser tools, in Markdown.",
          },
          {
            name: "JSON API index",
            url: absoluteUrl(twinPath(`/${site.paths.api}`)),
            note: "The resources with method, media type and purpose, in Markdown.",
          },
          {
            name: "Access policy",
            url: site.urls.accessPolicy,
            note: "No API key, account, OAuth token or bearer credential.",
          },
          {
            name: "Agent guide",
            url: site.urls.agentGuide,
            note: "The whole site: how to compute any result, with or without the browser tools.",
          },
        ],
      },
    ],
  });
}
