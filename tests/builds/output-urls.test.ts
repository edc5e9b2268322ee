/**
 * The build writes only what it declares (`_config/page-outputs.ts`): a template whose URL ends in
 * anything but a page, a Markdown twin, JSON, text, the sitemap or the API catalog fails the build
 * before any page is written, naming the file, the URL and the fix; so does a template writing in the
 * build's own folder (the bundles, the card) or making another output's file a folder.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { paths } from "../../_data/site.ts";
import { buildEachEdit, ROOT_SITE_URL, textsUnder } from "../support/build.ts";

/** What every template below writes, so that a test can tell whether any of it shipped. */
const PAYLOAD = "<script>alert('template output')</script>";

/** The permalink of each template, by its file under content/. */
const TEMPLATES: Record<string, string> = {
  "zz-htm.liquid": "/zz.htm",
  "zz-xhtml.liquid": "/zz.xhtml",
  "zz-xht.liquid": "/zz.xht",
  "zz-svg.liquid": "/zz.svg",
  "zz-feed.liquid": "/feed.xml",
  "zz-upper.liquid": "/zz.HTML",
  "zz-bundle.liquid": `/${paths.calculatorScript}`,
  "zz-card.liquid": `/${paths.shareCard}`,
  "zz-chunk.liquid": "/assets/plan.js/",
  "zz-folder.liquid": `/${paths.agentGuide}/`,
};

const addTemplates = async (project: string) => {
  for (const [file, permalink] of Object.entries(TEMPLATES))
    await writeFile(
      path.join(project, "content", file),
      `---\npermalink: "${permalink}"\nlayout: false\neleventyExcludeFromCollections: true\n---\n${PAYLOAD}\n`,
    );
};

const [build] = buildEachEdit(ROOT_SITE_URL, [addTemplates], async (result, output) => {
  const written = [...(await textsUnder(output))];
  return { result, shipped: written.filter(([, text]) => text.includes(PAYLOAD)).map(([file]) => file) };
});

test("templates writing .htm, .xhtml, .xht, .svg, .HTML or an .xml but the sitemap fail, each named", async () => {
  const { result, shipped } = await build!;
  assert.not.ok(result.ok, "the build succeeded");
  assert.equal(shipped, [], "no template's output was written");
  for (const [file, url] of Object.entries(TEMPLATES).slice(0, 6))
    assert.ok(
      result.output.includes(`content/${file}:2: the permalink ${url} is not a kind the site publishes`),
      `${file}: ${result.output}`,
    );
});

test("a template writing in /assets/ (the bundle, the card, a lazy module's name) or making another output \
a folder fails, naming it", async () => {
  const { result } = await build!;
  const own = (file: string, url: string) =>
    `content/${file}:2: ${url} is in /assets/, where the build writes its own`;
  for (const expected of [
    own("zz-bundle.liquid", `/${paths.calculatorScript}`),
    own("zz-card.liquid", `/${paths.shareCard}`),
    own("zz-chunk.liquid", "/assets/plan.js/"),
    `content/zz-folder.liquid:2: /${paths.agentGuide}/ would make /${paths.agentGuide}, a file the build writes, a folder`,
  ])
    assert.ok(result.output.includes(expected), `${expected}: ${result.output}`);
});

test.run();
