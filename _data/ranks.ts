// Written by hand (a writer edits this file): the rank table.
/**
 * `ranks`: the rank thresholds over gem balances (the calculator's Discord ranks), lowest first.
 * The body of `/api/ranks.json` and of the `list-exp-ranks` tool. The build checks each entry's
 * shape, that the first threshold is 0, that thresholds strictly increase and that names are unique.
 */
import { DAILY_INTEREST_RATE, PRODUCT_NAME } from "../common/constants.ts";
import { RankList } from "../contract/rank-list.ts";
import { validateData } from "../contract/validate-data.ts";

export default validateData(
  RankList,
  {
    name: PRODUCT_NAME,
    dailyInterestRate: DAILY_INTEREST_RATE,
    ranks: [
      { name: "Member", minGems: "0", displayValue: "0M+" },
      { name: "Ethereal", minGems: "160000000", displayValue: "160M+" },
      { name: "Luminary", minGems: "800000000", displayValue: "800M+" },
      { name: "Radiant", minGems: "1600000000", displayValue: "1.6B+" },
      { name: "Catalyst", minGems: "4000000000", displayValue: "4B+" },
      { name: "Divine", minGems: "12000000000", displayValue: "12B+" },
      { name: "Cosmic", minGems: "48000000000", displayValue: "48B+" },
    ],
  },
  import.meta.url,
);
