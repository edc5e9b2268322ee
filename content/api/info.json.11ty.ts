// GET /api/info.json (getCalculatorInfo), for API clients: `_data/calculator.ts` serialized.
import { paths } from "../../_data/site.ts";
import type { CalculatorInfo } from "../../contract/calculator-info.ts";

export const data = {
  permalink: () => `/${paths.info}`,
  layout: false,
  eleventyExcludeFromCollections: true,
};

export function render(data: { calculator: CalculatorInfo }): string {
  return JSON.stringify(data.calculator, null, 2) + "\n";
}
