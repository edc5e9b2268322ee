/**
 * Reads a PNG file as the PNG specification defines it, independently of the renderer that wrote
 * it: the signature, every chunk's CRC, the IHDR header, and the image data inflated and
 * unfiltered into pixels. Only what the site publishes: 8-bit RGB or RGBA, not interlaced.
 * See https://www.w3.org/TR/png-3/
 */
import { crc32, inflateSync } from "node:zlib";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface PngImage {
  width: number;
  height: number;
  /** Bytes per pixel: 3 (RGB) or 4 (RGBA). */
  channels: number;
  /** Rows of pixels, top first, each `width × channels` bytes. */
  pixels: Buffer;
}

/** The chunks of `file`, in order, each CRC checked; throws naming the first fault. */
export function pngChunks(file: Buffer): { type: string; data: Buffer }[] {
  if (!file.subarray(0, 8).equals(SIGNATURE)) throw new Error("not a PNG: the signature is missing");
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < file.length;) {
    if (at + 12 > file.length) throw new Error(`a chunk at byte ${at} is cut off`);
    const length = file.readUInt32BE(at);
    const type = file.toString("latin1", at + 4, at + 8);
    const end = at + 8 + length;
    if (end + 4 > file.length) throw new Error(`the ${type} chunk at byte ${at} is cut off`);
    const crc = file.readUInt32BE(end);
    if (crc32(file.subarray(at + 4, end)) !== crc)
      throw new Error(`the ${type} chunk at byte ${at} fails its CRC`);
    chunks.push({ type, data: file.subarray(at + 8, end) });
    at = end + 4;
  }
  if (chunks[0]?.type !== "IHDR") throw new Error("the first chunk is not IHDR");
  if (chunks.at(-1)?.type !== "IEND") throw new Error("the last chunk is not IEND");
  return chunks;
}

/** The width and height that `file`'s IHDR chunk declares. */
export function pngSize(file: Buffer): { width: number; height: number } {
  const header = pngChunks(file)[0]!.data;
  return { width: header.readUInt32BE(0), height: header.readUInt32BE(4) };
}

/** The Paeth predictor of the PNG filters. */
function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const [toLeft, toUp, toUpLeft] = [
    Math.abs(estimate - left),
    Math.abs(estimate - up),
    Math.abs(estimate - upLeft),
  ];
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

/** Undoes one row's filter in place, given the row above (already unfiltered). */
function unfilterRow(filter: number, row: Buffer, above: Buffer, channels: number): void {
  for (let i = 0; i < row.length; i++) {
    const left = i >= channels ? row[i - channels]! : 0;
    const up = above[i]!;
    const upLeft = i >= channels ? above[i - channels]! : 0;
    const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter];
    if (predicted === undefined) throw new Error(`unknown row filter ${filter}`);
    row[i] = (row[i]! + predicted) & 0xff;
  }
}

/** Decodes `file` into pixels; throws where the file breaks the specification. */
export function decodePng(file: Buffer): PngImage {
  const chunks = pngChunks(file);
  const header = chunks[0]!.data;
  const [width, height] = [header.readUInt32BE(0), header.readUInt32BE(4)];
  const [depth, colourType, interlace] = [header[8], header[9], header[12]];
  const channels = colourType === 6 ? 4 : colourType === 2 ? 3 : 0;
  if (depth !== 8 || channels === 0 || interlace !== 0) {
    const found = `depth ${depth}, colour type ${colourType}, interlace ${interlace}`;
    throw new Error(`only 8-bit RGB or RGBA without interlacing is read here (${found})`);
  }
  const data = inflateSync(
    Buffer.concat(chunks.filter((chunk) => chunk.type === "IDAT").map((chunk) => chunk.data)),
  );
  const stride = width * channels;
  const needed = height * (stride + 1);
  if (data.length !== needed) {
    throw new Error(`the image data holds ${data.length} bytes; ${width}×${height} takes ${needed}`);
  }
  const pixels = Buffer.alloc(height * stride);
  let above = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const row = pixels.subarray(y * stride, (y + 1) * stride);
    data.copy(row, 0, y * (stride + 1) + 1, (y + 1) * (stride + 1));
    unfilterRow(data[y * (stride + 1)]!, row, above, channels);
    above = row;
  }
  return { width, height, channels, pixels };
}

/** The pixel at `x`, `y` as `[r, g, b]` (alpha left out). */
export function pixelAt(image: PngImage, x: number, y: number): [number, number, number] {
  const at = (y * image.width + x) * image.channels;
  return [image.pixels[at]!, image.pixels[at + 1]!, image.pixels[at + 2]!];
}

/** The runs of pixels unlike `background` along row `y`, as `[first, last]` columns, left to right. */
export function runsAlongRow(
  image: PngImage,
  y: number,
  background: [number, number, number],
): [number, number][] {
  const runs: [number, number][] = [];
  for (let x = 0; x < image.width; x++) {
    const differs = pixelAt(image, x, y).some((channel, at) => Math.abs(channel - background[at]!) > 8);
    const last = runs.at(-1);
    if (differs && last?.[1] === x - 1) last[1] = x;
    else if (differs) runs.push([x, x]);
  }
  return runs;
}

/** The relative luminance of an sRGB colour, 0 (black) to 1 (white), as WCAG defines it. */
export function luminance([r, g, b]: [number, number, number]): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * What a PNG says in words: the keywords and text of its text chunks (tEXt, zTXt, iTXt), where
 * metadata such as a file's path would sit. The pixels are not text: read as characters they
 * spell short words by chance.
 */
export function pngText(file: Buffer): string {
  return pngChunks(file)
    .filter((chunk) => chunk.type === "tEXt" || chunk.type === "zTXt" || chunk.type === "iTXt")
    .map(({ type, data }) => {
      const end = data.indexOf(0);
      const keyword = data.toString("latin1", 0, end);
      if (type === "tEXt") return `${keyword}: ${data.toString("latin1", end + 1)}`;
      if (type === "zTXt") return `${keyword}: ${inflateSync(data.subarray(end + 2)).toString("latin1")}`;
      // iTXt: compression flag and method, then a language tag and a translated keyword, each ended by a zero.
      const compressed = data[end + 1] === 1;
      const language = data.indexOf(0, end + 3);
      const translated = data.indexOf(0, language + 1);
      const text = data.subarray(translated + 1);
      const words = (compressed ? inflateSync(text) : text).toString("utf8");
      return `${keyword} ${data.toString("utf8", language + 1, translated)}: ${words}`;
    })
    .join("\n");
}

/** `file` with a tEXt chunk added after its header: a PNG carrying words, for tests of what reads them. */
export function withTextChunk(file: Buffer, keyword: string, text: string): Buffer {
  const body = Buffer.concat([Buffer.from("tEXt", "latin1"), Buffer.from(`${keyword}\0${text}`, "latin1")]);
  const chunk = Buffer.alloc(body.length + 8);
  chunk.writeUInt32BE(body.length - 4, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(body), body.length + 4);
  const headerEnd = 8 + 8 + file.readUInt32BE(8) + 4;
  return Buffer.concat([file.subarray(0, headerEnd), chunk, file.subarray(headerEnd)]);
}
