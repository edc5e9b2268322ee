/** The words and figures every part of the form writes: dates, waits, counts and amounts. */
import { compactAmount, scientificAmount } from "../../common/amount.ts";
import { groupDigits } from "../../common/text/group-digits.ts";
import { dateFormat, numberFormat } from "../../common/text/formats.ts";

export const lang = () => document.documentElement.lang || undefined;
/** A date as the answer names it: "Oct 19, 2032". */
export const dateText = (date: Date | number) => dateFormat(lang(), { dateStyle: "medium" }).format(date);
/** `value` as the page's language writes it with `options`. */
export const figureText = (value: string | number, options: Intl.NumberFormatOptions) =>
  numberFormat(lang(), options).format(value as Intl.StringNumericLiteral);
/** A compact amount; `cut` for a balance, and the gain beside it: never rounded up to one it has not reached. */
export const compactGems = (value: string, cut?: boolean) => compactAmount(value, lang(), cut);
/** "3 days", "1 year": a count with its unit, singular for exactly 1. */
export const counted = (count: number | string, unit: string) =>
  `${groupDigits(count)} ${count == 1 ? unit : `${unit}s`}`;

/**
 * Puts `content` in `parent` unless it is there already: an answer given again (Calculate after typing)
 * changes no element, so the browser has no style or layout to redo.
 */
export function put(parent: Element, ...content: (string | Node)[]): void {
  const next = parent.cloneNode() as Element;
  next.append(...content);
  next.normalize(); // no empty text, as `textContent = ""` leaves none
  if (!next.isEqualNode(parent)) parent.replaceChildren(...next.childNodes);
}

/** A percentage, cut as the balance beside it: two decimals (one digit below 0.01), a power of ten past a million. */
export function percentText(percent: string): string {
  const value = Number(percent);
  if (value >= 1e6) return scientificAmount(percent as Intl.StringNumericLiteral, lang(), 2, "trunc");
  const digits = value > 0 && value < 0.01 ? { maximumSignificantDigits: 1 } : { maximumFractionDigits: 2 };
  return figureText(percent, { ...digits, roundingMode: "trunc" });
}

/** How a wait of at least `from` seconds is told, rounded to the smaller unit (a month: 1/12 of a mean year). */
const WAIT_UNITS = [
  { from: 2629746, unit: "month", size: 2629746, larger: "year", per: 12 },
  { from: 86400, unit: "hour", size: 3600, larger: "day", per: 24 },
  { from: 3600, unit: "minute", size: 60, larger: "hour", per: 60 },
  { from: 0, unit: "second", size: 1, larger: "minute", per: 60 },
];

/** "5 years 11 months", "3 days 4 hours", "1 second": a wait in its two largest units. */
export function waitText(seconds: number): string {
  const { unit, size, larger, per } = WAIT_UNITS.find((wait) => seconds >= wait.from)!;
  const count = Math.round(seconds / size);
  const parts: string[] = [];
  if (count >= per) parts.push(counted(Math.floor(count / per), larger));
  if (count % per) parts.push(counted(count % per, unit));
  return parts.join(" ");
}
