/**
 * The link previews' card follows the data: a copy of the project with its highest rank renamed
 * draws a card that differs from the unedited copy's only where that rank's name stands, above
 * the highest step at the right; its text alternative names the new rank, not the old one. Both
 * copies are built in this process, in turn.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import ranks from "../../_data/ranks.ts";
import { buildInProcess, editFile, ROOT_SITE_URL, withProjectCopy, withOutput } from "../support/build.ts";
import { decodePng, type PngImage } from "../support/png.ts";
import { attributes, headOf } from "../support/pages.ts";

const top = ranks.ranks.at(-1)!;
/** A short name, which fits its step at the size the other names are set in. */
const RENAMED = "Zenith";

interface Card {
  png: PngImage;
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
      const png = decodePng(await readFile(path.join(output, image.slice(ROOT_SITE_URL.length))));
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

/** The smallest box holding every pixel where two images of one size and kind differ. */
interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function differingBox(a: PngImage, b: PngImage): Box | undefined {
  const rowBytes = a.width * a.channels;
  const row = (image: PngImage, y: number) => image.pixels.subarray(y * rowBytes, (y + 1) * rowBytes);
  let box: Box | undefined;
  for (let y = 0; y < a.height; y++) {
    const [p, q] = [row(a, y), row(b, y)];
    if (p.equals(q)) continue;
    let [first, last] = [0, rowBytes - 1];
    while (p[first] === q[first]) first += 1;
    while (p[last] === q[last]) last -= 1;
    const [left, right] = [Math.floor(first / a.channels), Math.floor(last / a.channels)];
    box = box
      ? { ...box, left: Math.min(box.left, left), right: Math.max(box.right, right), bottom: y }
      : { left, top: y, right, bottom: y };
  }
  return box;
}

test("renaming the highest rank redraws its name on the card, and nothing else", async () => {
  const [before, after] = [await unedited, await renamed];
  const shape = (card: Card) => [card.png.width, card.png.height, card.png.channels];
  assert.equal(shape(after), shape(before));
  const box = differingBox(before.png, after.png);
  assert.ok(box, "the card changed");
  // The highest step is the rightmost, the tallest; its name stands above it, below the title
  // and the rate. The steps, the other ranks and the title are the same pixels.
  assert.ok(box!.left > 900, `the change is at the right, over the highest step (${JSON.stringify(box)})`);
  assert.ok(
    box!.top > 220 && box!.bottom < 400,
    `the change is where a name stands (${JSON.stringify(box)})`,
  );
});

test("the card's text alternative names the renamed rank", async () => {
  const [before, after] = [await unedited, await renamed];
  assert.ok(before.alt.includes(`${top.name} ${top.displayValue}`), before.alt);
  assert.ok(after.alt.includes(`${RENAMED} ${top.displayValue}`), after.alt);
  assert.not.ok(after.alt.includes(top.name), after.alt);
});

test.run();
