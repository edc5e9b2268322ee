/**
 * The lossy-number rule (`lossyNumber` in the input checker) as the schema's description and the
 * docs state it. Here rather than beside the checker: the page never shows it, and a template
 * literal left in the checker would ship in the page's bundle unused.
 */
import { EXACT_NUMBER_LIMIT } from "../common/input/input-rules.ts";

export const LOSSY_NUMBER_RULE =
  `A JSON number is read as the double it parses to, so one of 2^53 (${EXACT_NUMBER_LIMIT}) or more is refused: ` +
  "a double there cannot hold every whole number, and the tool cannot know the digits that were sent.";
