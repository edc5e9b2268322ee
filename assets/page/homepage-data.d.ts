/**
 * The data the build hands the bundles (`_config/bundle.ts` serves these modules): the validated
 * rank table, and the tool descriptors, computed in Node.
 */
declare module "virtual:homepage-data" {
  export const rankList: import("../../contract/rank-list.ts").RankList;
}
declare module "virtual:tool-descriptors" {
  export const toolDescriptors: readonly import("../../contract/tool-descriptors.ts").ToolDescriptor[];
}
