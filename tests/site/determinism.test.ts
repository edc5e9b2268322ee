/**
 * Two builds of the same tree write the same files, byte for byte, wherever the project lies and
 * whatever the builder's time zone, and a build writes nothing in its project outside the folder
 * `--output` names.
 */
import { execFileSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import {
  builtSite,
  PATH_SITE_URL,
  readFiles,
  runBuild,
  SITE_BUILDS,
  withProjectCopy,
} from "../support/build.ts";

test(`a build into the folder --output names writes nothing in the project outside it, and the same files \
byte for byte as the shared build, from another folder in a time zone 14 hours ahead`, async () => {
  const { siteUrl, env } = SITE_BUILDS.find((build) => build.siteUrl === PATH_SITE_URL)!;
  await withProjectCopy(async (project) => {
    await writeFile(path.join(project, ".marker"), "");
    await new Promise((resolve) => setTimeout(resolve, 20));
    // A new process, in a copy other than the shared build's.
    const result = await runBuild(project, path.join(project, "_site"), siteUrl, {
      ...env,
      TZ: "Pacific/Kiritimati",
    });
    assert.ok(result.ok, result.output);
    const find = ["-path", "./_site", "-prune", "-o", "-newer", ".marker", "-print"];
    const newer = execFileSync("find", [".", ...find], { cwd: project, encoding: "utf8" });
    const written = newer.split("\n").filter((line) => line && line !== ".");
    assert.equal(written, [], "files the build wrote outside its output folder");
    const [shared, again] = [
      await readFiles(await builtSite(PATH_SITE_URL)),
      await readFiles(path.join(project, "_site")),
    ];
    assert.equal([...shared.keys()], [...again.keys()]);
    assert.ok(shared.has("openapi.json") && shared.has("api/info.json") && shared.has("api/ranks.json"));
    for (const [file, bytes] of shared)
      assert.ok(bytes.equals(again.get(file)!), `${file} differs between builds`);
  });
});

test.run();
