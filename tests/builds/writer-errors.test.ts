/**
 * A writer's commonest mistakes, each made in a copy of the project and built: the build fails
 * with the file, the line in the file and the fix. `npm start`'s watching build prints the same
 * and sends it to the open page (browser/dev-loop.test.ts). page-checks.test.ts and
 * data-rules.test.ts test the rules themselves.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildEachEdit, editing, ROOT, ROOT_SITE_URL, type BuildResult } from "../support/build.ts";
import { DATA_NAME, lineOf, MISSPELT, misspeltMessage } from "../support/writer-mistakes.ts";

// The builds are queued as the file loads (this process builds one at a time), so they run while
// other tests wait, on buildEachEdit's shared copy (a bad data edit is edits.test.ts's).
const [misspelt, typedRank, cssTypo] = buildEachEdit(
  ROOT_SITE_URL,
  [
    editing("content/pages/docs.md", `(\`"${DATA_NAME}"\`)`, `(\`"${MISSPELT}"\`)`),
    editing(
      "content/pages/docs.md",
      "## Support\n\n",
      "## Support\n\nMembers of the support team answer; Ethereal holders ask first.\n\n",
    ),
    editing("assets/styles/site.css", "  line-height: 1.6;", "  line-hight: 1.6;\n  --x: </style>;"),
  ],
  async (result) => result,
);

/** The build's output, which must be a failure. */
async function failure(build: Promise<BuildResult>): Promise<string> {
  const result = await build;
  assert.not.ok(result.ok, "the build succeeded");
  return result.output;
}

test("a misspelt data name fails naming the file, the line in the file, the name and the closest one", async () => {
  const output = await failure(misspelt!);
  const line = await lineOf("content/pages/docs.md", `(\`"${DATA_NAME}"\`)`);
  assert.ok(output.includes(`${misspeltMessage(line)} Correct the spelling`), output);
  assert.ok(output.includes(`in ${MISSPELT}`), "the tag is quoted");
  // Liquid counts from the end of the front matter; that line must not be shown.
  const frontMatter =
    (await readFile(path.join(ROOT, "content/pages/docs.md"), "utf8")).split("\n---\n")[0]!.split("\n")
      .length + 1;
  assert.not.ok(
    output.includes(`Line ${line - frontMatter}`),
    `the line counted without the front matter: ${output}`,
  );
});

test(`a rank name typed in a page fails naming the file, the line and the template to write; ordinary \
words pass`, async () => {
  const output = await failure(typedRank!);
  const line = (await lineOf("content/pages/docs.md", "## Support")) + 2;
  assert.ok(
    output.includes(
      `content/pages/docs.md:${line}: types the rank name "Ethereal" by hand; ` +
        "write {{ ranks.ranks[1].name | markdownText }} so the page follows the data",
    ),
    output,
  );
  assert.not.match(output, /"Member"/, "Members is a word, not the rank");
});

test("a mistyped property or a </style in a stylesheet fails the build with the file and the line", async () => {
  const output = await failure(cssTypo!);
  const line = await lineOf("assets/styles/site.css", "  line-height: 1.6;");
  assert.ok(
    output.includes(`assets/styles/site.css:${line}:3: "line-hight" is not a known CSS property`),
    output,
  );
  assert.ok(output.includes(`site.css: "</style" would end the inlined <style> element`), output);
});

test.run();
