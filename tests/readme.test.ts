/**
 * The README stays true: every `npm run X` it names is a script, it shows the two commands, and its
 * layout table names paths that exist, every folder among them.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./support/build.ts";

const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");

test("the README shows the install-and-serve command and the test command", () => {
  assert.ok(readme.includes("npm ci && npm start"), "npm ci && npm start");
  assert.ok(readme.includes("npm test"), "npm test");
});

test("every npm command the README names is a script in package.json", () => {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const code = [...readme.matchAll(/```[a-z]*\n([\s\S]*?)```|`([^`\n]+)`/g)].map((match) => match[1] ?? match[2] ?? "").join("\n");
  const named = [...code.matchAll(/\bnpm (?:run )?([a-z][\w:-]*)/g)].map((match) => match[1]!);
  const builtIn = new Set(["ci", "install", "run"]);
  const scriptNames = named.filter((name) => !builtIn.has(name));
  assert.ok(scriptNames.includes("start") && scriptNames.includes("test") && scriptNames.includes("build"));
  for (const name of scriptNames) assert.ok(scripts[name], `README names "npm ${name}", which package.json does not define`);
});

/** The first column of the "## Layout" table: `assets/engine/`, `_data/`, … */
function layoutPaths(): string[] {
  const section = readme.split(/^## Layout\n/m)[1]?.split(/^## /m)[0] ?? "";
  return [...section.matchAll(/^\| ([^|]+) \|/gm)].flatMap((row) => [...row[1]!.matchAll(/`([^`]+)`/g)].map((match) => match[1]!));
}

test("every path in the README's layout table exists", () => {
  const paths = layoutPaths();
  assert.ok(paths.length > 10, `the Layout table lists ${paths.length} paths`);
  for (const entry of paths) assert.ok(existsSync(path.join(ROOT, entry)), `README's layout table names ${entry}, which does not exist`);
});

test("the layout table names every top-level folder, and each folder under assets/, build/ and content/", () => {
  const listed = layoutPaths().map((entry) => entry.replace(/\/$/, ""));
  const tracked = execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" }).split("\n").filter(Boolean);
  const folders = new Set<string>();
  for (const file of tracked) {
    const parts = file.split("/");
    if (parts.length > 1) folders.add(parts[0]!);
    if (parts.length > 2 && ["assets", "build", "content"].includes(parts[0]!)) folders.add(`${parts[0]}/${parts[1]}`);
  }
  // A dot-folder may be named by what it holds (`.ci/run`, `.github/workflows/`).
  const named = (folder: string) => listed.includes(folder) || (folder.startsWith(".") && listed.some((entry) => entry.startsWith(`${folder}/`)));
  assert.equal([...folders].filter((folder) => !named(folder)), []);
});

test.run();
