/**
 * Each build starts from an empty output folder (eleventy.config.ts): a renamed page leaves no old
 * file. The folder it empties is the site's own (`_config/output-folder.ts`): `_site`, or one a build
 * made and marked, or an empty one; any other (the project, `.git`, `content`, `node_modules`, a
 * symlink to a folder of other files), or one holding `.git`, `node_modules` or a file git tracks,
 * is refused with its name, and nothing is deleted. (A build writes nothing outside its output folder:
 * site/determinism.test.ts.)
 */
import { execFileSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { mkdir, readdir, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { emptyOutputFolder, MARKER } from "../../_config/output-folder.ts";
import { buildInProcess, projectCopy, ROOT_SITE_URL, withOutput, withTempDir } from "../support/build.ts";

/**
 * One copy of the project, a git repository, for the builds below; each test removes what it adds.
 * A build asks git about its output folder once per process, so the successful build comes last.
 */
const project = await projectCopy();
const git = (...args: string[]) => execFileSync("git", args, { cwd: project, stdio: "pipe" });
git("init", "--quiet");
test.after(() => rm(project, { recursive: true, force: true, maxRetries: 5 }));

const page = (slug: string) =>
  `---\ntitle: ${slug}\npermalink: /${slug}/\neleventyExcludeFromCollections: true\n---\n\n# ${slug}\n`;

test("a folder holding what no build wrote is refused with its name; _site, new, empty or marked are not", () =>
  withTempDir("output-guard", (root) =>
    withTempDir("outside", async (outside) => {
      await writeFile(path.join(root, "package.json"), "{}");
      await writeFile(path.join(outside, "keep.txt"), "kept");
      await mkdir(path.join(root, "node_modules/some-package"), { recursive: true });
      await mkdir(path.join(root, "_site/.git"), { recursive: true });
      await mkdir(path.join(root, "marked/sub/node_modules"), { recursive: true });
      await writeFile(path.join(root, "marked", MARKER), "");
      await symlink(outside, path.join(root, "linked"));
      const refusals: [string, string][] = [
        [".", "it holds files no build wrote (_site)"],
        ["..", "it holds files no build wrote"],
        [outside, "it holds files no build wrote (keep.txt)"],
        ["linked", `${realpathSync(outside)}: it holds files no build wrote (keep.txt)`],
        ["node_modules", "it holds files no build wrote (some-package)"],
        ["package.json", "it is a file, not a folder"],
        ["_site", "it holds .git"],
        ["marked", `it holds ${path.join("sub", "node_modules")}`],
      ];
      // Every refusal is tried, so that a failure lists each folder that was not refused as it should be.
      const wrong: string[] = [];
      for (const [output, why] of refusals) {
        const message = await emptyOutputFolder(output, root).then(
          () => "emptied",
          (thrown: Error) => thrown.message,
        );
        if (!message.includes("Refusing to empty the output folder") || !message.includes(why))
          wrong.push(`${output}: ${message}`);
      }
      assert.equal(wrong, []);
      await rm(path.join(root, "_site/.git"), { recursive: true });
      await rm(path.join(root, "marked/sub"), { recursive: true });
      await mkdir(path.join(root, "empty"));
      for (const output of ["_site", "new/deeper", "empty", "marked"]) {
        const folder = path.join(realpathSync(root), output);
        assert.is(await emptyOutputFolder(output, root), folder);
        assert.is(
          existsSync(path.join(folder, MARKER)),
          output !== "_site",
          `${output}: marked unless _site`,
        );
      }
    }),
  ));

test("a build into the project, a symlink or a folder holding a tracked file fails and deletes nothing", () =>
  withTempDir("kept", async (outside) => {
    await writeFile(path.join(outside, "keep.txt"), "kept");
    await symlink(outside, path.join(project, "_site"));
    const linked = await buildInProcess(project, path.join(project, "_site"), ROOT_SITE_URL);
    assert.not.ok(linked.ok, "a symlinked output is refused");
    assert.ok(linked.output.includes("it holds files no build wrote (keep.txt)"), linked.output);
    assert.ok(existsSync(path.join(outside, "keep.txt")), "its target is untouched");
    await rm(path.join(project, "_site"));
    const root = await buildInProcess(project, project, ROOT_SITE_URL);
    assert.not.ok(root.ok, "the project's root is refused");
    assert.ok(existsSync(path.join(project, "eleventy.config.ts")), "the project is untouched");
    await mkdir(path.join(project, "_site"));
    await writeFile(path.join(project, "_site/tracked.txt"), "tracked");
    git("add", "--force", "_site/tracked.txt");
    const tracked = await buildInProcess(project, path.join(project, "_site"), ROOT_SITE_URL);
    assert.not.ok(tracked.ok, "an output holding a tracked file is refused");
    assert.ok(tracked.output.includes("git tracks tracked.txt in it"), tracked.output);
    assert.ok(existsSync(path.join(project, "_site/tracked.txt")), "the tracked file is kept");
    git("rm", "--cached", "--quiet", "_site/tracked.txt");
    await rm(path.join(project, "_site"), { recursive: true });
  }));

test("--output=.git, content or _data is refused with its name, and nothing in it is deleted", async () => {
  const wrong: string[] = [];
  for (const folder of [".git", "content", "_data"]) {
    const before = await readdir(path.join(project, folder), { recursive: true });
    const built = await buildInProcess(project, path.join(project, folder), ROOT_SITE_URL);
    const refusal = `Refusing to empty the output folder ${path.join(realpathSync(project), folder)}:`;
    if (built.ok || !built.output.includes(refusal)) wrong.push(`${folder}: not refused`);
    const after = await readdir(path.join(project, folder), { recursive: true }).catch((): string[] => []);
    const deleted = before.filter((file) => !after.includes(file));
    if (deleted.length > 0) wrong.push(`${folder}: ${deleted.length} files deleted`);
  }
  assert.equal(wrong, []);
});

test("a renamed page leaves no old file, and nothing from before the build survives it", async () => {
  await withOutput(project, async (output) => {
    await writeFile(path.join(project, "content/old-name.md"), page("old-name"));
    const first = await buildInProcess(project, output, ROOT_SITE_URL);
    assert.ok(first.ok, first.output);
    assert.ok(existsSync(path.join(output, "old-name/index.html")));
    await rm(path.join(project, "content/old-name.md"));
    await writeFile(path.join(project, "content/new-name.md"), page("new-name"));
    await writeFile(path.join(output, "left-over.html"), "<p>from an earlier build</p>");
    const second = await buildInProcess(project, output, ROOT_SITE_URL);
    assert.ok(second.ok, second.output);
    assert.ok(existsSync(path.join(output, "new-name/index.html")));
    assert.not.ok(existsSync(path.join(output, "old-name")), "the old page's folder is gone");
    assert.not.ok(existsSync(path.join(output, "left-over.html")), "a file the build did not write is gone");
    assert.ok(
      existsSync(path.join(output, "assets/calculator.js")),
      "the bundle is written after the folder is emptied",
    );
    await rm(path.join(project, "content/new-name.md"));
  });
});

test.run();
