// Derived, not written by hand: the link previews' card, from `ranks.ts`, the rate and `site.ts`.
/**
 * `shareCard`: the picture a link preview shows (Open Graph and Twitter cards, read by Discord,
 * Slack and social sites): a 1200×630 PNG that the build draws from the site's name, the daily
 * rate and the rank ladder (`_config/share-card.ts`), and the text that describes it, both
 * written here from the same values, so the picture and its `og:image:alt` cannot disagree.
 */
import calculator from "./calculator.ts";
import ranks from "./ranks.ts";
import site from "./site.ts";

/** One step of the ladder: a rank as its name and label (`Ethereal`, `160M+`). */
export type LadderRank = { name: string; label: string };

/** A rank, or where ranks are left out of a long ladder: how many. */
export type LadderStep = LadderRank | { omitted: number };

/** The most ranks the card draws whole: its ladder holds 9 rows (the 8 ranks, or 7, a gap and the highest). */
const MOST_RANKS_DRAWN = 8;

/**
 * The ladder as the card draws it: every rank while they fit; past that the lowest ones, a gap
 * saying how many are left out, and the highest, so the card still shows where the ladder ends.
 */
export function ladderSteps(all: readonly LadderRank[], most = MOST_RANKS_DRAWN): LadderStep[] {
  if (all.length <= most) return [...all];
  const lowest = all.slice(0, most - 1);
  return [...lowest, { omitted: all.length - most }, all.at(-1)!];
}

/** A step in words for the text alternative and the card's gap row: `Ethereal 160M+`, or `3 more ranks`. */
export function stepText(step: LadderStep): string {
  if ("omitted" in step) return `${step.omitted} more ${step.omitted === 1 ? "rank" : "ranks"}`;
  return `${step.name} ${step.label}`;
}

/** The line under the title: the player's question, and the rate set apart. */
export type Tagline = { before: string; rate: string; after: string };

/** What a card shows, in the order it shows it: its `og:image:alt`. */
export function describeCard(title: string, tagline: Tagline, steps: readonly LadderStep[]): string {
  const line = `${tagline.before}${tagline.rate}${tagline.after}`;
  return `${title}. ${line} The ranks, lowest first: ${steps.map(stepText).join(", ")}.`;
}

const rate = `${calculator.dailyInterestPercent}%`;
const tagline = { before: "When do your gems reach the next rank? They grow ", rate, after: " a day." };
const steps = ladderSteps(ranks.ranks.map((rank) => ({ name: rank.name, label: rank.displayValue })));

const shareCard = {
  /** Where the PNG is published (`site.paths.shareCard`), as an absolute URL under the base URL. */
  url: site.urls.shareCard,
  type: "image/png",
  width: 1200,
  height: 630,
  title: site.name,
  /** The line under the title, in three parts so the card can set the rate apart. */
  tagline,
  steps,
  alt: describeCard(site.name, tagline, steps),
};

export type ShareCard = typeof shareCard;
export default shareCard;
