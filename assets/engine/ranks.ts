/**
 * Which rank a balance holds, in a rank table the caller passes in: the build validates the table
 * (`_data/ranks.ts`) and hands it to the page as data, so this module never sees where it came from.
 */
import type { ExpRank } from "../contract/rank-list.ts";
import { toDecimal, type Amount } from "./decimal.ts";

/**
 * Index in `ranks` (lowest first, the first at 0) of the highest rank whose minGems is at most
 * `gems` (≥ 0).
 */
export function rankIndex(ranks: readonly ExpRank[], gems: Amount): number {
  const balance = toDecimal(gems);
  let index = 0;
  while (index + 1 < ranks.length && toDecimal((ranks[index + 1] as ExpRank).minGems).lte(balance)) index += 1;
  return index;
}

/** The rank a balance of `gems` (≥ 0) holds, as a fresh copy of its table entry. */
export function rankFor(ranks: readonly ExpRank[], gems: Amount): ExpRank {
  return { ...(ranks[rankIndex(ranks, gems)] as ExpRank) };
}
