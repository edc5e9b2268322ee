/**
 * The output folder a build may empty: a plain folder inside the project that holds no project of
 * its own. A symlinked `_site`, `--output=.`, `..`, or a folder with `package.json` or `.git` is
 * refused with its name, so emptying it never deletes anything outside the build's output.
 */
import { existsSync, lstatSync, realpathSync } from "node:fs";
import path from "node:path";

export async function safeOutputFolder(output: string, project = process.cwd()): Promise<string> {
  const root = realpathSync(project);
  const folder = path.resolve(project, output);
  const refuse = (why: string) => {
    throw new Error(
      `Refusing to empty the output folder ${folder}: ${why}; build into a folder such as _site`,
    );
  };
  const inside = path.relative(root, folder);
  if (!inside || inside.startsWith("..") || path.isAbsolute(inside)) refuse("it is not inside the project");
  for (let at = folder; at !== root; at = path.dirname(at))
    if (existsSync(at) && lstatSync(at).isSymbolicLink()) refuse(`${at} is a symbolic link`);
  for (const marker of ["package.json", ".git"])
    if (existsSync(path.join(folder, marker))) refuse(`it holds ${marker}`);
  return folder;
}
