/**
 * "Did you mean …?": the names nearest to one a person typed, by edit distance. The tools' input
 * checker (a misspelt key) and the build (a misspelt data name, filter, page, file or fragment)
 * all suggest through here, and all word the question with `didYouMean`.
 */

/** Edits (insertions, deletions, substitutions) between two short strings. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const replaced = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + replaced);
    }
    previous = row;
  }
  return previous[b.length]!;
}

/**
 * The names at most `within` edits from `typed`, nearest first (among names as near, in the order
 * given), compared as `fold` writes them (case folded, say; as written unless given).
 */
export function nearestNames(
  typed: string,
  names: Iterable<string>,
  within = Infinity,
  fold = (name: string) => name,
) {
  const distance = (name: string) => editDistance(fold(typed), fold(name));
  return [...names].filter((name) => distance(name) <= within).sort((x, y) => distance(x) - distance(y));
}

/** Edits a misspelt name of this length may have: a third of its letters, at least 1, at most 3. */
const editsAllowed = (name: string) => Math.min(3, Math.max(1, Math.floor(name.length / 3)));

/** The known name closest to `name` (case ignored), if one is near enough to be what was meant. */
export function closestName(name: string, known: Iterable<string>): string | undefined {
  return nearestNames(name, known, editsAllowed(name), (text) => text.toLowerCase())[0];
}

/** `did you mean "days"?`, the one wording of a suggestion. */
export const didYouMean = (name: string) => `did you mean "${name}"?`;
