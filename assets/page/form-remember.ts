/**
 * What the player asked, remembered on this device only (localStorage, nothing sent): the fields as
 * the link would carry them (`currentGems=250m&goalGems=Radiant&days=90`) and the moment the balance
 * was kept. On a visit without a link the balance comes back grown to now, as if untouched, with the
 * goal and the time; Forget beside the balance drops it. Where storage is refused (private browsing,
 * a full quota), nothing is kept.
 */
import type { ExpRank } from "../../contract/rank-list.ts";
import { calculateGrowth } from "../../common/engine/calculate.ts";
import { readGems } from "../../common/amount.ts";
import { CALCULATE_LIMITS } from "../../common/input/input-rules.ts";
import { KEPT_KEY as KEY } from "./kept-key.ts";

/** The fields as the link carries them, with the moment they were kept (`kept=`, milliseconds since 1970). */
export type Kept = URLSearchParams;

/**
 * A kept balance grown to now: what was kept, what the field shows now, whether it grew (a minute or
 * more since), and the fields to fill.
 */
export type Returned = { kept: string; at: number; grown: string; moved: boolean; query: string };

function read(): Kept {
  try {
    // Before the goal and the time were kept, the key held the balance alone, as typed.
    const kept = localStorage.getItem(KEY) ?? "";
    return new URLSearchParams(kept.includes("=") ? kept : `currentGems=${encodeURIComponent(kept)}`);
  } catch {
    return new URLSearchParams();
  }
}

function write(kept: Kept | null): void {
  try {
    if (kept) localStorage.setItem(KEY, kept.toString());
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused: nothing is kept.
  }
}

/**
 * The kept fields with the balance grown from when it was kept to `now` at the bank's rate, exactly
 * (8 decimals, trailing zeros dropped); null when nothing readable is kept. A balance kept alone, by
 * the page before it kept the moment, comes back as it was.
 */
export function returned(now: number, ranks: readonly ExpRank[]): Returned | null {
  const query = read();
  const at = Number(query.get("kept") || NaN);
  query.delete("kept");
  const balance = readGems(query.get("currentGems") ?? "");
  if (!balance.ok || !(Number(balance.value) > 0)) return null;
  const seconds = Math.floor((now - at) / 1000);
  // Within a minute (a reload) the balance stays as typed.
  const moved = seconds >= 60 && seconds <= CALCULATE_LIMITS.maxDurationDays * 86_400;
  if (moved) {
    const result = calculateGrowth({ currentGems: balance.value, seconds: String(seconds) }, ranks);
    query.set("currentGems", result.futureGems.replace(/\.?0+$/, ""));
  }
  return { kept: balance.value, at, grown: query.get("currentGems")!, moved, query: query.toString() };
}

/** Wires Forget (it drops what is kept, and the balance it filled in); returns how to keep the fields. */
export function mountRemember(
  field: HTMLInputElement,
  forget: HTMLButtonElement,
  filled: string | null,
): (kept: Kept) => void {
  // Hidden, Forget keeps its place in the label row (calculator.css), so it appears without a jump.
  const show = () => (forget.hidden = !read().has("currentGems"));
  show();
  forget.addEventListener("click", () => {
    if (filled !== null && field.value.trim() === filled) field.value = "";
    write(null);
    show();
    field.focus();
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
  return (kept) => {
    write(kept);
    show();
  };
}
