/**
 * The test groups, written here only. A test file's folder under tests/ is its group, which says
 * what the file may do and so what `npm test` (tests/run.ts) readies before it starts the file:
 * `sites`, the two shared builds; `browser`, the shared Chromium. Each group's files are shared out
 * among one process per core. A file that does what its group does not provide fails, naming the
 * folder it belongs in (`requireGroup`).
 */
export const GROUPS = [
  { name: "unit", needs: [], may: "no build, no browser" },
  {
    name: "builds",
    needs: [],
    may:
      "builds edited copies of the project (`withProjectCopy`, then `buildInProcess`; `runBuild` where a process " +
      "of its own is the point), runs `npm start`",
  },
  { name: "site", needs: ["sites"], may: "reads the two shared builds (`builtSite`)" },
  {
    name: "browser",
    needs: ["sites", "browser"],
    may: "drives the shared Chromium (`testBrowser`) over the shared builds",
  },
] as const;

export type GroupName = (typeof GROUPS)[number]["name"];

/** The environment variable through which tests/run.ts tells a test process its group. */
export const GROUP_VARIABLE = "EXP_BANK_TEST_GROUP";

/**
 * Fails loudly when a test file does what its group does not provide (a unit test that builds, a
 * site test that opens the browser), so a file in the wrong folder is moved rather than slowing or
 * stalling another group. Outside `npm test` (a file run alone) anything goes.
 */
export function requireGroup(groups: string[], what: string): void {
  const group = process.env[GROUP_VARIABLE];
  if (group === undefined || groups.includes(group)) return;
  const folders = groups.map((name) => `tests/${name}/`).join(" or ");
  const where = "(the groups are in tests/support/groups.ts)";
  throw new Error(
    `${what}, which a test file in tests/${group}/ may not do: move the file to ${folders} ${where}.`,
  );
}
