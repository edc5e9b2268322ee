/**
 * Reading the state's fields: amounts as people write them (`2.75M`, a rank's name), the one time field
 * (`1y 6mo`) into the tool's time fields, the target date as seconds from now. Reading writes nothing.
 */
import type { ExpRank } from "../../contract/rank-list.ts";
import { readDuration } from "../../common/duration-text.ts";
import { readGems } from "../../common/amount.ts";
import { counted, figureText, waitText } from "./form-words.ts";
import { PERIOD, UNTIL, type FormState } from "./form-state.ts";

const NOT_A_DATE = "is not a date; pick one from the calendar";
/** The tool's amount fields. */
const GEMS = ["currentGems", "goalGems", "additionalGems"];

export type Problem = { field: string; message: string };

export interface Reading {
  values: Record<string, string>;
  problems: Problem[];
  notes: Record<string, string>;
  until: Date | null;
}

export const labelOf = (form: HTMLFormElement, field: string) =>
  form.querySelector(`label[for="calculator-${field}"]`)?.firstChild?.textContent?.trim() || field;

/** Reads every field as a person wrote it, with the target date turned into seconds from `now`. */
export function readForm({ typed, badDate }: FormState, now: number, ranks: readonly ExpRank[]): Reading {
  const reading: Reading = { values: {}, problems: [], notes: {}, until: null };
  const problem = (field: string, message: string) => reading.problems.push({ field, message });
  for (const field of GEMS) {
    const read = readGems(typed[field]?.trim() ?? "", field === "goalGems" ? ranks : undefined);
    if (!read.ok) problem(field, read.message);
    else if (read.value !== "") {
      reading.values[field] = read.value;
      reading.notes[field] = `Read as ${counted(read.value, "gem")}${read.how ? ` (${read.how})` : ""}.`;
    }
  }
  const time = readDuration(typed[PERIOD] ?? "");
  if (!time.ok) problem(PERIOD, time.message);
  else if (time.said) {
    Object.assign(reading.values, time.parts);
    const days = figureText(time.days, { maximumFractionDigits: 2 });
    const total = time.days >= 1 && !/^\S+ days?$/.test(time.said) ? ` = ${days} days` : "";
    reading.notes[PERIOD] = `Read as ${time.said}${total}.`;
  }
  const until = typed[UNTIL] ?? "";
  if (until !== "" || badDate) {
    // A date alone is the start of that day, local time: `new Date("2030-01-01")` would be UTC.
    const [year, month, day] = until.split("-").map(Number);
    const date = new Date(year!, month! - 1, day);
    const seconds = Math.round((date.getTime() - now) / 1000);
    if (badDate || Number.isNaN(seconds) || !/^\d{4,}-\d\d-\d\d$/.test(until))
      problem(UNTIL, badDate ? `in the link ${NOT_A_DATE}` : NOT_A_DATE);
    else if (time.ok && time.said)
      problem(UNTIL, "cannot be combined with a time; clear the time or the date");
    else if (seconds <= 0) problem(UNTIL, "has passed; pick a later day");
    else {
      reading.until = date;
      reading.values.seconds = String(seconds);
      reading.notes[UNTIL] = `Counted from 00:00 that day, your time: ${waitText(seconds)} from now.`;
    }
  }
  return reading;
}
