/**
 * Each build starts from an empty output folder (eleventy.config.ts): a renamed page leaves no old
 * file. Emptying it never leaves the project (`_config/output-folder.ts`): a symlinked output,
 * `.`, `..`, a folder holding `package.json` or `.git`, or anything outside the project is refused
 * with its name, and nothing is deleted. Two builds write nothing outside the output folder.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { safeOutputFolder } from "../../_config/output-folder.ts";
import {
  buildInProcess,
  ROOT_SITE_URL,
  runBuild,
  tempDir,
  withOutput,
  withProjectCopy,
} from "../support/build.ts";

const page = (slug: string) =>
  `---\ntitle: ${slug}\npermalink: /${slug}/\neleventyExcludeFromCollections: true\n---\n\n# ${slug}\n`;

test("a renamed page leaves no old file, and nothing from before the build survives it", async () => {
  await withProjectCopy(async (project) => {
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
      assert.not.ok(
        existsSync(path.join(output, "left-over.html")),
        "a file the build did not write is gone",
      );
      assert.ok(
        existsSync(path.join(output, "assets/calculator.js")),
        "the bundle is written after the folder is emptied",
      );
    });
  });
});

test("an output folder that is not a plain folder inside the project is refused with its name", async () => {
  const project = await tempDir("output-guard");
  const outside = await tempDir("outside");
  try {
    await writeFile(path.join(project, "package.json"), "{}");
    await mkdir(path.join(project, "nested/.git"), { recursive: true });
    await symlink(outside, path.join(project, "linked"));
    const refusals: [string, string][] = [
      [".", "it is not inside the project"],
      ["..", "it is not inside the project"],
      [outside, "it is not inside the project"],
      ["linked", "linked is a symbolic link"],
      ["linked/deeper", "linked is a symbolic link"],
      ["nested", "it holds .git"],
    ];
    for (const [output, why] of refusals) {
      const error = await safeOutputFolder(output, project).then(
        () => undefined,
        (thrown: Error) => thrown,
      );
      assert.ok(
        error?.message.includes("Refusing to empty the output folder"),
        `${output}: ${error?.message}`,
      );
      assert.ok(error?.message.includes(why), `${output}: ${error?.message}`);
    }
    assert.is(await safeOutputFolder("_site", project), path.join(project, "_site"));
  } finally {
    await rm(project, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  }
});

test("a build into the project's root or a symlinked output fails and deletes nothing", async () => {
  await withProjectCopy(async (project) => {
    const outside = await tempDir("kept");
    try {
      await writeFile(path.join(outside, "keep.txt"), "kept");
      await symlink(outside, path.join(project, "_site"));
      const linked = await buildInProcess(project, path.join(project, "_site"), ROOT_SITE_URL);
      assert.not.ok(linked.ok, "a symlinked output is refused");
      assert.ok(linked.output.includes("is a symbolic link"), linked.output);
      assert.ok(existsSync(path.join(outside, "keep.txt")), "its target is untouched");
      const root = await buildInProcess(project, project, ROOT_SITE_URL);
      assert.not.ok(root.ok, "the project's root is refused");
      assert.ok(existsSync(path.join(project, "eleventy.config.ts")), "the project is untouched");
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});

test("two builds into the folder --output names write nothing in the project outside it", async () => {
  await withProjectCopy(async (project) => {
    const marker = path.join(project, ".marker");
    await writeFile(marker, "");
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (let run = 0; run < 2; run++) {
      const built = await runBuild(project, path.join(project, "dist"), ROOT_SITE_URL);
      assert.ok(built.ok, built.output);
    }
    const newer = execFileSync(
      "find",
      [".", "-path", "./dist", "-prune", "-o", "-newer", ".marker", "-print"],
      {
        cwd: project,
        encoding: "utf8",
      },
    );
    assert.equal(
      newer.split("\n").filter((line) => line && line !== "."),
      [],
    );
    assert.ok((await readdir(path.join(project, "dist"))).length > 5, "the site was written");
  });
});

test.run();
