/**
 * linkinator, an independent crawler, over the two shared builds: no broken link, fragments
 * checked, as the build's own check (build/eleventy/link-check.ts) found when it let them pass; and
 * the two follow the same links of this site, so neither passes a link by not reading it.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readsLinks, siteLinks } from "../build/eleventy/link-check.ts";
import { builtSite, SITE_BUILDS } from "./support/build.ts";
import { linkinatorCheck } from "./support/linkinator.ts";

/** The outputs the build's check reads links from, as written in `site`. */
async function outputsOf(site: string): Promise<{ file: string; content: string }[]> {
  const entries = await readdir(site, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.relative(site, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
  return Promise.all(files.filter(readsLinks).map(async (file) => ({ file, content: await readFile(path.join(site, file), "utf8") })));
}

for (const { name, siteUrl } of SITE_BUILDS) {
  test(`linkinator finds no broken link in the ${name} build, and follows the links the build's check follows`, async () => {
    const site = await builtSite(siteUrl);
    const { broken, followed } = await linkinatorCheck(site, siteUrl);
    assert.equal(broken, [], "no broken link");
    const ours = new Set<string>();
    for (const { link } of siteLinks(await outputsOf(site), siteUrl)) if (typeof link !== "string") ours.add(link.href.replace(/#.*$/, ""));
    assert.ok(ours.size >= 10, `the check follows the site's links (${ours.size})`);
    assert.equal([...ours].sort(), [...followed].sort(), "the same links of this site, without their fragments");
  });
}

test.run();
