/**
 * A SITE_URL whose path holds percent-escapes (`/caf%C3%A9/`, a repository named café) builds,
 * link check included, and the link check still finds a broken link under that path.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildInProcess, withProjectCopy, withOutput } from "../support/build.ts";

const CAFE = "https://user.github.io/caf%C3%A9/";

test("a SITE_URL path with %XX escapes builds and its links are checked", () =>
  withProjectCopy((project) =>
    withOutput(project, async (output) => {
      const built = await buildInProcess(project, output, CAFE);
      assert.ok(built.ok, built.output);
      assert.not.match(built.output, /TypeError/);

      const stray = [
        "---",
        "title: Stray",
        "permalink: /stray/",
        "eleventyExcludeFromCollections: true",
        "---",
        "",
        `[gone](${CAFE}missing/)`,
        "",
      ];
      await writeFile(path.join(project, "content/stray.md"), stray.join("\n"));
      const broken = await buildInProcess(project, output, CAFE);
      assert.not.ok(broken.ok, "a broken link under the escaped path fails the build");
      assert.match(broken.output, `${CAFE}missing/`);
      assert.match(broken.output, "content/stray.md:");
      assert.not.match(broken.output, /TypeError/);
    }),
  ));

test.run();
