/**
 * linkinator, an independent crawler, over the two shared builds: no broken link, fragments
 * checked, as the build's own check (_config/link-check.ts) found when it let them pass; and
 * the two follow the same links of this site, so neither passes a link by not reading it.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { siteLinks } from "../../_config/link-check.ts";
import { builtSite, SITE_BUILDS } from "../support/build.ts";
import { linkedOutputs, linkinatorCheck } from "../support/linkinator.ts";

for (const { name, siteUrl } of SITE_BUILDS) {
  const title = `linkinator finds no broken link in the ${name} build, and follows the links the build's check follows`;
  test(title, async () => {
    const site = await builtSite(siteUrl);
    const { broken, followed } = await linkinatorCheck(site, siteUrl);
    assert.equal(broken, [], "no broken link");
    const ours = new Set<string>();
    for (const { link } of siteLinks(await linkedOutputs(site), siteUrl)) {
      if (typeof link !== "string") ours.add(link.href.replace(/#.*$/, ""));
    }
    assert.ok(ours.size >= 10, `the check follows the site's links (${ours.size})`);
    assert.equal(
      [...ours].sort(),
      [...followed].sort(),
      "the same links of this site, without their fragments",
    );
  });
}

test.run();
