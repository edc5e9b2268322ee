/**
 * A SITE_URL whose path holds percent-escapes (`/caf%C3%A9/`, a repository named café) builds, and
 * the link check (linkinator) still finds a broken link under that path.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildInProcess, withOutput, withProjectCopy } from "../support/build.ts";
import { linkinatorBrokenLinks } from "../support/linkinator.ts";

const CAFE = "https://user.github.io/caf%C3%A9/";

test("a SITE_URL path with %XX escapes builds, and its links are checked", () =>
  withProjectCopy((project) =>
    withOutput(project, async (output) => {
      const stray = "---\ntitle: Stray\npermalink: /stray/\neleventyExcludeFromCollections: true\n---\n\n";
      await writeFile(path.join(project, "content/stray.md"), `${stray}[gone](${CAFE}missing/)\n`);
      const built = await buildInProcess(project, output, CAFE);
      assert.ok(built.ok, built.output);
      assert.not.match(built.output, /TypeError/);
      const broken = await linkinatorBrokenLinks(output, CAFE);
      assert.equal(
        broken.map((link) => link.url),
        [`${CAFE}missing/`],
        "only the stray link is broken",
      );
    }),
  ));

test.run();
