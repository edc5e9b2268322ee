// What /api/llms.txt (llms.txt.liquid) reads: `guide` (_config/agent-guide.ts) for the resources' links,
// and `resourceNotes`, what each resource holds: each field of its schema with the value it publishes.
import type endpoints from "../../_data/endpoints.ts";
import type openapi from "../../_data/openapi.ts";
import type { RankList } from "../../contract/rank-list.ts";
import { agentGuide, bulletList, rankLine } from "../../_config/agent-guide.ts";

type Schemas = Record<string, { properties: Record<string, { description?: string }> }>;

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
  const body = resource.example as Record<string, unknown>;
  const fields = Object.entries(schemas[resource.schema]!.properties).map(
    ([key, field]) =>
      `\`${key}\`: ${(field.description ?? "").replace(/\.$/, "")}${valueText(key, body[key])}`,
  );
  return `${resource.url} (${resource.schema}) holds:\n${bulletList(fields)}`;
}

type ApiGuideData = { endpoints: typeof endpoints; openapi: typeof openapi };

export default {
  eleventyComputed: {
    guide: agentGuide,
    resourceNotes: (data: ApiGuideData) =>
      data.endpoints.resources.map((resource) =>
        resourceNote(resource, data.openapi.components.schemas as Schemas),
      ),
  },
};
