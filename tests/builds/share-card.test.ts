/**
 * The link previews' card follows the data: a copy of the project with its highest rank renamed
 * draws another card than the unedited copy's, and its text alternative names the new rank, not
 * the old one. Both copies are built in this process, in turn. (That the rename redraws only that
 * rank's row is tests/unit/share-card.test.ts's.)
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import ranks from "../../_data/ranks.ts";
import { buildInProcess, editFile, ROOT_SITE_URL, withProjectCopy, withOutput } from "../support/build.ts";
import { attributes, headOf } from "../support/pages.ts";

const top = ranks.ranks.at(-1)!;
/** The highest rank's new name. */
const RENAMED = "Zenith";

interface Card {
  png: Buffer;
  alt: string;
}

/** Builds a copy of the project, edited by `edit`, and reads its card and the homepage's alt text. */
function buildCard(edit: (project: string) => Promise<void>): Promise<Card> {
  return withProjectCopy((project) =>
    withOutput(project, async (output) => {
      await edit(project);
      const result = await buildInProcess(project, output, ROOT_SITE_URL);
      assert.ok(result.ok, result.output);
      const home = await readFile(path.join(output, "index.html"), "utf8");
      const tag = headOf(home).match(/<meta property="og:image"[^>]*>/)?.[0] ?? "";
      const image = attributes(tag).content ?? "";
      assert.ok(image.startsWith(ROOT_SITE_URL), `og:image ${image}`);
      const png = await readFile(path.join(output, image.slice(ROOT_SITE_URL.length)));
      const alt =
        attributes(headOf(home).match(/<meta property="og:image:alt"[^>]*>/)?.[0] ?? "").content ?? "";
      return { png, alt };
    }),
  );
}

// Both builds are queued as the file loads (this process builds one at a time).
const unedited = buildCard(async () => undefined);
const renamed = buildCard((project) =>
  editFile(project, "_data/ranks.ts", `name: "${top.name}"`, `name: "${RENAMED}"`),
);
unedited.catch(() => undefined);
renamed.catch(() => undefined);

test("renaming the highest rank draws another card", async () => {
  const [before, after] = [await unedited, await renamed];
  assert.not.ok(before.png.equals(after.png), "the card changed");
});

test("the card's text alternative names the renamed rank", async () => {
  const [before, after] = [await unedited, await renamed];
  assert.ok(before.alt.includes(`${top.name} ${top.displayValue}`), before.alt);
  assert.ok(after.alt.includes(`${RENAMED} ${top.displayValue}`), after.alt);
  assert.not.ok(after.alt.includes(top.name), after.alt);
});

test.run();
