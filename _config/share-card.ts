/**
 * Draws the link previews' picture (`shareCard`, _data/shareCard.ts) at build time: an SVG
 * written from the card's data (every value escaped), rasterised to a PNG by resvg
 * (`@resvg/resvg-js`, a prebuilt binary from the npm registry) and published at
 * `site.paths.shareCard`. The text is set in Atkinson Hyperlegible, read from an npm package's
 * font files and never from the system's, so the picture does not depend on the fonts a machine
 * has, and a rebuild writes the same bytes. Nothing runs in the browser: pages link to the PNG.
 */
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ResvgRenderOptions } from "@resvg/resvg-js";
import type { LadderStep, ShareCard } from "../_data/shareCard.ts";
import card from "../_data/shareCard.ts";
import { paths } from "../_data/site.ts";
import { escapeHtml } from "./escape.ts";

/** resvg, loaded when the card is first measured or drawn, not when the config is imported. */
const resvg = () => createRequire(import.meta.url)("@resvg/resvg-js") as typeof import("@resvg/resvg-js");

const STYLES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../assets/styles");

/**
 * Atkinson Hyperlegible (Braille Institute), regular and bold: made to tell letters and figures
 * apart at small sizes, as a chat app shows the card (about a third of its size). TrueType files
 * from an npm package, since resvg reads TrueType and OpenType, not the web's WOFF.
 */
const FONT_PACKAGE = "@expo-google-fonts/atkinson-hyperlegible";
const FONT_FILES = [
  "400Regular/AtkinsonHyperlegible_400Regular.ttf",
  "700Bold/AtkinsonHyperlegible_700Bold.ttf",
];
const FONT_FAMILY = "Atkinson Hyperlegible";
/** Only the package's fonts: a system font would make the picture depend on the machine. */
const RENDER_OPTIONS: ResvgRenderOptions = {
  font: {
    fontFiles: FONT_FILES.map((file) => fileURLToPath(import.meta.resolve(`${FONT_PACKAGE}/${file}`))),
    loadSystemFonts: false,
    defaultFontFamily: FONT_FAMILY,
  },
  logLevel: "off",
};

type Attributes = Record<string, string | number>;

/** Attributes as written in a start tag, each value escaped. */
function written(attributes: Attributes): string {
  return Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeHtml(String(value))}"`)
    .join("");
}

/** An SVG element; every attribute value and the text are escaped. */
function element(name: string, attributes: Attributes, text?: string): string {
  const start = `<${name}${written(attributes)}`;
  return text === undefined ? `${start}/>` : `${start}>${escapeHtml(text)}</${name}>`;
}

type Palette = { text: string; muted: string; background: string; accent: string };

/**
 * The light scheme's colours of the site (`:root` in assets/styles/site.css), so the card looks
 * like the pages. A light card reads in chat apps' dark and light themes alike.
 */
function lightPalette(): Palette {
  const css = readFileSync(path.join(STYLES, "site.css"), "utf8");
  const root = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? "";
  const colour = (name: string) => {
    const value = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6})\\s*;`).exec(root)?.[1];
    if (value) return value;
    const rule = `the first :root rule as a #rrggbb colour`;
    throw new Error(`assets/styles/site.css: the share card reads --${name} from ${rule}; none was found`);
  };
  return {
    text: colour("text"),
    muted: colour("muted"),
    background: colour("background"),
    accent: colour("link"),
  };
}

/** The site's icon (assets/styles/favicon.svg) as an SVG element placed at `x`, `y` and `size`. */
function icon(x: number, y: number, size: number): string {
  const svg = readFileSync(path.join(STYLES, "favicon.svg"), "utf8").trim();
  return svg.replace(/^<svg\b/, `<svg x="${x}" y="${y}" width="${size}" height="${size}"`);
}

type Weight = 400 | 700;

/** Each text's width at size 1, by weight and text: resvg loads the fonts for every measurement. */
const unitWidths = new Map<string, number>();

/**
 * How far the ink of `text` reaches from where it starts, in pixels, as resvg sets it in the
 * card's font at `size`: the width the text needs on the card. Measured once at size 100 and
 * scaled, since resvg does not hint: widths are proportional to the size.
 */
function inkWidth(text: string, size: number, weight: Weight): number {
  const key = `${weight} ${text}`;
  let unit = unitWidths.get(key);
  if (unit === undefined) {
    const attributes = { y: 100, "font-family": FONT_FAMILY, "font-size": 100, "font-weight": weight };
    const line = element("text", attributes, text);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1">${line}</svg>`;
    const box = new (resvg().Resvg)(svg, RENDER_OPTIONS).getBBox();
    unit = box ? (box.x + box.width) / 100 : 0;
    unitWidths.set(key, unit);
  }
  return unit * size;
}

/** The largest whole size from `largest` down to `smallest` at which `text` fits `width`. */
function sizeToFit(text: string, width: number, weight: Weight, largest: number, smallest: number): number {
  const natural = inkWidth(text, largest, weight);
  return natural <= width ? largest : Math.max(smallest, Math.floor((largest * width) / natural));
}

/** `text` at `size`, or its longest start that fits `width` ended with "…" (the alt text keeps it whole). */
function cutToFit(text: string, width: number, weight: Weight, size: number): string {
  if (inkWidth(text, size, weight) <= width) return text;
  const characters = [...text];
  const cut = (length: number) => `${characters.slice(0, length).join("").trimEnd()}…`;
  let [fits, tooLong] = [0, characters.length];
  while (tooLong - fits > 1) {
    const middle = Math.floor((fits + tooLong) / 2);
    if (inkWidth(cut(middle), size, weight) <= width) fits = middle;
    else tooLong = middle;
  }
  return cut(fits);
}

/** A text as the card sets it: one or two lines at one size, each fitting its width. */
type FittedText = { lines: string[]; size: number };

/** `text` as two lines split at the space nearest its middle, or as one when it has no space. */
function twoLines(text: string): string[] {
  const spaces = [...text.matchAll(/ /g)].map((match) => match.index);
  if (spaces.length === 0) return [text];
  const offCentre = (at: number) => Math.abs(at - text.length / 2);
  const split = spaces.reduce((best, at) => (offCentre(at) < offCentre(best) ? at : best));
  return [text.slice(0, split), text.slice(split + 1)];
}

/**
 * Texts set side by side at one size, so a row reads evenly: the largest from `largest` that fits
 * each on one line, but not below `shared`; a text too wide at that size takes two lines, and a
 * line still too wide is cut with "…".
 */
function fitTogether(
  texts: readonly string[],
  width: number,
  weight: Weight,
  largest: number,
  shared: number,
): FittedText[] {
  const size = Math.min(...texts.map((text) => sizeToFit(text, width, weight, largest, shared)));
  return texts.map((text) => {
    const lines = inkWidth(text, size, weight) <= width ? [text] : twoLines(text);
    return { lines: lines.map((line) => cutToFit(line, width, weight, size)), size };
  });
}

/** Fitted text as a `<text>` element whose last line sits on `y`; `attributes` are the card's own. */
function textElement(fitted: FittedText, x: number, y: number, attributes: Attributes): string {
  const lineHeight = Math.round(fitted.size * 1.15);
  const top = y - lineHeight * (fitted.lines.length - 1);
  const lines = fitted.lines.map((line, index) => element("tspan", { x, y: top + index * lineHeight }, line));
  return `<text${written({ ...attributes, "font-size": fitted.size })}>${lines.join("")}</text>`;
}

/** A colour between `from` and `to` (both `#rrggbb`), `share` of the way. */
function mix(from: string, to: string, share: number): string {
  const channel = (hex: string, at: number) => parseInt(hex.slice(at, at + 2), 16);
  const parts = [1, 3, 5].map((at) =>
    Math.round(channel(from, at) + (channel(to, at) - channel(from, at)) * share),
  );
  return `#${parts.map((part) => part.toString(16).padStart(2, "0")).join("")}`;
}

const CARD = { margin: 72, iconSize: 76 };
/** The ladder: steps standing on the card's bottom edge, rising left to right. */
const LADDER = {
  gap: 16,
  widestStep: 280,
  lowestTop: 530,
  highestTop: 360,
  nameSize: 40,
  labelSize: 32,
  /** The smallest size names or labels shrink to, all together, before a long one takes two lines. */
  sharedSize: 22,
};

/** What a step says: a rank's name and label, or how many ranks a gap leaves out. */
function stepWords(step: LadderStep): { name: string; label: string } {
  if ("omitted" in step)
    return { name: `${step.omitted} more`, label: step.omitted === 1 ? "rank" : "ranks" };
  return step;
}

/** Where a step stands: its left edge, width and top (it reaches below the card's bottom edge). */
type StepBox = { left: number; width: number; top: number; height: number };

/** A step's block: filled in the accent, deeper as the ladder rises; a gap's is pale and dashed. */
function stepBlock(step: LadderStep, box: StepBox, share: number, colours: Palette): string {
  const { left, width, top, height } = box;
  const gap = "omitted" in step;
  const fill = mix(colours.background, gap ? colours.muted : colours.accent, gap ? 0.1 : 0.3 + 0.7 * share);
  const block = element("rect", { x: left, y: top, width, height, rx: 10, fill });
  if (!gap) return block;
  const inset = { x: left + 1.5, y: top + 1.5, width: width - 3, height: height - 3, rx: 8.5 };
  const dashed = { fill: "none", stroke: colours.muted, "stroke-width": 3, "stroke-dasharray": "10 8" };
  return block + element("rect", { ...inset, ...dashed });
}

/** What stands above a step. */
type StepText = { name: FittedText; label: FittedText };

/** One step: its block, and its name and label centred above it. */
function ladderStep(step: LadderStep, box: StepBox, share: number, text: StepText, colours: Palette): string {
  const centre = box.left + box.width / 2;
  const labelColour = "omitted" in step ? colours.muted : colours.accent;
  const bold = { "text-anchor": "middle", "font-weight": 700 };
  return [
    stepBlock(step, box, share, colours),
    textElement(text.name, centre, box.top - 56, { ...bold, fill: colours.text }),
    textElement(text.label, centre, box.top - 16, { ...bold, fill: labelColour }),
  ].join("");
}

/** The rank ladder: one step per entry of `steps`, names and labels each set at one size. */
function ladder(card: ShareCard, colours: Palette): string[] {
  const count = card.steps.length;
  const room = card.width - 2 * CARD.margin - LADDER.gap * (count - 1);
  // Whole pixels, so every step has crisp edges.
  const width = Math.floor(Math.min(LADDER.widestStep, room / count));
  const words = card.steps.map(stepWords);
  // The steps' names, then their labels, each set bold at the one size at which all fit the step's width.
  const fitBold = (part: "name" | "label", largest: number) => {
    const texts = words.map((word) => word[part]);
    return fitTogether(texts, width, 700, largest, LADDER.sharedSize);
  };
  const names = fitBold("name", LADDER.nameSize);
  const labels = fitBold("label", LADDER.labelSize);
  return card.steps.map((step, index) => {
    const share = count === 1 ? 1 : index / (count - 1);
    const top = Math.round(LADDER.lowestTop - (LADDER.lowestTop - LADDER.highestTop) * share);
    const box = {
      left: CARD.margin + index * (width + LADDER.gap),
      width,
      top,
      height: card.height - top + 10,
    };
    return ladderStep(step, box, share, { name: names[index]!, label: labels[index]! }, colours);
  });
}

/** The line under the title, the rate set apart, on one line at the size that fits the card. */
function tagline(card: ShareCard, colours: Palette): string {
  const { before, rate, after } = card.tagline;
  // Measured bold throughout: wider than it is set, so it fits.
  const size = sizeToFit(`${before}${rate}${after}`, card.width - 2 * CARD.margin, 700, 42, 24);
  const attributes = {
    x: CARD.margin,
    y: 204,
    "font-family": FONT_FAMILY,
    "font-size": size,
    fill: colours.muted,
  };
  const emphasis = element("tspan", { "font-weight": 700, fill: colours.accent }, rate);
  return `<text${written(attributes)}>${escapeHtml(before)}${emphasis}${escapeHtml(after)}</text>`;
}

/** The card as SVG: the icon and the site's name, the rate, and the rank ladder. */
export function shareCardSvg(card: ShareCard): string {
  const colours = lightPalette();
  const { margin, iconSize } = CARD;
  const titleLeft = margin + iconSize + 24;
  const titleWidth = card.width - margin - titleLeft;
  const titleSize = sizeToFit(card.title, titleWidth, 700, 60, 36);
  const title = { lines: [cutToFit(card.title, titleWidth, 700, titleSize)], size: titleSize };
  const { width, height } = card;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    element("rect", { width, height, fill: colours.background }),
    icon(margin, 56, iconSize),
    textElement(title, titleLeft, 115, {
      "font-family": FONT_FAMILY,
      "font-weight": 700,
      fill: colours.text,
    }),
    tagline(card, colours),
    `<g${written({ "font-family": FONT_FAMILY })}>`,
    ...ladder(card, colours),
    "</g>",
    "</svg>",
  ].join("\n");
}

/** The card as a PNG, rasterised off the main thread (resvg's own worker) while the build goes on. */
export async function shareCardPng(card: ShareCard): Promise<Buffer> {
  const image = await resvg().renderAsync(shareCardSvg(card), RENDER_OPTIONS);
  return image.asPng();
}

/** The last card drawn in this process: `npm start` draws it again only when its SVG changed. */
let drawn: { svg: string; png: Promise<Buffer> } | undefined;

/** Writes the card into `outputDir` at `site.paths.shareCard`. */
export async function writeShareCard(outputDir: string): Promise<void> {
  const svg = shareCardSvg(card);
  if (drawn?.svg !== svg) drawn = { svg, png: shareCardPng(card) };
  const file = path.resolve(outputDir, paths.shareCard);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, await drawn.png);
}
