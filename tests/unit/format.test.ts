/**
 * The code is formatted by Prettier (`.prettierrc.json`, `.editorconfig`; `npm run format` writes
 * it), so `npm test` fails on a file Prettier would change, naming it. `--cache` (Prettier's own, in
 * node_modules/.cache/prettier) reads again only the files changed since the last check.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ROOT } from "../support/build.ts";

const run = promisify(execFile);
const PRETTIER = path.join(ROOT, "node_modules/.bin/prettier");

test("every file Prettier formats is formatted (npm run format fixes it)", async () => {
  const unformatted = await run(PRETTIER, ["--list-different", "--cache", "."], { cwd: ROOT }).then(
    ({ stdout }) => stdout,
    (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ""}${error.stderr ?? ""}`,
  );
  assert.equal(unformatted.trim(), "", `Run npm run format; Prettier would change:\n${unformatted}`);
});

test.run();
