/**
 * A time to grow as players write it in one field: `90 days`, `1y 6mo`, `2h 30m`, `3 months`,
 * `1 week 2 days`, units in any order, each at most once, parted by spaces, commas or "and". It is
 * read into the tool's own duration fields (a week as 7 days); the total in days it says back uses
 * the contract's constants (a year is 365 days, a month 30 days). Refusals name the mistake and
 * the fix, in a sentence that follows the field's label.
 */
import { DURATION_UNITS, durationDays, type DurationUnit } from "./engine/duration.ts";
import { addExact, exactOf, multiplyExact, ratioToFixed8, shiftPoint } from "./engine/exact.ts";

type Unit = DurationUnit | "weeks";

/**
 * Every way a unit is written, lower case, shortest first (a link writes that one: `1y6mo`); `m` is
 * minutes (`2h 30m`), `mo` months.
 */
export const WORDS: Record<Unit, readonly [string, ...string[]]> = {
  years: ["y", "yr", "yrs", "year", "years"],
  months: ["mo", "mos", "mon", "mth", "mths", "month", "months"],
  weeks: ["w", "wk", "wks", "week", "weeks"],
  days: ["d", "day", "days"],
  hours: ["h", "hr", "hrs", "hour", "hours"],
  minutes: ["m", "min", "mins", "minute", "minutes"],
  seconds: ["s", "sec", "secs", "second", "seconds"],
};

const ORDER: readonly Unit[] = ["years", "months", "weeks", "days", "hours", "minutes", "seconds"];

export type DurationReading =
  | {
      ok: true;
      /** The tool's fields, as plain decimal strings: `{ years: "1", months: "6" }`. */
      parts: Partial<Record<DurationUnit, string>>;
      /** What was read, in words: `1 year 6 months`; empty for an empty field. */
      said: string;
      /** The total in days. */
      days: number;
    }
  | { ok: false; message: string };

const unitOf = (word: string) => ORDER.find((unit) => WORDS[unit].includes(word));
const counted = (count: string, unit: Unit) => `${count} ${count === "1" ? unit.slice(0, -1) : unit}`;
/** A number as the tool takes it: `07` → `7`, `.5` → `0.5`, `1.50` → `1.5`. */
const plain = (number: string) => shiftPoint(number, 0);

/** Reads a duration as typed; an empty field reads as no time at all. */
export function readDuration(typed: string): DurationReading {
  const text = typed.trim();
  if (!/\d|[a-z]/i.test(text)) return text ? refuse() : { ok: true, parts: {}, said: "", days: 0 };
  if (/^[-−]/.test(text)) return { ok: false, message: "cannot be negative" };
  if (/\d\s*M(?![a-zA-Z])/.test(text))
    return { ok: false, message: "has M, which could be months or minutes; write mo or min" };
  const tokens = text
    .toLowerCase()
    .replace(/\band\b|[,+]/g, " ")
    .match(/\d+\.\d*|\.\d+|\d+|[a-z]+|\S/g)!;
  const read = new Map<Unit, string>();
  for (let index = 0; index < tokens.length; index += 2) {
    const [number, word] = [tokens[index]!, tokens[index + 1]];
    if (!/\d/.test(number))
      return unitOf(number)
        ? { ok: false, message: `has "${number}" without a number; write one before it, such as 3 ${number}` }
        : refuse();
    if (word === undefined || /\d/.test(word)) {
      // After a unit, a bare number is most likely the next smaller one: `1y 6` is 6 months.
      const last = [...read.keys()].at(-1);
      const next = last && ORDER.slice(ORDER.indexOf(last) + 1).find((unit) => unit !== "weeks");
      return {
        ok: false,
        message: `needs a unit after ${number}; did you mean ${counted(plain(number), next || "days")}?`,
      };
    }
    const unit = unitOf(word);
    if (!unit)
      return { ok: false, message: `has "${word.slice(0, 12)}", not a unit; use y, mo, w, d, h, m or s` };
    if (read.has(unit)) return { ok: false, message: `names ${unit} twice; write each unit once` };
    read.set(unit, plain(number));
  }
  const parts: Partial<Record<DurationUnit, string>> = {};
  for (const [unit, count] of read) if (unit !== "weeks") parts[unit] = count;
  const weeks = read.get("weeks");
  if (weeks) {
    // Weeks join the days, exactly: `1.5 weeks 1 day` is 11.5 days.
    const days = addExact(multiplyExact(exactOf(weeks), exactOf(7)), exactOf(parts.days ?? "0"));
    parts.days = shiftPoint(String(days.digits), -days.places);
  }
  const said = ORDER.filter((unit) => read.has(unit))
    .map((unit) => counted(read.get(unit)!, unit))
    .join(" ");
  const ordered = DURATION_UNITS.flatMap((unit) => (parts[unit] ? [[unit, parts[unit]]] : []));
  // The total as the tools count it, exactly, then to 8 decimals as a number for the note.
  const { numerator, denominator } = durationDays(parts);
  return {
    ok: true,
    parts: Object.fromEntries(ordered),
    said,
    days: Number(ratioToFixed8(numerator, denominator)),
  };
}

function refuse(): DurationReading {
  return { ok: false, message: "is not a time; write it such as 90 days, 1y 6mo or 2h 30m" };
}
