/**
 * linkinator, the site's link check, over the two shared builds: no broken link, fragments
 * checked, and it reads every page, twin and text output (so no link passes by not being read); no
 * page's footer repeats a link.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { builtSite, filesUnder, readBuilt, ROOT_SITE_URL, SITE_BUILDS } from "../support/build.ts";
import { linkinatorCheck } from "../support/linkinator.ts";

for (const { name, siteUrl } of SITE_BUILDS) {
  test(`linkinator finds no broken link in the ${name} build, and follows links from every output`, async () => {
    const site = await builtSite(siteUrl);
    const { broken, followed } = await linkinatorCheck(site, siteUrl);
    assert.equal(broken, [], "no broken link");
    const published = (await filesUnder(site)).map(
      (file) => new URL(file.replace(/index\.html$/, ""), siteUrl).href,
    );
    const missed = published.filter(
      (url) => !/\.(png|svg|js|xml)$|robots\.txt$|404\.html$/.test(url) && !followed.has(url),
    );
    assert.equal(missed, [], "every page, twin, JSON and text output is linked from another and followed");
  });
}

test("no page's footer links one address twice (the homepage's holds the site navigation too)", async () => {
  const site = await builtSite(ROOT_SITE_URL);
  for (const file of (await filesUnder(site)).filter((name) => name.endsWith(".html"))) {
    const html = await readBuilt(site, file);
    const footer = /<footer\b[\s\S]*?<\/footer>/.exec(html)?.[0] ?? "";
    const hrefs = [...footer.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    const twice = hrefs.filter((href, index) => hrefs.indexOf(href) !== index);
    assert.equal(twice, [], `${file}: its footer links these twice`);
  }
});

test.run();
