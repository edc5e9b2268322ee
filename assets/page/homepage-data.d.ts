/**
 * The data the build hands the homepage bundle (`_config/bundle.ts` serves this module):
 * the validated rank table and the tool descriptors, computed in Node.
 */
declare module "virtual:homepage-data" {
  export const rankList: import("../../contract/rank-list.ts").RankList;
  export const toolDescriptors: readonly import("../../contract/tool-descriptors.ts").ToolDescriptor[];
}
