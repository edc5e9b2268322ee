/**
 * Draws the link previews' picture (`shareCard`, _data/shareCard.ts) at build time: one SVG
 * template with a fixed layout, filled from the card's data (every value escaped), rasterised to a
 * PNG by resvg (`@resvg/resvg-js`, a prebuilt binary from the npm registry) and published at
 * `site.paths.shareCard`. The text is set in Atkinson Hyperlegible, read from an npm package's
 * font files and never from the system's, so the picture does not depend on the fonts a machine
 * has, and a rebuild writes the same bytes. Nothing runs in the browser: pages link to the PNG.
 */
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ResvgRenderOptions } from "@resvg/resvg-js";
import card, { stepText, type LadderStep, type ShareCard } from "../_data/shareCard.ts";
import { paths } from "../_data/site.ts";
import { escapeHtml } from "./escape.ts";

const STYLES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../assets/styles");

/**
 * Atkinson Hyperlegible (Braille Institute), regular and bold: made to tell letters and figures
 * apart at small sizes, as a chat app shows the card (about a third of its size). TrueType files
 * from an npm package, since resvg reads TrueType and OpenType, not the web's WOFF. Only the
 * package's fonts: a system font would make the picture depend on the machine.
 */
const FONT_FAMILY = "Atkinson Hyperlegible";
const fontFile = (style: string) =>
  import.meta.resolve(`@expo-google-fonts/atkinson-hyperlegible/${style}/AtkinsonHyperlegible_${style}.ttf`);
export const RENDER_OPTIONS: ResvgRenderOptions = {
  font: {
    fontFiles: ["400Regular", "700Bold"].map((style) => fileURLToPath(fontFile(style))),
    loadSystemFonts: false,
    defaultFontFamily: FONT_FAMILY,
  },
  logLevel: "off",
};

/**
 * The widest a character of a name or label is set, in em: the font's widest letter (`Ǣ`, 1.046)
 * and the box it draws for a character it lacks (1.049). A text of `n` characters at `size` is
 * never wider than `n × WIDEST_EM × size`, so a text set at `fit`'s size stays inside its room
 * with no measuring: a long name is set smaller, never cut or wrapped.
 */
const WIDEST_EM = 1.05;
const fit = (text: string, room: number, size: number) =>
  Math.min(size, Math.floor(room / ([...text].length * WIDEST_EM)));

/**
 * The layout, in pixels of the 1200×630 card: the icon and the site's name, the rate, then one
 * row per step of the ladder (at most 9, `ladderSteps`), the lowest at the bottom. A row sets its
 * name and label at 26 px while they fit (together up to 35 characters, a 30-character name beside
 * `160M+`), smaller past that: the longest the rank schema allows, a 40-character name beside a
 * 23-character label (`99999999.999999999999T+`, the label of a threshold just under 10^20), at 15 px.
 */
const MARGIN = 72;
const ROW = { bottom: 630 - 18, pitch: 42, height: 36, padding: 16, textSize: 26 };

type Palette = Record<"text" | "muted" | "background" | "link", string>;

/**
 * The light scheme's colours of the site (the first `:root` rule of assets/styles/site.css), so
 * the card looks like the pages. A light card reads in chat apps' dark and light themes alike.
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
  const names = ["text", "muted", "background", "link"] as const;
  return Object.fromEntries(names.map((name) => [name, colour(name)])) as Palette;
}

/** A text whose start (or end, with `anchor` "end") sits at `x` on the baseline `y`, escaped. */
function text(content: string, x: number, y: number, size: number, fill: string, anchor = "start"): string {
  const attributes = `x="${x}" y="${y}" font-size="${size}" fill="${fill}" text-anchor="${anchor}"`;
  return `<text ${attributes}>${escapeHtml(content)}</text>`;
}

/**
 * One step of the ladder as a row: a rank's name at the left and its label at the right, on a
 * tint of the link colour that deepens as the ladder rises; a gap's row, dashed, counts the ranks it
 * leaves out.
 */
function row(card: ShareCard, step: LadderStep, index: number, colours: Palette): string {
  const top = ROW.bottom - ROW.height - index * ROW.pitch;
  const width = card.width - 2 * MARGIN;
  const [left, right] = [MARGIN + ROW.padding, MARGIN + width - ROW.padding];
  const baseline = (size: number) => Math.round(top + ROW.height / 2 + size * 0.35);
  const box = `x="${MARGIN}" y="${top}" width="${width}" height="${ROW.height}" rx="8"`;
  if ("omitted" in step) {
    const dashes = `stroke="${colours.muted}" stroke-width="2" stroke-dasharray="10 8"`;
    const label = text(stepText(step), left, baseline(ROW.textSize), ROW.textSize, colours.muted);
    return `<rect ${box} fill="${colours.muted}" fill-opacity="0.08" ${dashes}/>${label}`;
  }
  const tint = 0.08 + (0.24 * index) / Math.max(1, card.steps.length - 1);
  // Name and label at one size at which both fit the row with two characters' room between them.
  const size = fit(`${step.name}  ${step.label}`, width - 2 * ROW.padding, ROW.textSize);
  return [
    `<rect ${box} fill="${colours.link}" fill-opacity="${tint.toFixed(3)}"/>`,
    text(step.name, left, baseline(size), size, colours.text),
    text(step.label, right, baseline(size), size, colours.text, "end"),
  ].join("");
}

/** The card as SVG: the icon and the site's name, the rate, and the rank ladder. */
export function shareCardSvg(card: ShareCard): string {
  const colours = lightPalette();
  const icon = readFileSync(path.join(STYLES, "favicon.svg"), "utf8").trim();
  const { before, rate, after } = card.tagline;
  const rows = card.steps.map((step, index) => row(card, step, index, colours));
  const { width, height } = card;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<g font-family="${FONT_FAMILY}">
<rect width="${width}" height="${height}" fill="${colours.background}"/>
${icon.replace(/^<svg\b/, `<svg x="${MARGIN}" y="56" width="76" height="76"`)}
<g font-weight="700">${text(card.title, MARGIN + 100, 115, 60, colours.text)}</g>
<text x="${MARGIN}" y="196" font-size="36" fill="${colours.muted}">${escapeHtml(before)}<tspan
 font-weight="700" fill="${colours.link}">${escapeHtml(rate)}</tspan>${escapeHtml(after)}</text>
<g font-weight="700">${rows.join("\n")}</g>
</g>
</svg>`;
}

/** The last card drawn in this process: `npm start` draws it again only when its SVG changed. */
let drawn: { svg: string; png: Promise<Buffer> } | undefined;

/** Writes the card into `outputDir` at `site.paths.shareCard`. */
export async function writeShareCard(outputDir: string): Promise<void> {
  const svg = shareCardSvg(card);
  if (drawn?.svg !== svg) {
    // Rasterised off the main thread (resvg's own worker) while the build goes on; resvg is loaded
    // when the card is first drawn, not when the config is imported.
    const png = import("@resvg/resvg-js").then(({ renderAsync }) => renderAsync(svg, RENDER_OPTIONS));
    drawn = { svg, png: png.then((image) => image.asPng()) };
  }
  const file = path.resolve(outputDir, paths.shareCard);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, await drawn.png);
}
