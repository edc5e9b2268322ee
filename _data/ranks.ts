// Written by hand (a writer edits this file): the rank table.
/**
 * `ranks`: the rank thresholds over gem balances (the calculator's Discord ranks), lowest first.
 * The body of `/api/ranks.json` and of the `list-exp-ranks` tool. The build checks the rules of
 * `contract/rank-list.ts` (names in letters of one script and unique; thresholds from 0, strictly
 * increasing) and adds each rank's label, `displayValue` (`1.6B+`), derived from its minGems.
 */
import { DAILY_INTEREST_RATE, PRODUCT_NAME } from "../common/constants.ts";
import { RankTable } from "../contract/rank-list.ts";
import { validateData } from "../contract/validate-data.ts";

export default validateData(
  RankTable,
  {
    name: PRODUCT_NAME,
    dailyInterestRate: DAILY_INTEREST_RATE,
    ranks: [
      { name: "Member", minGems: "0" },
      { name: "Ethereal", minGems: "160000000" },
      { name: "Luminary", minGems: "800000000" },
      { name: "Radiant", minGems: "1600000000" },
      { name: "Catalyst", minGems: "4000000000" },
      { name: "Divine", minGems: "12000000000" },
      { name: "Cosmic", minGems: "48000000000" },
    ],
  },
  import.meta.url,
);
