// The OpenAPI 3.1 contract, for API clients, validators and agents: `_data/openapi.ts` serialized.
import type openapi from "../_data/openapi.ts";
import { paths } from "../_data/site.ts";

export const data = {
  permalink: () => `/${paths.openapi}`,
  layout: false,
  eleventyExcludeFromCollections: true,
};

export function render(data: { openapi: typeof openapi }): string {
  return JSON.stringify(data.openapi, null, 2) + "\n";
}
