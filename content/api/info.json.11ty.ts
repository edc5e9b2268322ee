// GET /api/info.json (getCalculatorInfo), for API clients: `_data/calculator.ts` serialized.
import { jsonFile, type JsonTemplateData } from "../../_config/json-file.ts";

export const data = jsonFile((data) => data.site.paths.info);

export function render(data: JsonTemplateData): string {
  return JSON.stringify(data.calculator, null, 2) + "\n";
}
