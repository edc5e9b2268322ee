/**
 * Whether a Node version satisfies an `engines.node` range written as alternatives of `^X.Y.Z`
 * and `>=X.Y.Z` (the only forms package.json uses), without a semver package: the install and the
 * test tooling check run before any package is there.
 */
const parts = (version) => version.replace(/^v/, "").split(".").map(Number);

function atLeast(version, minimum) {
  for (let index = 0; index < 3; index += 1) {
    if (version[index] !== minimum[index]) return version[index] > minimum[index];
  }
  return true;
}

export function satisfies(version, range) {
  const current = parts(version);
  return range.split("||").some((alternative) => {
    const match = alternative.trim().match(/^(\^|>=)(\d+\.\d+\.\d+)$/);
    if (!match)
      throw new Error(`engines.node alternative "${alternative.trim()}" is neither ^X.Y.Z nor >=X.Y.Z`);
    const minimum = parts(match[2]);
    return atLeast(current, minimum) && (match[1] === ">=" || current[0] === minimum[0]);
  });
}
