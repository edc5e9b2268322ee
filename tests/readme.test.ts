/** The README's commands exist: every `npm run X` it names is a script, and it shows the two commands. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
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

test.run();
