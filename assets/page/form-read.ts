/**
 * Reading the fields: amounts as people write them (`2.75M`, a rank's name), the one time field (`1y 6mo`),
 * the target date as seconds from now, and the URL query they live in under the tool's field names.
 */
import type { ExpRank } from "../../contract/rank-list.ts";
import { DURATION_UNITS } from "../../common/engine/duration.ts";
import { readDuration } from "../../common/duration-text.ts";
import { readGems, readTime } from "../../common/amount.ts";
import { isCalendarDate, linkMoment } from "./calendar-date.ts";
import { counted, lang, waitText } from "./form-words.ts";

/** The target date's field (a query parameter the page still reads); the one time field; a link's moment. */
export const UNTIL = "until";
export const PERIOD = "period";
export const AT = "at";
/** Characters a field takes: a pasted megabyte never reaches the reader or the URL. */
const MAX_LENGTH = 100;
const NOT_A_DATE = "is not a date; pick one from the calendar";

export type Problem = { field: string; message: string };

export interface Reading {
  values: Record<string, string>;
  problems: Problem[];
  notes: Record<string, string>;
  until: Date | null;
}

/** Why a link's `until` could not be read; whether the time was typed in the one time field. */
export const formState = { untilProblem: "", periodTyped: false };

/** The tool's fields and the date: every named field but the one time field. */
export const inputs = (form: HTMLFormElement) =>
  Array.from(form.elements).filter(
    (element): element is HTMLInputElement =>
      element instanceof HTMLInputElement && element.name !== "" && element.name !== PERIOD,
  );

export const fieldOf = (form: HTMLFormElement, name: string) =>
  form.elements.namedItem(name) as HTMLInputElement;

export const labelOf = (form: HTMLFormElement, field: string) =>
  form.querySelector(`label[for="calculator-${field}"]`)?.firstChild?.textContent?.trim() || "the time";

/** Reads every field as a person wrote it, with the target date turned into seconds from `now`. */
export function readForm(form: HTMLFormElement, now: number, ranks: readonly ExpRank[]): Reading {
  const reading: Reading = { values: {}, problems: [], notes: {}, until: null };
  const problem = (field: string, message: string) => reading.problems.push({ field, message });
  const times: string[] = [];
  for (const input of inputs(form)) {
    if (input.name === UNTIL) continue;
    const text = input.value.trim();
    const unit = DURATION_UNITS.find((name) => name === input.name);
    const read = unit ? readTime(text, unit) : readGems(text, input.name === "goalGems" ? ranks : undefined);
    if (!read.ok) problem(input.name, read.message);
    else if (read.value !== "") {
      reading.values[input.name] = read.value;
      if (unit) times.push(counted(read.value, unit.slice(0, -1)));
      else
        reading.notes[input.name] =
          `Read as ${counted(read.value, "gem")}${read.how ? ` (${read.how})` : ""}.`;
    }
  }
  if (times.length) reading.notes.time = `Read as ${times.join(" ")}.`;
  const period = fieldOf(form, PERIOD);
  // Unless typed in, the one time field shows what the time fields hold.
  if (!formState.periodTyped) period.value = times.join(" ");
  else {
    const read = readDuration(period.value);
    if (!read.ok) problem(PERIOD, read.message);
    else if (read.said) {
      const days = new Intl.NumberFormat(lang(), { maximumFractionDigits: 2 }).format(read.days);
      const total = read.days >= 1 && !/^\S+ days?$/.test(read.said) ? ` = ${days} days` : "";
      reading.notes[PERIOD] = `Read as ${read.said}${total}.`;
    }
  }
  const until = fieldOf(form, UNTIL);
  if (until.value !== "" || formState.untilProblem) {
    // A date alone is the start of that day, local time: `new Date("2030-01-01")` would be UTC.
    const [year, month, day] = until.value.split("-").map(Number);
    const date = new Date(year!, month! - 1, day);
    const seconds = Math.round((date.getTime() - now) / 1000);
    if (formState.untilProblem || Number.isNaN(seconds) || !/^\d{4,}-\d\d-\d\d$/.test(until.value))
      problem(UNTIL, formState.untilProblem || NOT_A_DATE);
    else if (times.length) problem(UNTIL, "cannot be combined with a time; clear the time or the date");
    else if (seconds <= 0) problem(UNTIL, "has passed; pick a later day");
    else {
      reading.until = date;
      reading.values.seconds = String(seconds);
      reading.notes[UNTIL] = `Counted from 00:00 that day, your time: ${waitText(seconds)} from now.`;
    }
  }
  return reading;
}

/** The query string of the fields as typed, under the tool's field names; a target date as its seconds. */
export function queryOf(form: HTMLFormElement, reading: Reading): string {
  const query = new URLSearchParams();
  for (const input of inputs(form))
    if (input.name !== UNTIL && input.value.trim() !== "") query.set(input.name, input.value.trim());
  if (reading.until) query.set("seconds", reading.values.seconds!);
  return query.toString();
}

/** Fills the form from a query (an `until` not a date is an error); returns the link's moment (`at`), or null. */
export function fillFrom(form: HTMLFormElement, search: string): number | null {
  const query = new URLSearchParams(search);
  const cut = (name: string) => query.get(name)?.slice(0, MAX_LENGTH + 1) ?? "";
  const date = isCalendarDate(cut(UNTIL));
  for (const input of inputs(form))
    input.value = input.name === UNTIL ? (date ? cut(UNTIL) : "") : cut(input.name);
  formState.untilProblem = cut(UNTIL) && !date ? `in the link ${NOT_A_DATE}` : "";
  formState.periodTyped = false;
  return linkMoment(query.get(AT) ?? "");
}
