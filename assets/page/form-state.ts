/**
 * The calculator's one state, and the one place that changes it: every part of the page (the form, the
 * goal's chips, the remembered balance, and any module that adds fields of its own) reads `state()` and
 * changes it through `update`, which then tells each part that `watch`es it, in the order they started.
 * What the page shows is drawn from the state; reading it writes nothing. A module joins by adding a
 * named input to the form (its text joins `typed`, the link and the kept query, under its name) and by
 * watching the state.
 *
 * The state's text form is a link's query, short and readable: `?gems=250m&goal=Radiant&time=90d`
 * (`queryOf`); the device keeps the same query (`form-remember.ts`). Every link made before reads as it
 * did (`stateOf`): the tool's field names, each time field in its own unit, `seconds`, `until` and `at`.
 */
import { DURATION_UNITS } from "../../common/engine/duration.ts";
import { readDuration, WORDS } from "../../common/duration-text.ts";
import { isCalendarDate, linkMoment } from "./calendar-date.ts";

/** The one time field, the target date's field and a link's moment of calculation. */
export const PERIOD = "period";
export const UNTIL = "until";
export const AT = "at";

export interface FormState {
  /** Each field's text as typed, by the field's name (`currentGems`, `period`, …); absent or "" when empty. */
  readonly typed: Readonly<Record<string, string>>;
  /** The moment a link was calculated at, until a field is edited; null: now. */
  readonly pinned: number | null;
  /** Whether a link's `until` was not a date, until a field is edited. */
  readonly badDate: boolean;
  /** The fields the player is done with (left, paused in, or Calculate), whose problems show. */
  readonly judged: ReadonlySet<string>;
}

/**
 * Why the state changed: a field `edit`ed (typed, or set by a chip); a field `judge`d; `calculate` (Calculate
 * or Enter); a `link` opened; a `load` without a link (Reset, a return visit, what was typed before the start).
 */
export type Cause = "edit" | "judge" | "calculate" | "link" | "load";
export type Watcher = (state: FormState, cause: Cause, field: string) => void;

let current: FormState = { typed: {}, pinned: null, badDate: false, judged: new Set() };
const watchers: Watcher[] = [];

export const state = (): FormState => current;

/** The one writer: applies `change` and tells every watcher, `field` naming the field edited or judged. */
export function update(change: Partial<FormState>, cause: Cause, field = ""): void {
  current = { ...current, ...change };
  for (const watcher of watchers) watcher(current, cause, field);
}

export const watch = (watcher: Watcher) => void watchers.push(watcher);

/** The player changed a field: it counts from now and waits to be judged again. */
export function edit(field: string, text: string): void {
  const judged = new Set(current.judged);
  judged.delete(field);
  update({ typed: { ...current.typed, [field]: text }, pinned: null, badDate: false, judged }, "edit", field);
}

/** Each field's key in a link, where it is not the field's name. */
const KEYS: Record<string, string> = {
  currentGems: "gems",
  goalGems: "goal",
  additionalGems: "earn",
  period: "time",
};
const keyOf = (field: string) => KEYS[field] ?? field;
/** Characters a field takes: a pasted megabyte never reaches the reader. */
const MAX_LENGTH = 100;

/** The query of the `fields` of `typed`, short: a time as `1y6mo`, every other field as typed. */
export function queryOf(typed: FormState["typed"], fields: readonly string[]): string {
  const query = new URLSearchParams();
  for (const field of fields) {
    let text = typed[field]?.trim() ?? "";
    const time = field === PERIOD && readDuration(text);
    if (time && time.ok)
      text = DURATION_UNITS.map((unit) => time.parts[unit] && time.parts[unit] + WORDS[unit][0]).join("");
    if (text) query.set(keyOf(field), text);
  }
  return query.toString();
}

/** The state a query gives `fields` (a link's, or the kept one): a time in words, an `until` not a date refused. */
export function stateOf(
  search: string,
  fields: readonly string[],
): Pick<FormState, "typed" | "pinned" | "badDate"> {
  const query = new URLSearchParams(search);
  const typed: Record<string, string> = {};
  for (const field of fields) {
    const text = query.get(keyOf(field)) ?? query.get(field);
    if (text) typed[field] = text.slice(0, MAX_LENGTH + 1);
  }
  // A link made before the one time field holds each unit apart (`days=30&hours=2`, a date as `seconds`),
  // each a number, digits grouped or not, or with its own unit (`90d`), as the page checked it then.
  typed[PERIOD] ??= [...DURATION_UNITS, "weeks"]
    .flatMap((unit) => {
      const text = query.get(unit)?.replace(/(\d)[, ](?=\d{3})/g, "$1");
      return text ? [/[a-z]$/i.test(text) ? text : `${text} ${unit}`] : [];
    })
    .join(" ");
  const time = readDuration(typed[PERIOD]);
  if (time.ok) typed[PERIOD] = time.said;
  const badDate = Boolean(typed[UNTIL]) && !isCalendarDate(typed[UNTIL]!);
  if (badDate) delete typed[UNTIL];
  return { typed, pinned: linkMoment(query.get(AT) ?? ""), badDate };
}
