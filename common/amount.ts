/**
 * Amounts as people write them in the form (`1,000,000`, `1 000 000`, `250.000.000`, `2.75M`, `1.6b`,
 * `12k`, players' `2.5kk`, `1.6bn`, `250 million`, `2,5M`, `1.6B gems`, a rank's name or `2x Cosmic` as
 * the goal), converted exactly, by moving the decimal point in the digit string, to the plain decimal
 * string the tool's strict schema takes. What was read in a way the person may not expect is said back
 * (`how`); refusals are sentences for a form, naming the real mistake and the fix. The tools never read
 * this way: their schema stays strict (`common/input/`).
 */
import { closestName } from "./text/closest-name.ts";
import { exactOf, multiplyExact, shiftPoint } from "./engine/exact.ts";
import { numberFormat } from "./text/formats.ts";
import type { ExpRank } from "../contract/rank-list.ts";

/**
 * The words of each scale, by the power of ten it multiplies by, in players' words too: `kk` is a thousand
 * thousands. A word may be plural (`millions`).
 */
const SCALE_WORDS: Record<number, readonly string[]> = {
  3: ["k", "thousand"],
  6: ["kk", "m", "mn", "mil", "mill", "million"],
  9: ["b", "bn", "bil", "billion"],
  12: ["t", "tn", "trillion"],
};

/** Each scale word's power of ten: `million` → 6. */
const SCALE_EXPONENT = new Map(
  Object.entries(SCALE_WORDS).flatMap(([exponent, words]) =>
    words.map((word) => [word, Number(exponent)] as const),
  ),
);

/** A scale after a number, longest first so `kk` is not read as `k`; the `s` of a plural word. */
const SCALE = `(?:${[...SCALE_EXPONENT.keys()]
  .sort((a, b) => b.length - a.length)
  .map((word) => (word.length > 3 ? `${word}s?` : word))
  .join("|")})`;

const scaleExponent = (word: string) => SCALE_EXPONENT.get(word.toLowerCase().replace(/(?<=\w{4})s$/, ""))!;

/** Space characters a person or a pasted number may group digits with. */
const SPACE = "[ \\u00a0\\u202f]";

/**
 * Plain digits, digits grouped by commas, or digits grouped by spaces, with an optional `.fraction` (`2.`
 * reads as 2, as it does mid-typing).
 */
const NUMBER = new RegExp(`^(\\d+|\\d{1,3}(?:,\\d{3})+|\\d{1,3}(?:${SPACE}\\d{3})+)?(?:\\.(\\d*))?$`);

/** Digits grouped by dots, as much of Europe writes them: two dots or more cannot be a decimal point. */
const DOTTED = /^\d{1,3}(?:\.\d{3}){2,}$/;

/** `value` is a plain decimal string; `how` says how the text was read where that is not plain to see. */
export type AmountReading = { ok: true; value: string; how?: string } | { ok: false; message: string };

/** A decimal comma before one or two digits and a scale: `2,5M`, `1,25 B`; `2,500M` groups digits instead. */
const DECIMAL_COMMA = new RegExp(`^(\\d+),(\\d{1,2})(${SPACE}?${SCALE})$`, "i");

/** A trailing "gems" after the amount: `1.6B gems`. */
const GEMS_WORD = new RegExp(`^(.*\\d\\.?\\s*${SCALE}?)\\s*gems?$`, "i");

/**
 * Reads one amount as typed. An empty field is `{ ok: true, value: "" }`; the caller decides
 * whether the field is required. Range rules (more than 0, at most the maximum) stay with the schema.
 */
export function readAmount(typed: string): AmountReading {
  const withWord = typed.trim();
  const words = GEMS_WORD.exec(withWord);
  const comma = DECIMAL_COMMA.exec(words ? words[1]!.trim() : withWord);
  const text = comma ? `${comma[1]}.${comma[2]}${comma[3]}` : words ? words[1]!.trim() : withWord;
  const read = readPlain(text);
  if (read.ok && comma) return { ...read, how: "the comma as a decimal point" };
  return read.ok && DOTTED.test(text) ? { ...read, how: "the dots as thousands separators" } : read;
}

/** An amount without the word "gems" or a decimal comma. */
function readPlain(text: string): AmountReading {
  if (text === "") return { ok: true, value: "" };
  if (/^[-−]/.test(text)) return { ok: false, message: "cannot be negative" };
  const suffix = new RegExp(`^(.*?)${SPACE}?(${SCALE})$`, "i").exec(text);
  const number = suffix ? suffix[1]! : text;
  const exponent = suffix ? scaleExponent(suffix[2]!) : 0;
  const match = NUMBER.exec(DOTTED.test(number) ? number.replaceAll(".", "") : number);
  if (!match || !/\d/.test(number)) return { ok: false, message: refusal(number) };
  const whole = (match[1] ?? "0").replace(/\D/g, "");
  return { ok: true, value: shiftPoint(`${whole}.${match[2] ?? ""}`, exponent) };
}

/**
 * A gem amount, or for the goal (with `ranks`) a rank's name in any case, read as its threshold, or a
 * multiple of it (`2x Cosmic`, `2 × Cosmic`). A name near a rank's is offered as that rank.
 */
export function readGems(typed: string, ranks?: readonly ExpRank[]): AmountReading {
  if (!ranks) return readAmount(typed);
  const [, times, name] = /^(?:(\d+(?:\.\d+)?)\s*[x×]\s*)?(.*)$/i.exec(typed.trim())!;
  const rank = ranks.find((entry) => entry.name.toLowerCase() === name!.toLowerCase());
  if (rank && times)
    return { ok: true, value: multiplied(rank.minGems, times), how: `${times} × ${rank.name}'s minimum` };
  if (rank) return { ok: true, value: rank.minGems, how: `${rank.name}'s minimum` };
  const read = readAmount(typed);
  if (read.ok || !/^\p{L}[\p{L} -]*$/u.test(name!)) return read;
  const names = ranks.map((rank) => rank.name);
  const near = closestName(name!, names);
  if (near) return { ok: false, message: `is not a rank; did you mean ${near}?` };
  return { ok: false, message: `is not an amount or a rank; write one such as 2.75M or ${names.at(-1)}` };
}

/** `times` × `amount`, both plain decimal strings, exactly. */
function multiplied(amount: string, times: string): string {
  const { digits, places } = multiplyExact(exactOf(amount), exactOf(times));
  return shiftPoint(String(digits), -places);
}

/** The plain-language reason a number was not understood. */
function refusal(number: string): string {
  if (new RegExp(`\\d${SPACE}+\\d`).test(number))
    return "has a space that does not group digits in threes, as in 1 000 000";
  if (/^\d+,\d{1,2}$|,\d*\./.test(number) || /,\d{1,2}$/.test(number))
    return "uses a comma as the decimal point; write a point, such as 2.5";
  if (/,/.test(number)) return "has commas that do not group digits in threes, as in 1,000,000";
  if (/\de/i.test(number)) return "is not understood; write the digits or use k, M, B or T, as in 2.5M";
  // `2.5MM`: the number before the last scale is itself a whole amount with a scale.
  if (/\d\s?[kmbt]$/i.test(number) && readPlain(number).ok)
    return `has two suffixes; did you mean ${number}?`;
  return "is not a number; write it as in 2.75M or 1,000,000";
}

const SUPERSCRIPT = "⁰¹²³⁴⁵⁶⁷⁸⁹";

/**
 * A result amount at a glance: `2.77M`, `56.03B`, and still `0.00000001` for a tiny one. From a
 * quadrillion up, `3.61 × 10⁴⁷`, since compact notation stops at T. Rounded from the decimal string
 * to three significant digits; with `cut`, cut instead (never rounded up), so a balance below a
 * threshold never reads as the threshold.
 */
export function compactAmount(value: string, locale?: string, cut?: boolean): string {
  const number = value as Intl.StringNumericLiteral;
  const roundingMode = cut ? "trunc" : "halfExpand";
  if ((value.split(".")[0] ?? "").length < 16) {
    return numberFormat(locale, {
      notation: "compact",
      maximumSignificantDigits: 3,
      maximumFractionDigits: 2,
      roundingPriority: "morePrecision",
      roundingMode,
    }).format(number);
  }
  return scientificAmount(number, locale, 2, roundingMode);
}

/**
 * `3.05 × 10⁶⁷`, `2.5 × 10⁻⁹`: a large or tiny value as people read it, not as `3.05E67`. `1 × 10⁶⁰` is
 * written `10⁶⁰`. No-break spaces join the parts, so a line never breaks inside the number.
 */
export function scientificAmount(
  value: Intl.StringNumericLiteral | number,
  locale?: string,
  fractionDigits = 2,
  roundingMode: "trunc" | "halfExpand" = "halfExpand",
): string {
  const parts = numberFormat(locale, {
    notation: "scientific",
    maximumFractionDigits: fractionDigits,
    roundingMode,
  }).formatToParts(value);
  const mantissa = parts
    .filter((part) => !part.type.startsWith("exponent"))
    .map((part) => part.value)
    .join("");
  const exponent = parts.find((part) => part.type === "exponentInteger")?.value ?? "0";
  const sign = parts.some((part) => part.type === "exponentMinusSign") ? "⁻" : "";
  const power = `10${sign}${[...exponent].map((digit) => SUPERSCRIPT[Number(digit)]).join("")}`;
  return mantissa === "1" ? power : `${mantissa}\u00a0×\u00a0${power}`;
}
