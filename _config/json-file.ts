import type { Site } from "../_data/site.ts";
import type { CalculatorInfo } from "../contract/calculator-info.ts";
import type { RankList } from "../contract/rank-list.ts";
import type openapi from "../_data/openapi.ts";

/** The global data a template sees: the `_data` modules, by file name. */
export type JsonTemplateData = {
  site: Site;
  calculator: CalculatorInfo;
  ranks: RankList;
  openapi: typeof openapi;
};

/**
 * Front matter of a machine-readable output: an explicit permalink (the path it is served at),
 * no layout, and kept out of collections so pages never list it.
 * See https://www.11ty.dev/docs/permalinks/
 */
export function jsonFile(permalink: (data: JsonTemplateData) => string) {
  return {
    permalink: (data: JsonTemplateData) => `/${permalink(data)}`,
    layout: false,
    eleventyExcludeFromCollections: true,
  };
}
