// GET /api/ranks.json (listExpRanks), for API clients: `_data/ranks.ts` serialized.
import { jsonFile, type JsonTemplateData } from "../../_config/json-file.ts";

export const data = jsonFile((data) => data.site.paths.ranks);

export function render(data: JsonTemplateData): string {
  return JSON.stringify(data.ranks, null, 2) + "\n";
}
