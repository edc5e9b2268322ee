/**
 * The link previews' card, drawn from data without a build: which ranks a long ladder shows, the
 * ranks it holds as text, values from data escaped in the SVG, an edit to one rank redrawing only
 * its row, and text that never runs out of its row however long a name or label the rank schema
 * allows (a 40-character name, a 23-character label), read from the pixels resvg renders.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Resvg } from "@resvg/resvg-js";
import shareCard, { describeCard, ladderSteps, type LadderRank } from "../../_data/shareCard.ts";
import ranks from "../../_data/ranks.ts";
import { RENDER_OPTIONS, shareCardSvg } from "../../_config/share-card.ts";
import { decodeEntities } from "../support/pages.ts";

/** `count` ranks named by `name`, labelled `0B+`, `1B+`, … unless `label` says otherwise. */
function ranksNamed(count: number, name: (index: number) => string, label = (index: number) => `${index}B+`) {
  return Array.from({ length: count }, (_, index): LadderRank => ({
    name: name(index),
    label: label(index),
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

test("the card holds the site's name, the rate and every rank's name and label, whole", () => {
  const texts = textNodes(shareCardSvg(shareCard));
  assert.ok(texts.includes(shareCard.title) && texts.includes(shareCard.tagline.rate), texts.join(" | "));
  for (const rank of ranks.ranks) {
    assert.ok(texts.includes(rank.name), `${rank.name}: ${texts.join(" | ")}`);
    assert.ok(texts.includes(rank.displayValue), `${rank.displayValue}: ${texts.join(" | ")}`);
  }
  const long = "Keeper of the Ancient Flame Eternal";
  const steps = [{ name: long, label: "0M+" }, ...ranksNamed(3, (index) => `Rank ${index}`)];
  assert.ok(
    textNodes(shareCardSvg({ ...shareCard, steps })).includes(long),
    "a long name is neither cut nor wrapped",
  );
});

test("names from data are text in the SVG: escaped, never markup", () => {
  const hostile = ["<b>&amp;'\"</b>", "]]><x/>", "&#x3C;i>"];
  const svg = shareCardSvg({ ...shareCard, steps: hostile.map((name) => ({ name, label: "1B+" })) });
  assert.not.match(svg, /<b>|<x\/>|<i>|&#x3C;/);
  const texts = textNodes(svg);
  for (const name of hostile)
    assert.ok(texts.includes(name), `${name} is a text of its own: ${texts.join(" | ")}`);
});

test("renaming the highest rank redraws its row and nothing else", () => {
  const steps = ranksNamed(7, (index) => `Rank ${index}`);
  const renamed = [...steps.slice(0, 6), { name: "Zenith of a much longer name", label: "6B+" }];
  const [before, after] = [steps, renamed].map((ladder) =>
    shareCardSvg({ ...shareCard, steps: ladder }).split("\n"),
  );
  assert.is(after!.length, before!.length);
  const changed = after!.filter((line, index) => line !== before![index]);
  assert.is(changed.length, 1, changed.join("\n"));
  assert.match(changed[0]!, /Zenith of a much longer name/);
});

type Colour = [number, number, number];

/** The card as resvg renders it: its size and the colour of a pixel. */
function rendered(steps: ReturnType<typeof ladderSteps>) {
  const { width, height, pixels } = new Resvg(shareCardSvg({ ...shareCard, steps }), RENDER_OPTIONS).render();
  const at = (x: number, y: number): Colour => {
    const start = (y * width + x) * 4;
    return [pixels[start]!, pixels[start + 1]!, pixels[start + 2]!];
  };
  return { width, height, at };
}

/** Whether two colours are alike, each channel within 8 of the other's. */
const alike = (a: Colour, b: Colour) => a.every((channel, at) => Math.abs(channel - b[at]!) <= 8);

/** The relative luminance of an sRGB colour, 0 (black) to 1 (white), as WCAG defines it. */
function luminance([r, g, b]: Colour): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

test("a light 1200×630 card with the title in dark ink, which reads in chat apps' dark and light themes", () => {
  const card = rendered(shareCard.steps);
  assert.equal([card.width, card.height], [1200, 630]);
  assert.ok(luminance(card.at(2, 2)) > 0.85, `the background ${card.at(2, 2).join(",")} is light`);
  let dark = 0;
  for (let y = 0; y < 140; y += 2)
    for (let x = 0; x < 1200; x += 2) if (luminance(card.at(x, y)) < 0.05) dark += 1;
  assert.ok(dark > 500, `the title is drawn in dark ink (${dark} sampled pixels)`);
});

for (const count of [1, 4, 8, 12]) {
  // The font's widest letters, and a character it lacks (drawn as a box).
  for (const letter of ["W", "Ǣ", "星"]) {
    test(`the longest names and labels the schema allows stay in their rows (${count} ranks of ${letter})`, () => {
      const widest = ranksNamed(
        count,
        () => letter.repeat(40),
        // The longest label: a threshold of 10^20 − 1 gems, the most the rank schema allows.
        () => "99999999.999999999999T+",
      );
      const card = rendered(ladderSteps(widest));
      const background = card.at(2, 2);
      // The rows, read down the card at x = 80, left of where any text starts.
      const rows: [number, number][] = [];
      for (let y = 220; y < card.height; y++) {
        if (alike(card.at(80, y), background)) continue;
        const last = rows.at(-1);
        if (last?.[1] === y - 1) last[1] = y;
        else rows.push([y, y]);
      }
      assert.is(rows.length, Math.min(count, 9), "a row per step");
      for (const [top, bottom] of rows) {
        // Inside a row, its tint and its text: a name and a label stand at least 20 px apart.
        const tint = card.at(80, Math.round((top + bottom) / 2));
        const inked: number[] = [];
        for (let x = 81; x < 1128; x++) {
          for (let y = top + 3; y <= bottom - 3; y++) {
            if (alike(card.at(x, y), tint)) continue;
            inked.push(x);
            break;
          }
        }
        const apart = Math.max(...inked.slice(1).map((x, index) => x - inked[index]! - 1));
        if (inked.at(-1)! > 1100) assert.ok(apart >= 20, `row at ${top}: name and label ${apart} px apart`);
      }
      // Between the rows and right of them, nothing: no text runs out of its row.
      const strays: string[] = [];
      for (let y = rows[0]![0]; y < card.height; y++) {
        const inRow = rows.some(([top, bottom]) => y >= top && y <= bottom);
        for (let x = inRow ? 1132 : 0; x < card.width; x++)
          if (!alike(card.at(x, y), background)) strays.push(`${x},${y}`);
      }
      assert.equal(strays.slice(0, 10), [], "pixels outside the rows");
    });
  }
}

test.run();
