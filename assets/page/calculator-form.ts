/**
 * The homepage calculator for people: reads the form, checks it with the tool's input schema,
 * runs the same engine and shows the result. Errors appear next to their field and focus moves to
 * the first one; the result region is `aria-live`, so screen readers announce it.
 */
import { CalculateInput } from "../contract/calculate-input.ts";
import type { CalculateOutput } from "../contract/calculate-output.ts";
import type { ExpRank } from "../contract/rank-list.ts";
import { calculateGrowth } from "../engine/calculate.ts";
import { toDecimal } from "../engine/decimal.ts";

/** Grouped digits and at least two decimals, formatted exactly from the decimal string. */
function gemsFormat(): Intl.NumberFormat {
  return new Intl.NumberFormat(document.documentElement.lang || undefined, { minimumFractionDigits: 2, maximumFractionDigits: 8 });
}

/** The label the form shows for an input ("Current gems" for `currentGems`), read from the page. */
function labelOf(form: HTMLFormElement, field: string): string {
  return form.querySelector(`label[for="calculator-${field}"]`)?.textContent?.trim() || field;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Digits grouped in threes by commas, as a person may type a large amount: `1,000,000.5`. */
const GROUPED_DIGITS = /^\d{1,3}(,\d{3})+(\.\d+)?$/;

/**
 * The form's non-empty values, with spaces and thousands separators dropped. Any other comma is
 * kept, so "2,5" is reported as not a decimal number instead of read as 25.
 */
function readValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement) || !element.name) continue;
    const typed = element.value.replace(/\s/g, "");
    const value = GROUPED_DIGITS.test(typed) ? typed.replace(/,/g, "") : typed;
    if (value !== "") values[element.name] = value;
  }
  return values;
}

function errorSlot(form: HTMLFormElement, field: string): HTMLElement | null {
  return form.querySelector<HTMLElement>(`#calculator-${field}-error`);
}

function clearErrors(form: HTMLFormElement): void {
  for (const slot of Array.from(form.querySelectorAll<HTMLElement>(".field-error"))) {
    slot.textContent = "";
    slot.hidden = true;
  }
  for (const input of Array.from(form.querySelectorAll("input[aria-invalid]"))) input.removeAttribute("aria-invalid");
}

/** Shows each problem next to its field (a rule across the time fields under them) and focuses the first field. */
function showErrors(form: HTMLFormElement, issues: readonly { path: readonly PropertyKey[]; message: string }[]): void {
  let first: HTMLInputElement | null = null;
  for (const issue of issues) {
    const field = typeof issue.path[0] === "string" ? issue.path[0] : null;
    const slot = errorSlot(form, field ?? "duration");
    if (!slot) continue;
    slot.textContent = field ? `${labelOf(form, field)} ${issue.message}.` : `${capitalized(issue.message)}.`;
    slot.hidden = false;
    const input = field ? form.elements.namedItem(field) : form.querySelector('input[name="years"]');
    if (input instanceof HTMLInputElement) {
      input.setAttribute("aria-invalid", "true");
      first ??= input;
    }
  }
  first?.focus();
}

const rankText = (rank: ExpRank) => `${rank.name} (${rank.displayValue})`;

function showResult(region: HTMLElement, input: CalculateInput, result: CalculateOutput): void {
  const format = gemsFormat();
  const set = (name: string, text: string, value?: string) => {
    const element = region.querySelector<HTMLElement>(`[data-result="${name}"]`);
    if (!element) return;
    element.textContent = text;
    if (value !== undefined) element.setAttribute("value", value);
  };
  const gems = (name: keyof CalculateOutput) => {
    const value = String(result[name]);
    set(name, format.format(value as Intl.StringNumericLiteral), value);
  };
  for (const name of ["futureGems", "profit", "profitPercent", "profitPerDay", "profitPerHour"] as const) gems(name);
  set("currentRank", rankText(result.currentRank));
  set("futureRank", rankText(result.futureRank));
  const next = result.nextRank;
  set(
    "nextRank",
    next
      ? `${rankText(next)}: ${format.format(next.gemsNeeded as Intl.StringNumericLiteral)} more gems, reached in ${next.duration.text}`
      : "None: the current balance holds the top rank",
  );
  const goal = result.goal;
  const additional = result.additional;
  // Compared exactly: a goal a hair above the balance is not reached yet, however it rounds.
  const goalHeld = input.goalGems !== undefined && toDecimal(input.goalGems).lte(toDecimal(input.currentGems));
  set("goal", goal ? (goalHeld ? "Already reached" : `${goal.duration.text} (${goal.reached ? "reached" : "not reached"} within the time given)`) : "");
  set("additional", additional ? additional.duration.text : "");
  for (const row of Array.from(region.querySelectorAll<HTMLElement>("[data-result-row]"))) {
    row.hidden = result[row.dataset.resultRow as "goal" | "additional"] === null;
  }
  region.querySelector<HTMLElement>("[data-result-empty]")?.setAttribute("hidden", "");
  region.querySelector<HTMLElement>("[data-result-list]")?.removeAttribute("hidden");
}

export function mountCalculatorForm(form: HTMLFormElement, ranks: readonly ExpRank[]): void {
  const region = document.getElementById("calculator-result");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    clearErrors(form);
    const parsed = CalculateInput.safeParse(readValues(form));
    if (!parsed.success) {
      showErrors(form, parsed.error.issues);
      return;
    }
    if (region) showResult(region, parsed.data, calculateGrowth(parsed.data, ranks));
  });
}
