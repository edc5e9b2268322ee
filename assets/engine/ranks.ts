/** Which rank a balance holds, from the rank table in `_data/ranks.ts`. */
import rankList from "../../_data/ranks.ts";
import type { ExpRank } from "../contract/rank-list.ts";
import { toDecimal, type Amount, type Decimal } from "./decimal.ts";

/** The ranks, lowest first (the table guarantees the first starts at 0 and thresholds increase). */
export const RANKS: readonly ExpRank[] = rankList.ranks;

const thresholds = RANKS.map((rank) => toDecimal(rank.minGems));

/** Index in `RANKS` of the highest rank whose minGems is at most `gems`. */
function rankIndex(gems: Amount): number {
  const balance = toDecimal(gems);
  let index = 0;
  while (index + 1 < thresholds.length && (thresholds[index + 1] as Decimal).lte(balance)) index += 1;
  return index;
}

/** The rank a balance of `gems` (≥ 0) holds, as a fresh copy of its table entry. */
export function rankFor(gems: Amount): ExpRank {
  return { ...(RANKS[rankIndex(gems)] as ExpRank) };
}

/** The rank above the one `gems` holds, or null at the top rank. */
export function nextRankAbove(gems: Amount): ExpRank | null {
  const next = RANKS[rankIndex(gems) + 1];
  return next ? { ...next } : null;
}
