/**
 * A broken internal link fails the build, naming the page and the link: in an HTML page written
 * in Markdown, and in a Markdown output such as a twin, where a bare `#fragment` is broken too. A
 * fragment must name an id of the HTML page or a heading of the Markdown file it points to.
 * Links that resolve, links to other sites and links shown inside code are left alone. Every build
 * the tests make runs this check, so it is the suite's link check for every page, twin and guide.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { findBrokenLinks, htmlLinks } from "../build/eleventy/internal-links.ts";
import { mapMarkdownLinks, markdownAnchors, markdownLinks } from "../build/eleventy/markdown-links.ts";
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

test("Markdown links are rewritten in place, code left alone", () => {
  const markdown = "[a](/a/) `[b](/b/)` <https://x.example/c> [d]: /d\n\n```\n[e](/e/)\n```\n";
  assert.is(mapMarkdownLinks(markdown, (target) => target.toUpperCase()), "[a](/A/) `[b](/b/)` <HTTPS://X.EXAMPLE/C> [d]: /d\n\n```\n[e](/e/)\n```\n");
});

test("a Markdown file's anchors are its headings' slugs, not lines in code", () => {
  assert.equal([...markdownAnchors("# API docs\n\n## Terms of use\n\n### GET /api/info.json ##\n\n```sh\n# not a heading\n```\n")], ["api-docs", "terms-of-use", "get-api-info-json"]);
});

test("a bare fragment is broken in a Markdown or text output and must name an id in an HTML page", async () => {
  await withTempDir("bare-fragment", async (output) => {
    const results = [
      { inputPath: "./content/page.md", outputPath: path.join(output, "page/index.html"), url: "/page/", content: '<h2 id="support">Support</h2><a href="#support">Support</a><a href="#nowhere">Nowhere</a>' },
      { inputPath: "./content/twin.njk", outputPath: path.join(output, "page.md"), url: "/page.md", content: "[Support](#support)\n" },
      { inputPath: "./content/guide.njk", outputPath: path.join(output, "guide.txt"), url: "/guide.txt", content: "- [Tools](#tools): a section\n" },
    ];
    const broken = await findBrokenLinks(results, output, PATH_SITE_URL);
    assert.equal(broken.map((link) => `${link.inputPath} ${link.link}`), ["./content/page.md #nowhere", "./content/twin.njk #support", "./content/guide.njk #tools"]);
    assert.match(broken[0]!.reason, "no element with that id");
    assert.match(broken[1]!.reason, "bare fragment");
  });
});

test("the build fails on broken links in a Markdown page, in a Markdown output and outside the base path, naming page and link", async () => {
  const base = new URL(PATH_SITE_URL);
  const result = await withProjectCopy(async (project) => {
    // A page a writer might add: one broken root-relative link, one working, one to another site.
    await writeFile(
      path.join(project, "content/stray.md"),
      [
        "---",
        "title: Stray page",
        "permalink: /stray/",
        "eleventyExcludeFromCollections: true",
        "---",
        "",
        "# Stray page",
        "",
        "Read [the rates](/rates/), [the docs](/docs/), [support](/docs/#support), [nothing](/docs/#no-such-anchor) and [Eleventy](https://www.11ty.dev/docs/).",
        "",
      ].join("\n"),
    );
    // A Markdown output (like a twin) that links with absolute URLs under the base URL.
    await writeFile(
      path.join(project, "content/stray-notes.njk"),
      [
        "---",
        "permalink: /stray-notes.md",
        "layout: false",
        "eleventyExcludeFromCollections: true",
        "---",
        `- [Missing twin](${new URL("missing.md", base).href}): no such file.`,
        `- [Contract](${new URL("openapi.json", base).href}): exists.`,
        `- [Support](${new URL("docs.md#support", base).href}): a heading of the docs twin.`,
        `- [Nothing](${new URL("docs.md#no-such-heading", base).href}): no such heading.`,
        "",
        "```sh",
        `curl ${new URL("in-a-fence.json", base).href}`,
        "```",
        "",
      ].join("\n"),
    );
    // A link to the same host outside the base path, which GitHub Pages would not serve from this site.
    await writeFile(
      path.join(project, "content/stray-outside.njk"),
      ["---", "permalink: /stray-outside.md", "layout: false", "eleventyExcludeFromCollections: true", "---", "[Docs](https://example.github.io/docs/)", ""].join("\n"),
    );
    return withTempDir("broken-links", (output) => runBuild(project, output, PATH_SITE_URL));
  });
  assert.not.ok(result.ok, "the build must fail");
  assert.match(result.output, "Broken internal links (5)");
  assert.match(result.output, `link "https://example.github.io/docs/" is outside the site's base path /exp-bank/`);
  assert.match(result.output, /content\/stray\.md \(\/exp-bank\/stray\/\): link "\/exp-bank\/rates\/"/);
  assert.match(result.output, /content\/stray\.md \(\/exp-bank\/stray\/\): link "\/exp-bank\/docs\/#no-such-anchor" names the fragment #no-such-anchor, which docs\/index\.html does not have/);
  assert.match(result.output, /link "https:\/\/example\.github\.io\/exp-bank\/docs\.md#no-such-heading" names the fragment #no-such-heading, which docs\.md does not have \(no heading with that slug\)/);
  assert.match(result.output, /content\/stray-notes\.njk \(\/exp-bank\/stray-notes\.md\): link "https:\/\/example\.github\.io\/exp-bank\/missing\.md"/);
  for (const fine of ["/exp-bank/docs/\"", "/exp-bank/docs/#support", "docs.md#support", "11ty.dev", "openapi.json\"", "in-a-fence"]) assert.not.match(result.output, `link "${fine}`, `${fine} is not broken`);
});

test.run();
