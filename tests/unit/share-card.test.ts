/**
 * The link previews' card, drawn from data without a build: which ranks a long ladder shows,
 * values from data escaped in the SVG, and text that never runs out of its step however long a
 * name or label the rank schema allows (40 and 16 characters), read from the rendered pixels.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import shareCard, { describeCard, ladderSteps, type LadderRank } from "../../_data/shareCard.ts";
import { shareCardPng, shareCardSvg } from "../../_config/share-card.ts";
import { decodePng, pixelAt, runsAlongRow, type PngImage } from "../support/png.ts";
import { decodeEntities } from "../support/pages.ts";

/** `count` ranks named by `name`, labelled `0B+`, `1B+`, … unless `label` says otherwise. */
function ranksNamed(
  count: number,
  name: (index: number) => string,
  label?: (index: number) => string,
): LadderRank[] {
  return Array.from({ length: count }, (_, index) => ({
    name: name(index),
    label: label?.(index) ?? `${index}B+`,
  }));
}

test("a ladder of up to 8 ranks is drawn whole; past that, the lowest 7, how many are left out and the highest", () => {
  const eight = ranksNamed(8, (index) => `Rank ${index}`);
  assert.equal(ladderSteps(eight), eight);
  const twelve = ranksNamed(12, (index) => `Rank ${index}`);
  assert.equal(ladderSteps(twelve), [...twelve.slice(0, 7), { omitted: 4 }, twelve[11]]);
  assert.equal(ladderSteps(ranksNamed(9, String)).at(-2), { omitted: 1 });
});

test("the text alternative names each step the card draws, in order, a gap included", () => {
  const steps = ladderSteps(ranksNamed(10, (index) => `R${index}`));
  assert.is(
    describeCard("Site", { before: "Gems grow ", rate: "0.3%", after: " a day." }, steps),
    "Site. Gems grow 0.3% a day. The ranks, lowest first: " +
      "R0 0B+, R1 1B+, R2 2B+, R3 3B+, R4 4B+, R5 5B+, R6 6B+, 2 more ranks, R9 9B+.",
  );
  const nine = ladderSteps(ranksNamed(9, (index) => `R${index}`));
  assert.match(
    describeCard("Site", { before: "", rate: "0.3%", after: "" }, nine),
    /R6 6B\+, 1 more rank, R8 8B\+\.$/,
  );
});

/** The text nodes of an SVG, entities decoded. */
const textNodes = (svg: string) => [...svg.matchAll(/>([^<]+)</g)].map((match) => decodeEntities(match[1]!));

test("names from data are text in the SVG: escaped, never markup", () => {
  const hostile = ["<b>&amp;'\"</b>", "]]><x/>", "&#x3C;i>"];
  const svg = shareCardSvg({ ...shareCard, steps: hostile.map((name) => ({ name, label: "1B+" })) });
  assert.not.match(svg, /<b>|<x\/>|<i>|&#x3C;/);
  const texts = textNodes(svg);
  for (const name of hostile)
    assert.ok(texts.includes(name), `${name} is a text of its own: ${texts.join(" | ")}`);
});

test("a name too long for its step at the shared size takes two lines, split between words", () => {
  const name = "Keeper of the Ancient Flame Eternal";
  const steps = [{ name, label: "0M+" }, ...ranksNamed(3, (index) => `Rank ${index}`)];
  const texts = textNodes(shareCardSvg({ ...shareCard, steps }));
  assert.ok(texts.includes("Keeper of the Ancient") && texts.includes("Flame Eternal"), texts.join(" | "));
  assert.ok(texts.includes("Rank 0"), "the other names keep one line");
});

/** Whether column `x` of the card is background from row `top` down to the bottom edge. */
function columnIsClear(png: PngImage, x: number, top: number, background: [number, number, number]): boolean {
  for (let y = top; y < png.height; y++) {
    if (pixelAt(png, x, y).some((channel, at) => Math.abs(channel - background[at]!) > 8)) return false;
  }
  return true;
}

/** The gaps between the steps standing on the bottom edge, as column ranges. */
function gapsBetweenSteps(png: PngImage, background: [number, number, number]): [number, number][] {
  const steps = runsAlongRow(png, png.height - 1, background);
  return steps.slice(1).map(([left], index) => [steps[index]![1] + 1, left - 1]);
}

for (const count of [1, 4, 8, 12]) {
  test(`the longest names and labels the schema allows stay within their steps (${count} ranks)`, async () => {
    const widest = ranksNamed(
      count,
      () => "W".repeat(40),
      () => "888,888,888,888+",
    );
    const card = { ...shareCard, steps: ladderSteps(widest) };
    const png = decodePng(await shareCardPng(card));
    const background = pixelAt(png, 2, 2);
    const gaps = gapsBetweenSteps(png, background);
    assert.is(gaps.length, card.steps.length - 1, "a gap between each two steps");
    // Below the line with the rate, nothing but the steps and their own text: every gap is clear.
    for (const [left, right] of gaps) {
      for (let x = left; x <= right; x++)
        assert.ok(columnIsClear(png, x, 230, background), `column ${x} is clear`);
    }
    // Nor does text run off the card's right edge past the margin.
    for (let x = 1200 - 60; x < 1200; x++)
      assert.ok(columnIsClear(png, x, 0, background), `column ${x} is clear`);
  });
}

test.run();
