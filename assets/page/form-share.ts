/**
 * Sharing the answer in words with its link, pinned to its moment (`at=`), to the share sheet or the
 * clipboard: `2.5M gems → 2.52M gems in 30 days (+22.6K, +0.9%)`, `2.5M gems → Radiant on Oct 19, 2032 (…)`.
 */
import { AT } from "./form-state.ts";
import { balanceText, goalName, type Shown } from "./form-answer.ts";
import { compactGems, dateText, waitText } from "./form-words.ts";

/** The line a player pastes in chat, before its link. */
export function shareText({ result, now, given, ranks }: Shown): string {
  const parts: string[] = [];
  const when = (seconds: number) =>
    seconds ? ` on ${dateText(now + seconds * 1000)} (in ${waitText(seconds)})` : " already";
  const { goal, additional, nextRank } = result;
  if (given) parts.push(balanceText(result).replace(" gems ", ` gems ${given.lead.toLowerCase()} `));
  if (goal) parts.push(goalName(goal.targetGems, ranks) + when(goal.duration.totalSeconds));
  if (additional)
    parts.push(`${compactGems(additional.targetGems)} gems${when(additional.duration.totalSeconds)}`);
  if (!parts.length && nextRank) parts.push(nextRank.name + when(nextRank.duration.totalSeconds));
  return `${compactGems(result.currentGems)} gems → ${parts.join("; ") || result.currentRank.name}`;
}

/** The answer on screen to share, or why there is none: the field to fix, or nothing entered yet. */
export type Shareable = { text: string; query: string; now: number } | { fix: string | null };

export function mountShare(button: HTMLElement, said: HTMLElement, shareable: () => Shareable): void {
  button.addEventListener("click", async () => {
    const answer = shareable();
    if (!("text" in answer))
      return void (said.textContent = answer.fix
        ? `Nothing to share: fix ${answer.fix} first.`
        : "Nothing to share yet: enter your gems and a goal or a time.");
    const url = new URL(`?${answer.query}`, location.href);
    url.searchParams.set(AT, new Date(answer.now).toISOString().replace(/\.\d+Z$/, "Z"));
    const text = `${answer.text}: ${url.href}`;
    try {
      if (navigator.share) return void (await navigator.share({ text }));
      await navigator.clipboard.writeText(text);
      said.textContent = "Copied the answer and its link.";
    } catch (error) {
      if ((error as Error).name !== "AbortError") said.textContent = `Copy this: ${text}`;
    }
  });
}
