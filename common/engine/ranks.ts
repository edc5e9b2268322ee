/**
 * Which rank a balance holds, in a rank table the caller passes in: the build validates the table
 * (`_data/ranks.ts`) and hands it to the page as data, so this module never sees where it came from.
 */
import type { ExpRank } from "../../contract/rank-list.ts";
import { compareExact, exactOf, type Exact } from "./exact.ts";

/** Index in `ranks` (lowest first, the first at 0) of the highest rank whose minGems is at most `gems`. */
export function rankIndex(ranks: readonly ExpRank[], gems: Exact): number {
  return Math.max(
    0,
    ranks.findLastIndex((rank) => compareExact(exactOf(rank.minGems), gems) <= 0),
  );
}
