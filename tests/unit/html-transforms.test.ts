/**
 * Each page's rewritten HTML is kept (_config/html-transforms.ts) with its inlined stylesheet and
 * that stylesheet's CSP hash set aside: a stylesheet edit changes every page, yet no page is
 * rewritten again, and each gets its own new stylesheet and hash back. Eleventy's HTML
 * transformer is stood in for by one that marks what it rewrote and counts its calls.
 */
import { createHash } from "node:crypto";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { withCacheFolder } from "../support/cache-folder.ts";
import { keepHtmlTransforms } from "../../_config/html-transforms.ts";
import { keepResults } from "../../_config/kept-results.ts";

type Transform = (this: object, content: string) => Promise<string>;

/** The transform html-transforms.ts adds, over a stand-in transformer that counts the pages it rewrites. */
function keptTransform(): { transform: Transform; rewritten: string[] } {
  const rewritten: string[] = [];
  const added: Record<string, Transform> = {};
  const config = {
    transforms: { "@11ty/eleventy/html-transformer": () => undefined },
    pathPrefix: "/",
    htmlTransformer: {
      transformContent: async (_outputPath: string, content: string) => {
        rewritten.push(content);
        return content.replaceAll('href="/', 'href="/prefix/');
      },
    },
    addTransform: (name: string, transform: Transform) => (added[name] = transform),
  };
  keepHtmlTransforms(config as never, () => ({}));
  return { transform: added["@11ty/eleventy/html-transformer"]!, rewritten };
}

const hashOf = (css: string) => `'sha256-${createHash("sha256").update(css).digest("base64")}'`;

const page = (css: string, policyHash = hashOf(css)) =>
  `<html><head><meta http-equiv="Content-Security-Policy" content="style-src ${policyHash}">` +
  `<style>${css}</style></head><body><a href="/docs/">Docs</a></body></html>`;

const context = { outputPath: "_site/index.html", inputPath: "./content/pages/index.md", url: "/" };

test("a stylesheet edit rewrites no page again, and each page gets its new stylesheet and hash", async () => {
  await withCacheFolder(async () => {
    const { transform, rewritten } = keptTransform();
    const first = await transform.call(context, page("body { color: #111; }"));
    assert.is(first, page("body { color: #111; }").replace('href="/docs/', 'href="/prefix/docs/'));
    assert.is(rewritten.length, 1);

    const edited = "body { color: #222; } /* $& $1 */";
    const second = await transform.call(context, page(edited));
    assert.is(rewritten.length, 1, "the edited stylesheet's page is not rewritten again");
    assert.is(
      second,
      page(edited).replace('href="/docs/', 'href="/prefix/docs/'),
      "with its own stylesheet and hash",
    );

    // A page whose policy does not hold its stylesheet's hash is rewritten as it is.
    const unmatched = page(edited, "'sha256-another'");
    assert.is(
      await transform.call(context, unmatched),
      unmatched.replace('href="/docs/', 'href="/prefix/docs/'),
    );
    assert.is(rewritten.at(-1), unmatched);
    await keepResults();
  });
});

test.run();
