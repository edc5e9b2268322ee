import * as z from "zod/mini";
import { describe } from "./describe.ts";
import { DAILY_INTEREST_RATE, PRODUCT_NAME } from "../common/constants.ts";
import { CALCULATE_LIMITS, WHOLE_NUMBER } from "../common/input/input-rules.ts";

/** Longest rank name: names sit in table cells, beside headings, in one-line notes and on the share card. */
const NAME_LENGTH = 40;

/** Most ranks the table may hold: each is a row on every page, a chip on the homepage, a line in llms.txt. */
export const MAX_RANKS = 50;

/**
 * The scripts a rank name may be written in, by Unicode's Script_Extensions property (so a mark
 * shared by a few scripts, such as an Arabic vowel sign, counts for each). A name keeps to one, so
 * no letter of another passes for its look-alike (a Cyrillic "Е" in "Еthereal"). Add a script here
 * to allow it.
 */
const SCRIPTS: Record<string, RegExp> = {
  Latin: /\p{scx=Latin}/u,
  Greek: /\p{scx=Greek}/u,
  Cyrillic: /\p{scx=Cyrillic}/u,
  Armenian: /\p{scx=Armenian}/u,
  Georgian: /\p{scx=Georgian}/u,
  Hebrew: /\p{scx=Hebrew}/u,
  Arabic: /\p{scx=Arabic}/u,
  Devanagari: /\p{scx=Devanagari}/u,
  Bengali: /\p{scx=Bengali}/u,
  Thai: /\p{scx=Thai}/u,
  Hangul: /\p{scx=Hangul}/u,
  Han: /\p{scx=Han}/u,
  // Japanese is written in three: kanji (Han), hiragana and katakana.
  Japanese: /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}]/u,
};

const SCRIPT_NAMES = Object.keys(SCRIPTS);

/** Characters that show as nothing, though Unicode calls some letters (the Hangul fillers) or marks. */
const SHOWS_AS_NOTHING = /\p{Default_Ignorable_Code_Point}/u;

/** Whether `character` is a letter or mark that shows, of `script` ("t" is of Latin). */
const ofScript = (character: string, script: string) =>
  /[\p{L}\p{M}]/u.test(character) && !SHOWS_AS_NOTHING.test(character) && SCRIPTS[script]!.test(character);

/** Words joined by single spaces or hyphens: no space or hyphen at either end or two in a row. */
const WORDS = /^[^ -]+(?:[ -][^ -]+)*$/;

/** The digits 0-9, the space and the hyphen: the characters of a name that are not letters. */
const NOT_LETTERS = /[0-9 -]/;

/**
 * A character for a message: `"t" (U+0074)` for a letter, a digit or ASCII punctuation; else only
 * its code point, since it may show as nothing (a zero-width space, a Braille blank).
 */
function named(character: string): string {
  const code = `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
  const visible = /[\p{L}\p{N}!-~]/u.test(character) && !SHOWS_AS_NOTHING.test(character);
  return visible ? `"${character}" (${code})` : code;
}

/** What breaks the rules of a rank name, with its rule in brackets; undefined when nothing does. */
function nameProblem(name: string): string | undefined {
  const characters = [...name];
  // The scripts of every letter so far, and the first letter, for a message.
  let scripts = SCRIPT_NAMES;
  let first = "";
  for (const [index, character] of characters.entries()) {
    if (NOT_LETTERS.test(character)) continue;
    const at = `${named(character)} at character ${index + 1}`;
    // A mark (an accent) belongs on a letter: at a word's start it shows as a stray mark.
    const stray = /\p{M}/u.test(character) && NOT_LETTERS.test(characters[index - 1] ?? " ");
    const its = SCRIPT_NAMES.filter((script) => !stray && ofScript(character, script));
    if (its.length === 0)
      return (
        `has ${at}, which is not a letter (of ${SCRIPT_NAMES.join(", ")}), a digit 0-9, a space ` +
        "or a hyphen; write the name in letters and digits [rule: letters, digits, spaces and hyphens]"
      );
    const shared = scripts.filter((script) => its.includes(script));
    if (shared.length === 0)
      return (
        `mixes scripts: ${at} is ${its[0]} where ${first} is ${scripts[0]}; write the whole name in one ` +
        "script [rule: one script]"
      );
    scripts = shared;
    first ||= at;
  }
  if (!WORDS.test(name))
    return (
      "has a space or hyphen at its start or end, or two in a row; write words joined by single " +
      "spaces or hyphens [rule: letters, digits, spaces and hyphens]"
    );
  return undefined;
}

/**
 * A rank name: words of letters of one script and digits, joined by single spaces or hyphens, so
 * it is plain text wherever it lands (a page, llms.txt, the card) and holds no look-alike letter of
 * another script. (A name written wholly in another script's look-alikes is for review to catch.)
 */
const rankName = z.string().check(
  z.minLength(1, "must not be empty [rule: not blank]"),
  z.maxLength(NAME_LENGTH, `must be at most ${NAME_LENGTH} characters long [rule: length]`),
  z.superRefine((name, ctx) => {
    const problem = nameProblem(name);
    // The name is not echoed: the message names the character, which may show as nothing.
    if (name.length > 0 && problem) ctx.addIssue({ code: "custom", input: undefined, message: problem });
  }),
);

/** A threshold the tools can compute with: whole gems, at most the largest balance they accept. */
const threshold = z.string().check(
  z.regex(WHOLE_NUMBER, 'must be a whole number written in digits, such as "160000000"'),
  z.refine(
    (text) => !WHOLE_NUMBER.test(text) || BigInt(text) <= BigInt(CALCULATE_LIMITS.maxGems),
    `must be at most ${CALCULATE_LIMITS.maxGems} (CALCULATE_LIMITS.maxGems), the largest balance the tools accept`,
  ),
);

/** Compact English notation with every digit kept: 1600000000 → `1.6B`, 1500 → `1.5K`, 999 → `999`. */
const compact = new Intl.NumberFormat("en-US", {
  notation: "compact",
  maximumFractionDigits: 20,
  useGrouping: false,
});

/**
 * A threshold's label, `displayValue`: its figure in the largest of K, M, B and T (thousand,
 * million, billion, trillion) it reaches, without trailing zeros, then "+" ("this many gems or
 * more"): 160000000 → `160M+`, 1600000000 → `1.6B+`, 1500 → `1.5K+`, 999 → `999+`. Zero reads
 * `0M+`, as the first rank always has.
 */
export const rankLabel = (minGems: string) =>
  minGems === "0" ? "0M+" : `${compact.format(BigInt(minGems))}+`;

export const ExpRank = describe(
  z.strictObject({
    name: describe(rankName, "Rank name."),
    minGems: describe(
      threshold,
      "Minimum gem balance that holds this rank, as a decimal string of whole gems.",
    ),
    displayValue: describe(
      z.string(),
      "Human-readable threshold label derived from minGems, such as `1.6B+`.",
    ),
  }),
  { id: "ExpRank", description: "One rank threshold over gem balances." },
);
export type ExpRank = z.infer<typeof ExpRank>;

/** A name as compared for uniqueness: case and compatibility forms (full-width letters, ligatures) set aside. */
const nameKey = (name: string) => name.normalize("NFKC").toUpperCase();

/** Names unique ignoring case; thresholds that start at 0 and strictly increase. */
const uniqueNamesRisingThresholds = z.superRefine((ranks: { name: string; minGems: string }[], ctx) => {
  const problem = (path: [number, string], input: unknown, message: string) =>
    ctx.addIssue({ code: "custom", path, input, message });
  const seen = new Map<string, number>();
  ranks.forEach((rank, index) => {
    const earlier = seen.get(nameKey(rank.name));
    if (earlier === undefined) seen.set(nameKey(rank.name), index);
    else
      problem(
        [index, "name"],
        undefined,
        `duplicates the rank name ${JSON.stringify(ranks[earlier]!.name)} (ranks[${earlier}].name), ` +
          "ignoring case; every rank needs its own name [rule: unique names]",
      );
    if (index === 0 && rank.minGems !== "0")
      problem(
        [index, "minGems"],
        rank.minGems,
        'must be "0": the first rank starts at zero gems so every balance holds a rank [rule: first rank at 0]',
      );
    const previous = ranks[index - 1];
    // Malformed thresholds are already reported by their own rule; compare only well-formed ones.
    const comparable = previous && WHOLE_NUMBER.test(previous.minGems) && WHOLE_NUMBER.test(rank.minGems);
    if (comparable && BigInt(rank.minGems) <= BigInt(previous.minGems))
      problem(
        [index, "minGems"],
        rank.minGems,
        `must be greater than the previous rank's minGems ("${previous.minGems}"); thresholds ` +
          "strictly increase [rule: increasing thresholds]",
      );
  });
});

const rankListFields = {
  name: describe(z.literal(PRODUCT_NAME), "Name of the calculator the ranks belong to."),
  dailyInterestRate: describe(z.literal(DAILY_INTEREST_RATE), "Daily interest rate as a decimal string."),
};

export const RankList = describe(
  z.strictObject({
    ...rankListFields,
    ranks: describe(
      z.array(ExpRank).check(z.minLength(1), z.maxLength(MAX_RANKS)),
      "Rank thresholds, lowest first: the first starts at 0 gems and each next one is strictly higher.",
    ),
  }),
  { id: "RankList", description: "The rank thresholds over gem balances." },
);
export type RankList = z.infer<typeof RankList>;

/**
 * The rank table as `_data/ranks.ts` writes it, each rank a name and a threshold, with the table's
 * own rules: at most MAX_RANKS ranks, names unique ignoring case, and thresholds that start at 0 and
 * strictly increase. The result is the published RankList, each label derived from its threshold.
 */
export const RankTable = z.pipe(
  z.strictObject({
    ...rankListFields,
    ranks: z
      .array(z.omit(ExpRank, { displayValue: true }))
      .check(
        z.minLength(1, "must list at least one rank"),
        z.maxLength(
          MAX_RANKS,
          `must list at most ${MAX_RANKS} ranks: each is a row in the docs' table, a chip on the homepage ` +
            `and a line in llms.txt; merge or remove ranks [rule: at most ${MAX_RANKS} ranks]`,
        ),
        uniqueNamesRisingThresholds,
      ),
  }),
  z.transform((table): RankList => ({
    ...table,
    ranks: table.ranks.map(({ name, minGems }) => ({ name, minGems, displayValue: rankLabel(minGems) })),
  })),
);
