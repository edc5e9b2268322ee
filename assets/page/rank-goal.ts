/**
 * The goal as players speak of it: chips that set it to a rank's threshold or a multiple of the top
 * rank's ("2× Cosmic"), a badge saying which rank a typed goal is worth ("= Divine", "≈ 2.08×
 * Cosmic"), and a bar of the current balance's progress towards it. All of them, and the rank
 * picker, are drawn from the form's state after every change, so they never disagree with the goal.
 */
import type { ExpRank } from "../../contract/rank-list.ts";
import { compareExact, exactOf, multiplyExact, type Exact } from "../../common/engine/exact.ts";
import { rankIndex } from "../../common/engine/ranks.ts";
import { multipleOf, progressText } from "./goal-share.ts";
import { edit } from "./form-state.ts";
import type { Problem, Reading } from "./form-read.ts";
import { put } from "./form-words.ts";

/** An exact amount as a float, for the progress bar's fill only: `{ digits: 15n, places: 1 }` → 1.5. */
const float = ({ digits, places }: Exact) => Number(digits) / 10 ** places;

/**
 * Wires the chips and the picker; returns how to draw the goal from a reading and its problems, the badge
 * and the bar where they `may` show (beside a valid or empty balance, for a goal the player is done with).
 */
export function mountRankGoal(
  form: HTMLFormElement,
  ranks: readonly ExpRank[],
): (reading: Reading, problems: readonly Problem[], may: boolean) => void {
  const picker = document.getElementById("calculator-goal-rank") as HTMLSelectElement;
  const status = document.getElementById("calculator-goal-status")!;
  const [badge, bar, share] = status.children as unknown as [HTMLElement, HTMLProgressElement, HTMLElement];
  const chips = Array.from(form.querySelectorAll<HTMLButtonElement>("[data-times]"), (chip) => ({
    chip,
    amount: multiplyExact(exactOf(chip.dataset.gems!), exactOf(chip.dataset.times!)),
  }));
  const same = (a: Exact | null, b: Exact) => !!a && compareExact(a, b) === 0;
  // A chip writes what it says ("Radiant", "2× Cosmic"), which the field reads as its amount: the
  // rank's name fits the field where its 13 digits did not. The picker's pick sets the goal as a chip does.
  for (const { chip } of chips)
    chip.addEventListener("click", () => edit("goalGems", chip.textContent!.trim()));
  picker.addEventListener("change", () => {
    const rank = ranks.find(({ minGems }) => minGems === picker.value);
    if (rank) edit("goalGems", rank.name);
  });

  return ({ values }, problems, may) => {
    const valid = (field: string) => values[field] && !problems.some((problem) => problem.field === field);
    const target = valid("goalGems") ? exactOf(values.goalGems!) : null;
    for (const { chip, amount } of chips) chip.setAttribute("aria-pressed", String(same(target, amount)));
    picker.value =
      Array.from(picker.options).find((option) => option.value && same(target, exactOf(option.value)))
        ?.value ?? "";
    // Hidden, the status keeps its line (calculator.css), so it appears without moving the controls below.
    status.hidden = !target || !may;
    if (status.hidden) return put(badge, "");
    // "= Divine" for any goal that holds a rank; beyond the top rank, its multiple: "≈ 2.08× Cosmic".
    const index = rankIndex(ranks, target!);
    const rank = ranks[index]!;
    const threshold = exactOf(rank.minGems);
    const beyondTop =
      index === ranks.length - 1 && threshold.digits > 0n && compareExact(target!, threshold) !== 0;
    const multiple = beyondTop ? multipleOf(target!, threshold) : null;
    put(badge, multiple ? `${multiple.exact ? "=" : "≈"} ${multiple.times}× ${rank.name}` : `= ${rank.name}`);
    const current = valid("currentGems") ? exactOf(values.currentGems!) : null;
    bar.value = current ? Math.min(1, float(current) / float(target!)) : 0;
    bar.hidden = !current;
    // Exact, rounded down, so it never says "reached" or 100% before the goal is reached.
    put(share, current ? progressText(current, target!) : "");
  };
}
