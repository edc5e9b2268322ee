// The JSON files, each a global data file serialized: /api/info.json (getCalculatorInfo) from
// `_data/calculator.ts` and /api/ranks.json (listExpRanks) from `_data/ranks.ts`, for API clients;
// /openapi.json, the OpenAPI 3.1 contract, from `_data/openapi.ts`, for API clients, validators and agents.
import { paths } from "../_data/site.ts";

/** Each file's path and the global data it serializes. */
const files = [
  { path: paths.info, data: "calculator" },
  { path: paths.ranks, data: "ranks" },
  { path: paths.openapi, data: "openapi" },
] as const;

type JsonFile = (typeof files)[number];
type JsonData = { file: JsonFile } & Record<JsonFile["data"], unknown>;

export const data = {
  files,
  pagination: { data: "files", size: 1, alias: "file" },
  permalink: (data: JsonData) => `/${data.file.path}`,
  layout: false,
  eleventyExcludeFromCollections: true,
};

export function render(data: JsonData): string {
  return `${JSON.stringify(data[data.file.data], null, 2)}\n`;
}
