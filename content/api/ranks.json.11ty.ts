// GET /api/ranks.json (listExpRanks), for API clients: `_data/ranks.ts` serialized.
import { paths } from "../../_data/site.ts";
import type { RankList } from "../../contract/rank-list.ts";

export const data = {
  permalink: () => `/${paths.ranks}`,
  layout: false,
  eleventyExcludeFromCollections: true,
};

export function render(data: { ranks: RankList }): string {
  return JSON.stringify(data.ranks, null, 2) + "\n";
}
