/**
 * A broken internal link fails the build, naming the page and the link: in an HTML page written
 * in Markdown, and in a Markdown output such as a twin, where a bare `#fragment` is broken too.
 * Links that resolve, links to other sites and links shown inside code are left alone.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { findBrokenLinks, htmlLinks, markdownLinks } from "../_includes/lib/internal-links.ts";
import { PATH_SITE_URL, runBuild, withProjectCopy, withTempDir } from "./support/build.ts";

test("Markdown links are read from inline links, references, autolinks and raw HTML, not from code", () => {
  const markdown = [
    "See [the docs](/docs/ \"Docs\") and [ranks][r], or <https://example.github.io/exp-bank/api/>.",
    "",
    "[r]: /api/ranks.json",
    "[^1]: A footnote, not a link.",
    "",
    'A raw <a href="/auth/">link</a>; an example `[not](/a-link/)`.',
    "",
    "```md",
    "[also not](/in-a-fence/)",
    "```",
  ].join("\n");
  assert.equal(markdownLinks(markdown).sort(), ["/api/ranks.json", "/auth/", "/docs/", "https://example.github.io/exp-bank/api/"]);
});

test("HTML links are read from href and src attributes, entities decoded", () => {
  const html = `<a href="/exp-bank/docs/">Docs</a><script src='/exp-bank/assets/app.js'></script><a href="/x?a=1&amp;b=2">q</a><code>href=&quot;/not/&quot;</code>`;
  assert.equal(htmlLinks(html), ["/exp-bank/docs/", "/exp-bank/assets/app.js", "/x?a=1&b=2"]);
});

test("a bare fragment is broken in a Markdown or text output, which has no anchors, and fine in an HTML page", async () => {
  await withTempDir("bare-fragment", async (output) => {
    const results = [
      { inputPath: "./content/page.md", outputPath: path.join(output, "page/index.html"), url: "/page/", content: '<a href="#support">Support</a>' },
      { inputPath: "./content/twin.njk", outputPath: path.join(output, "page.md"), url: "/page.md", content: "[Support](#support)\n" },
      { inputPath: "./content/guide.njk", outputPath: path.join(output, "guide.txt"), url: "/guide.txt", content: "- [Tools](#tools): a section\n" },
    ];
    const broken = await findBrokenLinks(results, output, PATH_SITE_URL);
    assert.equal(broken.map((link) => `${link.inputPath} ${link.link}`), ["./content/twin.njk #support", "./content/guide.njk #tools"]);
    assert.match(broken[0]!.reason, "bare fragment");
  });
});

test("the build fails on broken links in a Markdown page and in a Markdown output, and on one outside the base path, naming page and link", async () => {
  const base = new URL(PATH_SITE_URL);
  // Pages a writer might add: one broken root-relative link, one working, one to another site...
  const stray = [
    "---",
    "title: Stray page",
    "permalink: /stray/",
    "eleventyExcludeFromCollections: true",
    "---",
    "",
    "# Stray page",
    "",
    "Read [the rates](/rates/), [the docs](/docs/) and [Eleventy](https://www.11ty.dev/docs/).",
    "",
  ];
  // ...a Markdown output (like a twin) that links with absolute URLs under the base URL...
  const notes = [
    "---",
    "permalink: /stray-notes.md",
    "layout: false",
    "eleventyExcludeFromCollections: true",
    "---",
    `- [Missing twin](${new URL("missing.md", base).href}): no such file.`,
    `- [Contract](${new URL("openapi.json", base).href}): exists.`,
    "",
    "```sh",
    `curl ${new URL("in-a-fence.json", base).href}`,
    "```",
    "",
  ];
  // ...and one that links the same host outside the base path, which GitHub Pages would not serve from this site.
  const outside = ["---", "permalink: /stray-outside.md", "layout: false", "eleventyExcludeFromCollections: true", "---", "[Docs](https://example.github.io/docs/)", ""];
  const result = await withProjectCopy(async (project) => {
    await writeFile(path.join(project, "content/stray.md"), stray.join("\n"));
    await writeFile(path.join(project, "content/stray-notes.njk"), notes.join("\n"));
    await writeFile(path.join(project, "content/stray-outside.njk"), outside.join("\n"));
    return withTempDir("broken-links", (output) => runBuild(project, output, PATH_SITE_URL));
  });
  assert.not.ok(result.ok, "the build must fail");
  assert.match(result.output, "Broken internal links (3)");
  assert.match(result.output, /content\/stray\.md \(\/exp-bank\/stray\/\): link "\/exp-bank\/rates\/"/);
  assert.match(result.output, /content\/stray-notes\.njk \(\/exp-bank\/stray-notes\.md\): link "https:\/\/example\.github\.io\/exp-bank\/missing\.md"/);
  assert.match(result.output, `link "https://example.github.io/docs/" is outside the site's base path /exp-bank/`);
  for (const fine of ["/exp-bank/docs/", "11ty.dev", "openapi.json\"", "in-a-fence"]) assert.not.match(result.output, `link "${fine}`, `${fine} is not broken`);
});

test.run();
