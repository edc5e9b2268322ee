/**
 * What the player asked, remembered on this device only (localStorage, nothing sent): the fields as
 * the link carries them (`gems=250m&goal=Radiant&time=90d`) and the moment the balance was kept
 * (`kept=`, milliseconds since 1970). On a visit without a link the balance comes back grown to now,
 * as if untouched, with the goal and the time; Forget beside the balance drops it. Where storage is
 * refused (private browsing, a full quota), nothing is kept.
 */
import type { ExpRank } from "../../contract/rank-list.ts";
import { calculateGrowth } from "../../common/engine/calculate.ts";
import { readGems } from "../../common/amount.ts";
import { CALCULATE_LIMITS } from "../../common/input/input-rules.ts";
import { KEPT_KEY as KEY } from "./kept-key.ts";
import { edit, state, stateOf } from "./form-state.ts";

function read(): URLSearchParams {
  try {
    // Before the goal and the time were kept, the key held the balance alone, as typed.
    const kept = localStorage.getItem(KEY) ?? "";
    return new URLSearchParams(
      !kept || kept.includes("=") ? kept : `currentGems=${encodeURIComponent(kept)}`,
    );
  } catch {
    return new URLSearchParams();
  }
}

function write(kept: string | null): void {
  try {
    if (kept) localStorage.setItem(KEY, kept);
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused: nothing is kept.
  }
}

/**
 * The kept `fields` with the balance grown from when it was kept to `now` at the bank's rate, exactly
 * (8 decimals, trailing zeros dropped); null when nothing readable is kept. A balance kept alone, by
 * the page before it kept the moment, comes back as it was. Returned: what was kept and when, what
 * the field shows now (`grown`), whether it grew (`moved`: a minute or more since), and the fields to fill.
 */
export function returned(now: number, ranks: readonly ExpRank[], fields: readonly string[]) {
  const query = read();
  const at = Number(query.get("kept") || NaN);
  const typed = { ...stateOf(query.toString(), fields).typed };
  const balance = readGems(typed.currentGems ?? "");
  if (!balance.ok || !(Number(balance.value) > 0)) return null;
  const seconds = Math.floor((now - at) / 1000);
  // Within a minute (a reload) the balance stays as typed.
  const moved = seconds >= 60 && seconds <= CALCULATE_LIMITS.maxDurationDays * 86_400;
  if (moved) {
    const result = calculateGrowth({ currentGems: balance.value, seconds: String(seconds) }, ranks);
    typed.currentGems = result.futureGems.replace(/\.?0+$/, "");
  }
  return { kept: balance.value, at, grown: typed.currentGems!, moved, typed };
}

/**
 * Wires Forget (it drops what is kept, and the balance it `filled` in, then `focus`es the field); returns
 * how to keep a query.
 */
export function mountRemember(
  forget: HTMLButtonElement,
  filled: string | null,
  focus: () => void,
): (query: string) => void {
  // Hidden, Forget keeps its place in the label row (calculator.css), so it appears without a jump.
  const show = () => (forget.hidden = read().size === 0);
  show();
  forget.addEventListener("click", () => {
    write(null);
    show();
    if (filled !== null && state().typed.currentGems?.trim() === filled) edit("currentGems", "");
    focus();
  });
  return (query) => {
    write(`${query}&kept=${Date.now()}`);
    show();
  };
}
