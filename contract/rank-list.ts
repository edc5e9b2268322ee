import * as z from "zod/mini";
import { describe } from "./describe.ts";
import { WHOLE_NUMBER, wholeNumberString } from "./decimal.ts";
import { DAILY_INTEREST_RATE, PRODUCT_NAME } from "../common/constants.ts";
import { groupDigits } from "../common/text/group-digits.ts";
import { CALCULATE_LIMITS } from "./calculate-input.ts";
import { mixedScripts, skeleton } from "./look-alikes.ts";

/** Longest rank name and label: they sit in table cells, headings' neighbours and one-line notes. */
const RANK_TEXT_LIMITS = { name: 40, displayValue: 16 } as const;

/** Most ranks the table may hold: each is a row on every page, a chip on the homepage, a line in llms.txt. */
export const MAX_RANKS = 50;

/**
 * Symbols that are visible characters to Unicode but show as nothing or as a blank box: the
 * Braille blank (U+2800), the musical null notehead (U+1D159) and the object replacement character
 * (U+FFFC), so "Ethereal\u2800" would look like "Ethereal" and "\u2800" like no name at all. (The
 * Hangul fillers are Default_Ignorable_Code_Point, below.)
 */
const BLANK_LOOKING = /[\u2800\u{1D159}\uFFFC]/u;

/**
 * Characters a name or label refuses because they are invisible or reorder the text around them,
 * so that what a reader sees is what the data says (a label "\u202e+M061" shows as "160M+"; a
 * name "Ethereal\u200b" looks like "Ethereal"):
 * - Unicode general categories Cc (controls), Cf (format: bidi controls, zero-width spaces and
 *   joiners, the byte order mark, soft hyphens, tags), Zl and Zp (line and paragraph separators),
 *   Co (private use) and Cn (unassigned in the Unicode version of the Node running the build);
 * - Default_Ignorable_Code_Point, which adds variation selectors, the combining grapheme joiner and
 *   the Hangul fillers that render as nothing;
 * - every space but U+0020 (no-break, em, ideographic, …): a look-alike of the plain space.
 */
const INVISIBLE =
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Default_Ignorable_Code_Point}\p{Zs}\u2800\u{1D159}\uFFFC]/u;

const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** What kind of invisible character `character` is, in words, for the error message. */
function invisibleKind(character: string): string {
  if (BLANK_LOOKING.test(character)) return "a blank-looking symbol";
  if (BIDI_CONTROLS.test(character)) return "a bidi control, which reorders the text around it";
  if (/[\u200b-\u200d\u2060\ufeff]/u.test(character)) return "a zero-width character";
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u.test(character)) return "a line break or control character";
  if (/\p{Variation_Selector}/u.test(character)) return "a variation selector";
  if (/\p{Zs}/u.test(character)) return "a space other than the plain space U+0020";
  if (/\p{Co}/u.test(character)) return "a private-use character";
  if (/\p{Cn}/u.test(character)) return "an unassigned code point";
  return "an invisible character";
}

const codePoint = (character: string) =>
  `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

/** The first invisible character of `text` as `U+200B (a zero-width character) at character 9`, or undefined. */
export function invisibleCharacter(text: string): string | undefined {
  let position = 0;
  for (const character of text) {
    position += 1;
    // The plain space is the one visible space; a leading or trailing one is caught below.
    if (character !== " " && INVISIBLE.test(character))
      return `${codePoint(character)} (${invisibleKind(character)}) at character ${position}`;
  }
  return undefined;
}

/** Characters that break a line or control a terminal: the one-line rule. */
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * `text` quoted for a message with its invisible characters spelt out (`"Ethereal\\u{200B}"`),
 * so a terminal shows what the data holds rather than reordering or hiding it.
 */
export function quoted(text: string): string {
  const visible = [...text]
    .map((character) =>
      character !== " " && INVISIBLE.test(character)
        ? `\\u{${character.codePointAt(0)!.toString(16).toUpperCase()}}`
        : character,
    )
    .join("");
  return JSON.stringify(visible).replaceAll("\\\\u{", "\\u{");
}

/** `{{`, `{%` or `{#`: Nunjucks syntax, which data never holds (pages render it; data is shown as written). */
const TEMPLATE_SYNTAX = /\{[{%#]/;

/**
 * A name or label shown on every page, in llms.txt and in the tools' results: one line of visible
 * text, not blank, of bounded length, so no edit can add a heading, split a table row, push a
 * page around, or show a reader something other than what the data says. Each message names its
 * rule in brackets.
 */
const rankText = (max: number) =>
  z.string().check(
    z.minLength(1, "must not be empty [rule: not blank]"),
    // Spaces and combining marks alone (an accent over nothing) show as blank or as a stray mark.
    z.superRefine((text, ctx) => {
      if (text.length > 0 && !/[\p{L}\p{N}\p{P}\p{S}]/u.test(text)) {
        ctx.addIssue({
          code: "custom",
          input: undefined,
          message: `must not be blank: write at least one visible character [rule: not blank] (got ${quoted(text)})`,
        });
      }
    }),
    z.refine(
      (text) => !LINE_BREAKING.test(text),
      "must be one line of text: no line breaks, tabs or other control characters [rule: one line]",
    ),
    z.superRefine((text, ctx) => {
      // Line breaks and control characters are the one-line rule's to report.
      if (LINE_BREAKING.test(text)) return;
      const found = invisibleCharacter(text);
      if (found) {
        ctx.addIssue({
          code: "custom",
          input: undefined,
          message:
            `has ${found}; delete it, so readers see exactly the text the data holds [rule: visible ` +
            `characters only] (got ${quoted(text)})`,
        });
      } else if (text.trim().length > 0 && text !== text.trim()) {
        ctx.addIssue({
          code: "custom",
          input: text,
          message: "starts or ends with a space; delete it [rule: visible characters only]",
        });
      }
    }),
    z.refine(
      (text) => !TEMPLATE_SYNTAX.test(text),
      `must not contain template syntax ("{{", "{%" or "{#"): the rank table is data, shown as ` +
        "written, not a template; write the text itself [rule: no template syntax]",
    ),
    z.maxLength(max, `must be at most ${max} characters long [rule: length]`),
  );

/** A threshold the tools can compute with: whole gems, at most the largest balance they accept. */
const threshold = () =>
  wholeNumberString().check(
    z.refine(
      (text) => !WHOLE_NUMBER.test(text) || BigInt(text) <= BigInt(CALCULATE_LIMITS.maxGems),
      `must be at most ${CALCULATE_LIMITS.maxGems} (CALCULATE_LIMITS.maxGems), the largest balance the tools accept`,
    ),
  );

/** A name's letters in one script, so no letter of another passes for its look-alike (a Cyrillic "Е"). */
const oneScript = z.superRefine((text: string, ctx) => {
  // An invisible character is the visible-characters rule's to report.
  const mix = invisibleCharacter(text) ? undefined : mixedScripts(text);
  if (mix)
    ctx.addIssue({
      code: "custom",
      input: undefined,
      message: `mixes scripts: ${mix}; write the whole name in one script [rule: one script] (got ${quoted(text)})`,
    });
});

export const ExpRank = describe(
  z.strictObject({
    name: describe(rankText(RANK_TEXT_LIMITS.name).check(oneScript), "Rank name."),
    minGems: describe(
      threshold(),
      "Minimum gem balance that holds this rank, as a decimal string of whole gems.",
    ),
    displayValue: describe(
      rankText(RANK_TEXT_LIMITS.displayValue),
      "Human-readable threshold label, such as `1.6B+`.",
    ),
  }),
  { id: "ExpRank", description: "One rank threshold over gem balances." },
);
export type ExpRank = z.infer<typeof ExpRank>;

/** The scales a label may use, as `_data/ranks.ts` writes them: `160M+`, `1.6B+`. */
const LABEL_SCALES = { "": 1n, K: 10n ** 3n, M: 10n ** 6n, B: 10n ** 9n, T: 10n ** 12n } as const;
type Scale = keyof typeof LABEL_SCALES;

/**
 * A label is a figure, an optional scale and `+` ("this many gems or more"): digits, optionally
 * grouped by commas in threes, optionally a decimal fraction, then K (thousand), M (million),
 * B (billion) or T (trillion) or nothing. Its figure times its scale must equal the threshold
 * exactly: `160M+` on 160000000, `1.6B+` on 1600000000, `0M+` on 0.
 */
const LABEL = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?([KMBT]?)\+$/;

/** The gems a label says, or undefined when it is not of the form `160M+`. */
export function labelGems(label: string): bigint | undefined {
  const match = LABEL.exec(label);
  if (!match) return undefined;
  const [, whole = "", fraction = "", scale = ""] = match;
  const digits = BigInt(whole.replaceAll(",", "") + fraction) * LABEL_SCALES[scale as Scale];
  const divisor = 10n ** BigInt(fraction.length);
  // A figure finer than a whole gem (`1.5+`) names no threshold.
  return digits % divisor === 0n ? digits / divisor : -1n;
}

/**
 * The label a threshold reads as: the largest scale it reaches, its figure without trailing zeros
 * (`160000000` → `160M+`).
 */
export function labelFor(minGems: string): string {
  const gems = BigInt(minGems);
  const [scale, unit] = (Object.entries(LABEL_SCALES) as [Scale, bigint][])
    .filter(([, unit]) => gems >= unit)
    .at(-1) ?? ["M", LABEL_SCALES.M];
  const whole = gems / unit;
  const fraction = (gems % unit)
    .toString()
    .padStart(unit.toString().length - 1, "0")
    .replace(/0+$/, "");
  return `${whole}${fraction ? `.${fraction}` : ""}${scale}+`;
}

const caseFolded = (text: string) => text.normalize("NFKC").toUpperCase().toLowerCase().normalize("NFKC");

/**
 * A name as compared for uniqueness: NFKC and case folded (upper then lower, so "ß" meets "SS",
 * then NFKC again), then its UTS #39 confusable skeleton, so look-alike letters meet ("Cοsmic"
 * with a Greek omicron, "Cosmic"); and, since the skeleton tells letter cases apart, the skeleton
 * taken before the folding too ("СОЅМІС" in Cyrillic capitals meets "COSMIC").
 * Two names are the same when any of their keys are.
 */
export const nameKeys = (name: string) => [
  skeleton(caseFolded(name)),
  skeleton(caseFolded(skeleton(name.normalize("NFKC")))),
];

/**
 * The rank table's own rules, beyond each entry's shape: the first threshold is 0, thresholds
 * strictly increase, names are unique as a reader sees them, and each label shows its threshold.
 */
const rankTable = z.array(ExpRank).check(
  z.minLength(1, "must list at least one rank"),
  z.maxLength(
    MAX_RANKS,
    `must list at most ${MAX_RANKS} ranks: each is a row in the docs' table, a chip on the homepage ` +
      `and a line in llms.txt; merge or remove ranks [rule: at most ${MAX_RANKS} ranks]`,
  ),
  z.superRefine((ranks, ctx) => {
    const seen = new Map<string, number>();
    ranks.forEach((rank, index) => {
      const keys = nameKeys(rank.name);
      const earlier = keys.map((key) => seen.get(key)).find((found) => found !== undefined);
      if (earlier !== undefined) {
        const same = ranks[earlier]!.name === rank.name;
        const how = same
          ? `duplicates the rank name ${quoted(rank.name)} (ranks[${earlier}].name)`
          : `${quoted(rank.name)} reads as the rank name ${quoted(ranks[earlier]!.name)} ` +
            `(ranks[${earlier}].name) once letter case, Unicode compatibility forms and look-alike ` +
            "letters are set aside (NFKC, case folding, the UTS #39 confusable skeleton)";
        ctx.addIssue({
          code: "custom",
          path: [index, "name"],
          input: undefined,
          message: `${how}; every rank needs its own name [rule: unique names]`,
        });
      } else {
        for (const key of keys) seen.set(key, index);
      }
      if (index === 0 && rank.minGems !== "0") {
        ctx.addIssue({
          code: "custom",
          path: [index, "minGems"],
          input: rank.minGems,
          message:
            'must be "0": the first rank starts at zero gems so every balance holds a rank [rule: first rank at 0]',
        });
      }
      const previous = ranks[index - 1];
      // Malformed thresholds are already reported by ExpRank; compare only well-formed ones.
      const comparable = previous && WHOLE_NUMBER.test(previous.minGems) && WHOLE_NUMBER.test(rank.minGems);
      if (comparable && BigInt(rank.minGems) <= BigInt(previous.minGems)) {
        ctx.addIssue({
          code: "custom",
          path: [index, "minGems"],
          input: rank.minGems,
          message:
            `must be greater than the previous rank's minGems ("${previous.minGems}"); thresholds ` +
            "strictly increase [rule: increasing thresholds]",
        });
      }
      if (WHOLE_NUMBER.test(rank.minGems)) {
        const said = labelGems(rank.displayValue);
        const fix = `write "${labelFor(rank.minGems)}" (or change minGems)`;
        if (said === undefined) {
          ctx.addIssue({
            code: "custom",
            path: [index, "displayValue"],
            input: undefined,
            message:
              "must be a figure, an optional K, M, B or T (thousand, million, billion, trillion) and " +
              `"+", such as "160M+"; for minGems "${rank.minGems}" ${fix} [rule: label shows its ` +
              `threshold] (got ${quoted(rank.displayValue)})`,
          });
        } else if (said !== BigInt(rank.minGems)) {
          const says = said < 0n ? "a fraction of a gem" : `${groupDigits(said)} gems`;
          ctx.addIssue({
            code: "custom",
            path: [index, "displayValue"],
            input: undefined,
            message:
              `${quoted(rank.displayValue)} says ${says} but minGems is "${rank.minGems}" ` +
              `(${groupDigits(rank.minGems)} gems); ${fix} [rule: label shows its threshold]`,
          });
        }
      }
    });
  }),
);

export const RankList = describe(
  z.strictObject({
    name: describe(z.literal(PRODUCT_NAME), "Name of the calculator the ranks belong to."),
    dailyInterestRate: describe(z.literal(DAILY_INTEREST_RATE), "Daily interest rate as a decimal string."),
    ranks: describe(
      rankTable,
      "Rank thresholds, lowest first: the first starts at 0 gems and each next one is strictly higher.",
    ),
  }),
  { id: "RankList", description: "The rank thresholds over gem balances." },
);
export type RankList = z.infer<typeof RankList>;
