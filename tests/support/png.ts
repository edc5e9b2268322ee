/**
 * Reads a PNG file's chunks as the PNG specification defines them, independently of the renderer
 * that wrote it: the signature, every chunk's CRC, the IHDR header's size and the text chunks.
 * See https://www.w3.org/TR/png-3/
 */
import { crc32, inflateSync } from "node:zlib";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

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
    if (crc32(file.subarray(at + 4, end)) !== file.readUInt32BE(end))
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
