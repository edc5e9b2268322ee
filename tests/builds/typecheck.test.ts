/**
 * A writer's editor type-checks the site with the writer's install alone: `tsconfig.json` needs
 * nothing from the test tooling (`tests/node_modules`), so after a plain `npm ci` it reports no
 * missing type library (TS2688) and no error at all. Runs the type checker on a copy of the project
 * that has the writer's `node_modules` and no `tests/node_modules`.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cp } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ROOT, withProjectCopy } from "../support/build.ts";

const TSC = path.join(ROOT, "tests/node_modules/typescript/bin/tsc");

test("tsconfig.json type-checks clean with the writer's install and no tests/node_modules", () =>
  withProjectCopy(async (project) => {
    // The tests too (a copy for builds leaves them out), so that a tsconfig.json reaching into them is
    // checked as a writer has them.
    await cp(path.join(ROOT, "tests"), path.join(project, "tests"), {
      recursive: true,
      filter: (source) => !source.split(path.sep).includes("node_modules"),
    });
    assert.not.ok(existsSync(path.join(project, "tests/node_modules")), "the copy has no test tooling");
    // One checker thread: the same answer for less CPU on a machine the other tests share.
    const result = spawnSync(
      process.execPath,
      [TSC, "--noEmit", "-p", path.join(project, "tsconfig.json"), "--listFiles", "--singleThreaded"],
      { cwd: project, encoding: "utf8" },
    );
    const lines = result.stdout.split("\n").filter(Boolean);
    const errors = lines.filter((line) => /error TS\d+/.test(line));
    assert.equal(errors, [], "no type errors");
    assert.is(result.status, 0, result.stderr);
    // The checker's own `lib.*.d.ts` come with it (an editor brings its own); every other file is the project's.
    const files = lines.filter((line) => !line.includes(`${path.sep}typescript`));
    assert.ok(
      files.some((file) => file.endsWith(path.join("node_modules", "@types", "node", "index.d.ts"))),
      "Node's types come from the writer's install",
    );
    // The copy links the writer's node_modules, which the checker reports by its real path.
    const writerInstall = path.join(ROOT, "node_modules") + path.sep;
    assert.equal(
      files.filter((file) => !file.startsWith(project + path.sep) && !file.startsWith(writerInstall)),
      [],
      "every file comes from the project or the writer's install",
    );
  }));

test.run();
