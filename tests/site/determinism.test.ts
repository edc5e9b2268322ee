/** Two builds of the same tree write the same files, byte for byte, whatever the builder's time zone. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  builtSite,
  filesUnder,
  PATH_SITE_URL,
  runBuild,
  SITE_BUILDS,
  withOutput,
  withProjectCopy,
} from "../support/build.ts";

async function filesIn(dir: string): Promise<Map<string, Buffer>> {
  const read = async (file: string) => [file, await readFile(path.join(dir, file))] as const;
  return new Map(await Promise.all((await filesUnder(dir)).map(read)));
}

test("two builds of the same tree are byte-identical, the second in a time zone 14 hours ahead", async () => {
  // The shared build of the path configuration, and a second one in a new process.
  const { siteUrl, env } = SITE_BUILDS.find((build) => build.siteUrl === PATH_SITE_URL)!;
  await withProjectCopy((project) =>
    withOutput(project, async (second) => {
      const result = await runBuild(project, second, siteUrl, { ...env, TZ: "Pacific/Kiritimati" });
      assert.ok(result.ok, result.output);
      const [a, b] = [await filesIn(await builtSite(PATH_SITE_URL)), await filesIn(second)];
      assert.equal([...a.keys()], [...b.keys()]);
      assert.ok(a.has("openapi.json") && a.has("api/info.json") && a.has("api/ranks.json"));
      for (const [file, bytes] of a) assert.ok(bytes.equals(b.get(file)!), `${file} differs between builds`);
    }),
  );
});

test.run();
