/**
 * The twins' Markdown link reader (_config/markdown-links.ts): which destinations it finds
 * and rewrites, what it leaves alone (code), and the heading anchors a twin offers.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mapMarkdownLinks } from "../../_config/markdown-links.ts";
import { readTwin } from "../../_config/twins.ts";
import { markdownLinks } from "../support/markdown-links.ts";

test(`Markdown links are read from inline links, references and autolinks, not from raw HTML (text in a page) \
or code`, () => {
  const markdown = `See [the docs](/docs/ "Docs") and [ranks][r], or <https://example.github.io/exp-bank/api/>.

[r]: /api/ranks.json
[^1]: A footnote, not a link.

A raw <a href="/auth/">link</a>; an example \`[not](/a-link/)\`.

\`\`\`md
[also not](/in-a-fence/)
\`\`\``;
  assert.equal(markdownLinks(markdown).sort(), [
    "/api/ranks.json",
    "/docs/",
    "https://example.github.io/exp-bank/api/",
  ]);
});

test("Markdown links are rewritten in place, code left alone", () => {
  const markdown = "[a](/a/) `[b](/b/)` <https://x.example/c> [d]: /d\n\n```\n[e](/e/)\n```\n";
  assert.is(
    mapMarkdownLinks(markdown, (target) => target.toUpperCase()),
    "[a](/A/) `[b](/b/)` <HTTPS://X.EXAMPLE/C> [d]: /d\n\n```\n[e](/e/)\n```\n",
  );
});

test("a twin's anchors are its page's heading ids (## to ####), not lines in code", () => {
  const twin = readTwin(
    "# API docs\n\n## Terms of use\n\n### GET /api/info.json ##\n\n```sh\n# not a heading\n```\n",
  );
  assert.equal([...twin.anchors], ["terms-of-use", "get-api-info-json"]);
});

test.run();
