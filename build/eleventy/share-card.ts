/**
 * Draws the link previews' picture (`shareCard`, build/data/shareCard.ts) at build time: an SVG
 * written from the card's data (every value escaped), rasterised to a PNG by resvg
 * (`@resvg/resvg-js`, a prebuilt binary from the npm registry) and published at
 * `site.paths.shareCard`. The text is set in Atkinson Hyperlegible, read from an npm package's
 * font files and never from the system's, so the picture does not depend on the fonts a machine
 * has, and a rebuild writes the same bytes. Nothing runs in the browser: pages link to the PNG.
 */
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Resvg, renderAsync, type ResvgRenderOptions } from "@resvg/resvg-js";
import shareCard, { type LadderStep, type ShareCard } from "../data/shareCard.ts";
import { paths } from "../data/site.ts";
import { escapeHtml } from "./escape.ts";

const STYLES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../assets/styles");

/**
 * Atkinson Hyperlegible (Braille Institute), regular and bold: made to tell letters and figures apart
 * at small sizes, as a chat app shows the card (about a third of its size). TrueType files from an
 * npm package, since resvg reads TrueType and OpenType, not the web's WOFF.
 */
const FONT_FILES = ["400Regular/AtkinsonHyperlegible_400Regular.ttf", "700Bold/AtkinsonHyperlegible_700Bold.ttf"].map((file) =>
  fileURLToPath(import.meta.resolve(`@expo-google-fonts/atkinson-hyperlegible/${file}`)),
);
const FONT_FAMILY = "Atkinson Hyperlegible";
/** Only the package's fonts: a system font would make the picture depend on the machine. */
const RENDER_OPTIONS: ResvgRenderOptions = {
  font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
  logLevel: "off",
};

/**
 * The light scheme's colours of the site (`:root` in assets/styles/site.css), so the card looks
 * like the pages. A light card reads in chat apps' dark and light themes alike.
 */
function lightPalette(): { text: string; muted: string; background: string; accent: string } {
  const css = readFileSync(path.join(STYLES, "site.css"), "utf8");
  const root = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? "";
  const colour = (name: string) => {
    const value = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6})\\s*;`).exec(root)?.[1];
    if (!value) throw new Error(`assets/styles/site.css: the share card reads --${name} from the first :root rule as a #rrggbb colour; none was found`);
    return value;
  };
  return { text: colour("text"), muted: colour("muted"), background: colour("background"), accent: colour("link") };
}

/** The site's icon (assets/styles/favicon.svg) as an SVG element placed at `x`, `y` and `size`. */
function icon(x: number, y: number, size: number): string {
  const svg = readFileSync(path.join(STYLES, "favicon.svg"), "utf8").trim();
  return svg.replace(/^<svg\b/, `<svg x="${x}" y="${y}" width="${size}" height="${size}"`);
}

type Weight = 400 | 700;

/**
 * How far the ink of `text` reaches from where it starts, in pixels, as resvg sets it in the
 * card's font at `size`: the width the text needs on the card.
 */
export function inkWidth(text: string, size: number, weight: Weight): number {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><text x="0" y="${size}" font-family="${FONT_FAMILY}" font-size="${size}" font-weight="${weight}">${escapeHtml(text)}</text></svg>`;
  const box = new Resvg(svg, RENDER_OPTIONS).getBBox();
  return box ? box.x + box.width : 0;
}

/** A text as the card sets it: possibly shortened with "…", at a size that fits its width. */
export interface FittedText {
  text: string;
  size: number;
}

/**
 * `text` at the largest size from `largest` down to `smallest` that fits `width`; when even the
 * smallest is too wide, the longest start of it that fits, ended with "…" (the text alternative
 * keeps the whole name).
 */
export function fitText(text: string, width: number, weight: Weight, largest: number, smallest: number): FittedText {
  const natural = inkWidth(text, largest, weight);
  if (natural <= width) return { text, size: largest };
  // Resvg does not hint, so the width scales with the size.
  const size = Math.max(smallest, Math.floor((largest * width) / natural));
  if (inkWidth(text, size, weight) <= width) return { text, size };
  const characters = [...text];
  let [fits, tooLong] = [0, characters.length];
  while (tooLong - fits > 1) {
    const middle = Math.floor((fits + tooLong) / 2);
    if (inkWidth(`${characters.slice(0, middle).join("").trimEnd()}…`, size, weight) <= width) fits = middle;
    else tooLong = middle;
  }
  return { text: `${characters.slice(0, fits).join("").trimEnd()}…`, size };
}

/**
 * Several texts set side by side at one size, the largest that fits each of them in `width` (but
 * not below `smallest`), so a row reads evenly; a text too wide even then is shortened.
 */
export function fitTogether(texts: readonly string[], width: number, weight: Weight, largest: number, smallest: number): FittedText[] {
  const size = Math.min(largest, ...texts.map((text) => fitText(text, width, weight, largest, smallest).size));
  return texts.map((text) => fitText(text, width, weight, size, size));
}

/** A `<text>` element of fitted text; `attributes` are the card's own, never data. */
function textElement(fitted: FittedText, attributes: string): string {
  return `<text ${attributes} font-size="${fitted.size}">${escapeHtml(fitted.text)}</text>`;
}

/** A colour between `from` and `to` (both `#rrggbb`), `share` of the way. */
function mix(from: string, to: string, share: number): string {
  const channel = (hex: string, at: number) => parseInt(hex.slice(at, at + 2), 16);
  const parts = [1, 3, 5].map((at) => Math.round(channel(from, at) + (channel(to, at) - channel(from, at)) * share));
  return `#${parts.map((part) => part.toString(16).padStart(2, "0")).join("")}`;
}

const CARD = { margin: 72, iconSize: 76 };
/** The ladder: steps standing on the card's bottom edge, rising left to right. */
const LADDER = { gap: 16, widestStep: 280, lowestTop: 530, highestTop: 360, nameSize: 40, labelSize: 32, smallestText: 18 };

/** What a step says: a rank's name and label, or how many ranks a gap leaves out. */
function stepWords(step: LadderStep): { name: string; label: string } {
  if ("omitted" in step) return { name: `${step.omitted} more`, label: step.omitted === 1 ? "rank" : "ranks" };
  return step;
}

type Palette = ReturnType<typeof lightPalette>;
interface StepPlace {
  index: number;
  count: number;
  width: number;
}

/** One step: its block, and its name and label centred above it. */
function ladderStep(step: LadderStep, place: StepPlace, nameText: FittedText, labelText: FittedText, card: ShareCard, colours: Palette): string {
  const { index, count, width } = place;
  const share = count === 1 ? 1 : index / (count - 1);
  const left = CARD.margin + index * (width + LADDER.gap);
  const top = Math.round(LADDER.lowestTop - (LADDER.lowestTop - LADDER.highestTop) * share);
  const centre = left + width / 2;
  const block =
    "omitted" in step
      ? `<rect x="${left}" y="${top}" width="${width}" height="${card.height - top + 10}" rx="10" fill="${mix(colours.background, colours.muted, 0.1)}"/>` +
        `<rect x="${left + 1.5}" y="${top + 1.5}" width="${width - 3}" height="${card.height - top + 8}" rx="8.5" fill="none" stroke="${colours.muted}" stroke-width="3" stroke-dasharray="10 8"/>`
      : `<rect x="${left}" y="${top}" width="${width}" height="${card.height - top + 10}" rx="10" fill="${mix(colours.background, colours.accent, 0.3 + 0.7 * share)}"/>`;
  return [
    block,
    textElement(nameText, `x="${centre}" y="${top - 56}" text-anchor="middle" font-weight="700" fill="${colours.text}"`),
    textElement(labelText, `x="${centre}" y="${top - 16}" text-anchor="middle" font-weight="700" fill="${"omitted" in step ? colours.muted : colours.accent}"`),
  ].join("");
}

/** The card as SVG: the icon and the site's name, the rate, and the rank ladder. */
export function shareCardSvg(card: ShareCard): string {
  const colours = lightPalette();
  const { margin, iconSize } = CARD;
  const titleLeft = margin + iconSize + 24;
  const title = fitText(card.title, card.width - margin - titleLeft, 700, 60, 36);
  const { before, rate, after } = card.tagline;
  // Measured bold throughout: wider than it is set, so it fits.
  const tagline = fitText(`${before}${rate}${after}`, card.width - 2 * margin, 700, 42, 24);
  const count = card.steps.length;
  // Whole pixels, so every step has crisp edges.
  const stepWidth = Math.floor(Math.min(LADDER.widestStep, (card.width - 2 * margin - LADDER.gap * (count - 1)) / count));
  const words = card.steps.map(stepWords);
  const names = fitTogether(words.map((word) => word.name), stepWidth, 700, LADDER.nameSize, LADDER.smallestText);
  const labels = fitTogether(words.map((word) => word.label), stepWidth, 700, LADDER.labelSize, LADDER.smallestText);
  const font = `font-family="${FONT_FAMILY}"`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${card.width}" height="${card.height}" viewBox="0 0 ${card.width} ${card.height}" ${font}>`,
    `<rect width="${card.width}" height="${card.height}" fill="${colours.background}"/>`,
    icon(margin, 56, iconSize),
    textElement(title, `x="${titleLeft}" y="115" font-weight="700" fill="${colours.text}"`),
    `<text x="${margin}" y="204" font-size="${tagline.size}" fill="${colours.muted}">${escapeHtml(before)}`,
    `<tspan font-weight="700" fill="${colours.accent}">${escapeHtml(rate)}</tspan>${escapeHtml(after)}</text>`,
    ...card.steps.map((step, index) => ladderStep(step, { index, count, width: stepWidth }, names[index]!, labels[index]!, card, colours)),
    "</svg>",
  ].join("\n");
}

/** The card as a PNG, rasterised off the main thread (resvg's own worker) while the build goes on. */
export async function shareCardPng(card: ShareCard): Promise<Buffer> {
  const image = await renderAsync(shareCardSvg(card), RENDER_OPTIONS);
  return image.asPng();
}

/** Writes the card into `outputDir` at `site.paths.shareCard`. */
export async function writeShareCard(outputDir: string): Promise<void> {
  const file = path.resolve(outputDir, paths.shareCard);
  const png = await shareCardPng(shareCard);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, png);
}
