/**
 * The data the build hands the homepage bundle (`build/eleventy/bundle.ts` serves this module):
 * the validated rank table and the tool descriptors, computed in Node.
 */
declare module "virtual:homepage-data" {
  export const rankList: import("../../build/schemas/rank-list.ts").RankList;
  export const toolDescriptors: readonly import("../../build/schemas/tool-descriptors.ts").ToolDescriptor[];
}
