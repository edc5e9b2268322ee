/**
 * The README stays a day-one page that is true: at most 8 KB (CONTRIBUTING 10, ARCHITECTURE 12),
 * the two commands before anything else, every `npm run X` it names (and CONTRIBUTING.md names) a
 * script, and its tree of folders names folders that exist, every top-level one among them.
 * CONTRIBUTING.md and ARCHITECTURE.md, where the rest lives, exist and are linked from it.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { ROOT } from "../support/build.ts";

const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const readme = read("README.md");

test("README, CONTRIBUTING and ARCHITECTURE stay short enough to read in one sitting", () => {
  const kilobytes = { "README.md": 8, "CONTRIBUTING.md": 10, "ARCHITECTURE.md": 12 };
  for (const [file, most] of Object.entries(kilobytes)) {
    const size = statSync(path.join(ROOT, file)).size;
    assert.ok(size <= most * 1024, `${file} is ${size} bytes, over ${most} KB; say less`);
  }
});

test("the README shows the install-and-serve command and the test command first", () => {
  const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
  assert.match(firstBlock, /^npm ci && npm start\b/m);
  assert.match(firstBlock, /^npm test\b/m);
  const firstSection = readme.split(/^## /m)[1] ?? "";
  assert.ok(firstSection.startsWith("Two commands"), "the first section is the two commands");
});

// That both exist is the first test's: statSync throws on a missing file.
test("the README links CONTRIBUTING.md and ARCHITECTURE.md", () => {
  for (const file of ["CONTRIBUTING.md", "ARCHITECTURE.md"])
    assert.ok(readme.includes(`](${file}`), `README links ${file}`);
});

/** The code spans and code blocks of a Markdown text. */
const codeOf = (text: string) =>
  [...text.matchAll(/```[a-z]*\n([\s\S]*?)```|`([^`\n]+)`/g)]
    .map((match) => match[1] ?? match[2] ?? "")
    .join("\n");

for (const file of ["README.md", "CONTRIBUTING.md"]) {
  test(`every npm command ${file} names is a script in package.json`, () => {
    const { scripts } = JSON.parse(read("package.json")) as { scripts: Record<string, string> };
    const named = [...codeOf(read(file)).matchAll(/\bnpm (?:run )?([a-z][\w:-]*)/g)].map(
      (match) => match[1]!,
    );
    const builtIn = new Set(["ci", "install", "run"]);
    const scriptNames = named.filter((name) => !builtIn.has(name));
    assert.ok(scriptNames.includes("test"), `${file} names npm test`);
    for (const name of scriptNames)
      assert.ok(scripts[name], `${file} names "npm ${name}", which package.json does not define`);
  });
}

/** The README's tree of folders, under "## Where things are". */
const section = readme.split(/^## Where things are\n/m)[1]?.split(/^## /m)[0] ?? "";
const tree = /```\n([\s\S]*?)```/.exec(section)?.[1] ?? "";

/** The folders of the tree: the first word of each line that names one. */
const treeFolders = () => [...tree.matchAll(/^(\S+\/)\s/gm)].map((match) => match[1]!.replace(/\/$/, ""));

test("every folder in the README's tree exists, and each its notes name in it (`page/` of assets/)", () => {
  assert.ok(treeFolders().length >= 8, `the tree lists ${treeFolders().length} folders`);
  let folder = "";
  for (const line of tree.split("\n")) {
    folder = /^(\S+)\/\s/.exec(line)?.[1] ?? folder;
    const inside = [...line.slice(16).matchAll(/(?<![\w/.-])([\w-]+)\/(?=[\s),]|$)/g)].map(
      (match) => match[1],
    );
    for (const named of [folder, ...inside.map((sub) => `${folder}/${sub}`)])
      assert.ok(existsSync(path.join(ROOT, named)), `README's tree names ${named}/, which does not exist`);
  }
});

test("the README's tree names every top-level folder a developer or writer edits", () => {
  const listed = new Set(treeFolders());
  const tracked = execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
  // Dot-folders (.github, .ci) are CI's, described in CONTRIBUTING.md.
  const folders = new Set(
    tracked.filter((file) => file.includes("/") && !file.startsWith(".")).map((file) => file.split("/")[0]!),
  );
  const unlisted = [...folders].filter((folder) => !listed.has(folder));
  assert.equal(unlisted, []);
});

test.run();
