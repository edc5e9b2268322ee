// The OpenAPI 3.1 contract, for API clients, validators and agents: `_data/openapi.ts` serialized.
import { jsonFile, type JsonTemplateData } from "../_config/json-file.ts";

export const data = jsonFile((data) => data.site.paths.openapi);

export function render(data: JsonTemplateData): string {
  return JSON.stringify(data.openapi, null, 2) + "\n";
}
