/**
 * The output folder is the site's own: a build empties `_site`, a folder a build made (marked with
 * `MARKER` when it made it), or an empty one, and refuses any other before deleting anything, naming
 * it: `--output=.git`, `content` or `node_modules` hold files no build wrote. Even `_site` or a
 * marked folder is refused once it holds `.git`, `node_modules` or a file git tracks. Symbolic links
 * are resolved first: what is checked is the folder that would be emptied.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, realpathSync, statSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/** The file a build writes into an output folder it made (not `_site`), so that the next build may empty it. */
export const MARKER = ".exp-bank-build";

/** Files under `folder` that git tracks, if it is in a work tree; none elsewhere (a copy of the project, or no git). */
function trackedFiles(folder: string): string[] {
  try {
    const listed = execFileSync("git", ["ls-files", "-z"], { cwd: folder, encoding: "utf8", stdio: "pipe" });
    return listed.split("\0").filter(Boolean);
  } catch {
    return [];
  }
}

/** The folders this process emptied: git is asked once, not at each save of `npm start` (a spawn, 50-300 ms). */
const emptied = new Set<string>();

/** Why a build may not empty `folder` (a real path), or "" when it may. */
function refusal(folder: string, site: string): string {
  if (!existsSync(folder)) return "";
  if (!statSync(folder).isDirectory()) return "it is a file, not a folder";
  const top = readdirSync(folder);
  if (top.length === 0) return "";
  if (folder !== site && !top.includes(MARKER))
    return `it holds files no build wrote (${top.sort()[0]}) and no ${MARKER} of a build that made it`;
  const inside = readdirSync(folder, { recursive: true, encoding: "utf8" });
  const foreign = inside.find((entry) => /(?:^|[\\/])(?:\.git|node_modules)$/.test(entry));
  if (foreign) return `it holds ${foreign}`;
  const tracked = emptied.has(folder) ? undefined : trackedFiles(folder)[0];
  return tracked ? `git tracks ${tracked} in it` : "";
}

/**
 * Empties the output folder `output` (relative to `project`) once it is one a build may empty, else
 * fails naming it; marks a folder other than `_site` as made by the build. Returns its real path.
 */
export async function emptyOutputFolder(output: string, project = process.cwd()): Promise<string> {
  const resolved = path.resolve(project, output);
  // A folder that does not exist holds nothing; one that does is checked where its links lead.
  const folder = existsSync(resolved) ? realpathSync(resolved) : resolved;
  const site = path.join(realpathSync(project), "_site");
  const why = refusal(folder, site);
  if (why)
    throw new Error(
      `Refusing to empty the output folder ${folder}: ${why}; build into _site or a new folder, such as ` +
        "--output=dist",
    );
  // Retried if a file appears while emptying (ENOTEMPTY): an earlier failed build's bundle still writing.
  await rm(folder, { recursive: true, force: true, maxRetries: 5 });
  await mkdir(folder, { recursive: true });
  const made = realpathSync(folder);
  emptied.add(made);
  if (made !== site)
    await writeFile(
      path.join(made, MARKER),
      "Made by the site's build, which empties this folder each time.\n",
    );
  return made;
}
