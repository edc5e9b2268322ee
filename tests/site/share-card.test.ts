/**
 * Link previews with a picture, for a root and a path SITE_URL: every HTML page names the site's
 * card as its `og:image`, an absolute URL under the base URL, with its type, size and text
 * alternative, and `twitter:card` is `summary_large_image`; the preview's title, description and
 * URL are the page's own; the PNG is there and its IHDR says 1200×630 (read by tests/support/png.ts,
 * not by the renderer). The text alternative says the rate and every rank of the data. What the card
 * draws is tests/unit/share-card.test.ts's.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import calculator from "../../_data/calculator.ts";
import ranks from "../../_data/ranks.ts";
import { builtSite, PATH_SITE_URL, ROOT_SITE_URL, textsUnder } from "../support/build.ts";
import { pngSize } from "../support/png.ts";
import { headOf, tags, textOf } from "../support/pages.ts";

/** A page's `<meta>` tags by their `property` or `name`; a key given twice fails. */
function metaTags(html: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const { property, name, content = "" } of tags(headOf(html), "meta")) {
    const key = property ?? name;
    if (key === undefined) continue;
    assert.not.ok(key in found, `<meta> ${key} appears once`);
    found[key] = content;
  }
  return found;
}

for (const siteUrl of [ROOT_SITE_URL, PATH_SITE_URL]) {
  test(`every page's link preview shows the card, an absolute URL under ${siteUrl}`, async () => {
    const siteDir = await builtSite(siteUrl);
    const pages = new Map([...(await textsUnder(siteDir))].filter(([name]) => name.endsWith(".html")));
    assert.ok(pages.size >= 5 && pages.has("index.html") && pages.has("404.html"), `${pages.size} pages`);
    const cards = new Set<string>();
    for (const [name, html] of pages) {
      const meta = metaTags(html);
      const image = meta["og:image"] ?? "";
      assert.ok(image.startsWith(siteUrl), `${name}: og:image ${image} is an absolute URL under ${siteUrl}`);
      assert.match(image, /\.png$/, `${name}: og:image names a PNG`);
      assert.is(meta["og:image:type"], "image/png", `${name}: og:image:type`);
      assert.is(meta["og:image:width"], "1200", `${name}: og:image:width`);
      assert.is(meta["og:image:height"], "630", `${name}: og:image:height`);
      assert.is(meta["twitter:card"], "summary_large_image", `${name}: twitter:card`);
      assert.ok((meta["og:image:alt"] ?? "").length > 0, `${name}: og:image:alt`);
      // The preview's words are the page's own, and its address the page's public URL.
      const title = textOf(/<title>(.*?)<\/title>/s.exec(html)?.[1] ?? "");
      assert.is(meta["og:title"], title, `${name}: og:title is the page's title`);
      assert.is(meta["twitter:title"], title, `${name}: twitter:title is the page's title`);
      assert.is(meta["og:description"], meta.description, `${name}: og:description is its description`);
      if (name.endsWith("index.html"))
        assert.is(
          meta["og:url"],
          new URL(name.slice(0, -10), siteUrl).href,
          `${name}: og:url is its public URL`,
        );
      cards.add(JSON.stringify([image, meta["og:image:alt"]]));
    }
    assert.is(cards.size, 1, "every page shows the same card with the same text");
    const [image, alt] = JSON.parse([...cards][0]!) as [string, string];

    const file = await readFile(path.join(siteDir, decodeURI(image.slice(siteUrl.length))));
    assert.equal(pngSize(file), { width: 1200, height: 630 }, "the IHDR says 1200×630");

    // The text alternative says what the card shows, from the same data.
    const all = ranks.ranks;
    const drawn = all.length <= 8 ? all : [...all.slice(0, 7), all.at(-1)!];
    assert.ok(alt.includes(`${calculator.dailyInterestPercent}%`), `the alt text says the rate: ${alt}`);
    const leftOut = `, ${all.length - 8} more rank`;
    if (all.length > 8) assert.ok(alt.includes(leftOut), `the alt text counts the ranks left out: ${alt}`);
    let from = 0;
    for (const rank of drawn) {
      const at = alt.indexOf(`${rank.name} ${rank.displayValue}`, from);
      assert.ok(at >= from, `the alt text names ${rank.name} ${rank.displayValue}, in order: ${alt}`);
      from = at;
    }
  });
}

test.run();
