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

/** Where a balance alone was kept before the goal and time were, read once and then replaced. */
const BALANCE_KEY = "exp-bank-calculator:balance";

/** The fields as a query, and when they were kept (milliseconds since 1970). */
export type Kept = { query: string; at: number };

/** A kept balance grown to now: what was kept, what it is now, and the fields to fill. */
export type Returned = { kept: string; at: number; grown: string; query: string };

function read(): Kept | null {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? "null") as Kept | null;
    if (kept && typeof kept.query === "string" && Number.isFinite(kept.at)) return kept;
    const balance = localStorage.getItem(BALANCE_KEY);
    return balance ? { query: new URLSearchParams({ currentGems: balance }).toString(), at: NaN } : null;
  } catch {
    return null;
  }
}

function write(kept: Kept | null): void {
  try {
    localStorage.removeItem(BALANCE_KEY);
    if (kept) localStorage.setItem(KEY, JSON.stringify(kept));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused: nothing is kept.
  }
}

/**
 * The kept fields with the balance grown from when it was kept to `now` at the bank's rate, exactly
 * (8 decimals, trailing zeros dropped); null when nothing readable is kept. A balance kept before its
 * moment was (the old key) comes back as it was.
 */
export function returned(now: number, ranks: readonly ExpRank[]): Returned | null {
  const kept = read();
  const query = new URLSearchParams(kept?.query ?? "");
  const typed = query.get("currentGems") ?? "";
  const balance = readGems(typed);
  if (!kept || !balance.ok || !(Number(balance.value) > 0)) return null;
  const seconds = Math.floor((now - kept.at) / 1000);
  if (!(seconds > 0 && seconds <= CALCULATE_LIMITS.maxDurationDays * 86_400))
    return { kept: balance.value, at: kept.at, grown: balance.value, query: query.toString() };
  const result = calculateGrowth({ currentGems: balance.value, seconds: String(seconds) }, ranks);
  const grown = result.futureGems.replace(/\.?0+$/, "");
  query.set("currentGems", grown);
  return { kept: balance.value, at: kept.at, grown, query: query.toString() };
}

/** Wires Forget (it drops what is kept, and the balance it filled in); returns how to keep the fields. */
export function mountRemember(
  field: HTMLInputElement,
  forget: HTMLButtonElement,
  filled: string | null,
): (kept: Kept) => void {
  // Hidden, Forget keeps its place in the label row (calculator.css), so it appears without a jump.
  const show = () => (forget.hidden = !read());
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
