/**
 * Judging the fields with the tool's own input schema; each problem is said in its field's slot, naming the
 * mistake and the fix: "Current gems is 0; enter more than 0 gems."
 */
import type { CalculateInput } from "../../contract/calculate-input.ts";
import { safeParseCalculateInput } from "../../common/input/check-input.ts";
import { AMOUNT_RULES, boundsText, durationTotalMistake, inRange } from "../../common/input/input-rules.ts";
import { DURATION_UNITS } from "../../common/engine/duration.ts";
import { groupDigits } from "../../common/text/group-digits.ts";
import { labelOf, type Problem, type Reading } from "./form-read.ts";
import { PERIOD, UNTIL } from "./form-state.ts";
import { put } from "./form-words.ts";

const TIMES: readonly string[] = DURATION_UNITS;

/**
 * A schema message fit for a form: long numbers grouped, a 0 named, a time's unit said, a number too long
 * to look at judged by its range (too large, or too many decimals), string rules in plain words.
 */
function formMessage(message: string, field: string, value: string | undefined): string {
  const rule = AMOUNT_RULES.find((entry) => entry.field === field)!;
  if (/characters long/.test(message))
    message = inRange(value!, rule)
      ? message.replace(/.* (\d+)$/, "has over $1 characters; use fewer decimals")
      : `must be ${boundsText(rule)}`;
  if (TIMES.includes(field)) message = message.replace(/at least 0 and (at most \S+)/, `$1 ${field}`);
  if (/^must be greater than 0/.test(message))
    message =
      Number(value) === 0 ? "is 0; enter more than 0 gems" : message.replace(/greater than 0 and /, "");
  return message.replace(/(?<![\d.])\d{5,}/g, (digits) => groupDigits(digits));
}

/** Checks a reading with the tool's schema; every problem is named by the field that shows it. */
export function validate(reading: Reading): { input: CalculateInput | null; problems: Problem[] } {
  const parsed = safeParseCalculateInput(reading.values);
  if (parsed.success && reading.problems.length === 0) return { input: parsed.data, problems: [] };
  // A field the page could not read has its problem already; the schema reports every other one.
  const unreadable = new Set(reading.problems.map((problem) => problem.field));
  const schemaProblems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const named = typeof issue.path[0] === "string" ? issue.path[0] : "duration";
        // The total follows the time field's label: "Time to grow is …"; a date's seconds are the date's.
        const total = named === "duration" && durationTotalMistake(reading.values, "is");
        const time = named === "duration" || TIMES.includes(named);
        return {
          field: reading.until && named === "seconds" ? UNTIL : time ? PERIOD : named,
          message: formMessage(total || issue.message, named, reading.values[named]),
        };
      });
  const problems = [
    ...reading.problems,
    ...schemaProblems.filter((problem) => !unreadable.has(problem.field)),
  ];
  for (const { field } of problems) delete reading.notes[field]; // a value refused is not said back as read
  return { input: null, problems };
}

/** Shows each problem in its field's slot (the plan's slots are `plan-error`), marks the field, returns the first. */
export function showProblems(form: HTMLFormElement, problems: readonly Problem[], slots = "field-error") {
  let first: HTMLInputElement | null = null;
  for (const slot of Array.from(form.querySelectorAll<HTMLElement>(`.${slots}`))) {
    const field = slot.id.replace(/^calculator-|-error$/g, "");
    const problem = problems.find((entry) => entry.field === field);
    // Every message follows its field's label: "Current gems is 0; …".
    put(slot, problem ? `${labelOf(form, field)} ${problem.message}`.replace(/[^.?]$/, "$&.") : "");
    slot.hidden = !problem;
    const input = form.elements.namedItem(field);
    if (!(input instanceof HTMLInputElement)) continue;
    if (problem) {
      input.setAttribute("aria-invalid", "true");
      first ??= input;
    } else input.removeAttribute("aria-invalid");
  }
  return first;
}

/** Shows each field's reading in its slot (`slots`: the plan's are `plan-read`). */
export function showNotes(form: HTMLFormElement, notes: Record<string, string>, slots = "field-read"): void {
  for (const slot of Array.from(form.querySelectorAll<HTMLElement>(`.${slots}`)))
    put(slot, notes[slot.id.replace(/^calculator-|-read$/g, "")] ?? "");
}
