/**
 * The link check (linkinator, tests/support/linkinator.ts) finds the broken links a writer might
 * make in a page, a twin, a text output and llms.txt, under a path prefix and at an origin's root:
 * exactly these, each with an output that carries it, and none of the links that work. The path
 * holds percent-escapes (`/caf%C3%A9/`, a repository named café): such a SITE_URL builds too.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildEachEdit, editFile, ROOT_SITE_URL } from "../support/build.ts";
import { linkinatorCheck } from "../support/linkinator.ts";

const CAFE = "https://user.github.io/caf%C3%A9/";

/** The broken links linkinator finds in a build with `breakLinks` (`buildEachEdit`'s copy for `siteUrl`), by URL. */
async function brokenIn(siteUrl: string): Promise<Map<string, string[]>> {
  const [broken] = buildEachEdit(siteUrl, [breakLinks], async (built, output) => {
    assert.ok(built.ok, built.output);
    assert.not.match(built.output, /TypeError/);
    return new Map((await linkinatorCheck(output, siteUrl)).broken.map((link) => [link.url, link.outputs]));
  });
  return broken!;
}

/** Writes the broken links a writer might make into a copy of the project. */
async function breakLinks(project: string): Promise<void> {
  // A page: one missing page, one missing fragment, links that work, a link to another site (never fetched).
  const strayPage = `---
title: Stray page
permalink: /stray/
eleventyExcludeFromCollections: true
---

# Stray page

Read [the rates](/rates/), [the docs](/docs/), [support](/docs/#support), [nothing](/docs/#no-such-anchor)
and [Eleventy](https://www.11ty.dev/docs/).
`;
  await writeFile(path.join(project, "content/stray.md"), strayPage);
  // Images: a page cannot write `srcset` (Markdown has none), so a template of the site's does, with the path prefix.
  const images = `---
permalink: /stray-images/
eleventyExcludeFromCollections: true
---
<img src="{{ site.pathPrefix }}missing-card.png" alt="A card">
<img srcset="{{ site.pathPrefix }}docs/ 1x, {{ site.pathPrefix }}missing-wide.png 2x"
  src="{{ site.pathPrefix }}docs/" alt="">
`;
  await writeFile(path.join(project, "content/stray-images.liquid"), images);
  // The same missing page from a real page, which its twin and llms-full.txt repeat.
  // And a bare URL, which the twin's Markdown makes a link (GitHub's autolinks).
  const auth = path.join(project, "content/pages/auth.md");
  await writeFile(
    auth,
    `${await readFile(auth, "utf8")}\nAlso see [the rates](/rates/), or ${CAFE}nowhere/.\n`,
  );
  // A text output with absolute links under the public URL (checked against this build, not the internet).
  const base = new URL(CAFE);
  const notes = `---
permalink: /stray-notes.txt
layout: false
eleventyExcludeFromCollections: true
---
- [Missing twin](${new URL("missing.md", base).href}): no such file.
- [Contract](${new URL("openapi.json", base).href}): exists.
- [Support](${new URL("docs.md#support", base).href}): a heading of the docs twin.
- [Outside](https://user.github.io/docs/): the same host outside the base path.
- [Tools](#tools): a bare fragment.
`;
  await writeFile(path.join(project, "content/stray-notes.liquid"), notes);
  // /llms.txt itself, its link written by the template: a misspelt path.
  await editFile(
    project,
    "content/llms.txt.liquid",
    "({{ site.urls.fullAgentGuide }})",
    '({{ "llms-ful.txt" | absoluteUrl }})',
  );
}

test(`broken links, fragments and llms.txt links under a path prefix with %XX escapes: exactly these, \
where they are`, async () => {
  const broken = await brokenIn(CAFE);
  // Each broken link and an output that carries it (linkinator names the first it met).
  const expected: Record<string, string> = {
    [`${CAFE}nowhere/`]: "auth.md",
    [`${CAFE}missing-card.png`]: "stray-images/index.html",
    [`${CAFE}missing-wide.png`]: "stray-images/index.html",
    [`${CAFE}llms-ful.txt`]: "llms.txt",
    [`${CAFE}rates/`]: "stray/index.html",
    [`${CAFE}missing.md`]: "stray-notes.txt",
    ["https://user.github.io/docs/"]: "stray-notes.txt",
    ["#tools"]: "stray-notes.txt",
    [`${CAFE}docs/#no-such-anchor`]: "stray/index.html or another page",
  };
  assert.equal([...broken.keys()].sort(), Object.keys(expected).sort(), "exactly these broken links");
  for (const [url, output] of Object.entries(expected).filter(([, output]) => output.endsWith(".txt")))
    assert.ok(broken.get(url)!.includes(output), `${url} is found in ${output}: ${broken.get(url)}`);
});

test("a site at an origin's root is checked too, and links to other origins are not followed", async () => {
  const broken = [...(await brokenIn(ROOT_SITE_URL)).keys()];
  for (const url of ["https://exp-bank.example/rates/", "https://exp-bank.example/docs/#no-such-anchor"])
    assert.ok(broken.includes(url), broken.join("\n"));
  assert.not.ok(
    broken.some((url) => url.includes("user.github.io")),
    broken.join("\n"),
  );
});

test.run();
