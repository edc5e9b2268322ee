/**
 * What a tar archive holds, read from its bytes (ustar, pax and GNU long names), and whether a
 * folder on disk holds exactly that: each file's sha256, each link's target, no file missing or
 * added. Unpacked files that are reused (the Node runtime in `.node/`, the test Chromium) are
 * compared with the archive they came from, which is itself checked, so nothing written beside
 * them (a planted binary, a copied marker or manifest) can vouch for them. Plain JavaScript: it runs
 * on the old Node that `npm ci` may start with (scripts/node-runtime.js).
 */
import { createHash } from "node:crypto";
import { lstatSync, readFileSync, readdirSync, readlinkSync } from "node:fs";
import path from "node:path";

const BLOCK = 512;

const text = (block, start, length) =>
  block
    .subarray(start, start + length)
    .toString("utf8")
    .replace(/\0.*$/s, "");
const octal = (block, start, length) => parseInt(text(block, start, length).trim() || "0", 8);

/** The records of a pax extended header: `path`, `linkpath`, `size`… */
function paxRecords(body) {
  const records = {};
  let at = 0;
  while (at < body.length) {
    const space = body.indexOf(0x20, at);
    if (space < 0) break;
    const length = Number(body.subarray(at, space).toString("utf8"));
    if (!(length > 0)) break;
    const record = body.subarray(space + 1, at + length - 1).toString("utf8");
    const equals = record.indexOf("=");
    records[record.slice(0, equals)] = record.slice(equals + 1);
    at += length;
  }
  return records;
}

/** A tar reader: `push` it the archive's bytes in order, then read `entries`. */
function tarParser(strip) {
  const entries = new Map();
  let pending = Buffer.alloc(0);
  /** The entry whose body is being read, and what its body is for. */
  let body = null;
  let next = {};
  let ended = false;

  const finishHeader = (block) => {
    const pax = next;
    next = {};
    const type = String.fromCharCode(block[156] || 0x30);
    const prefix = text(block, 345, 155);
    const name = pax.path ?? (prefix ? `${prefix}/${text(block, 0, 100)}` : text(block, 0, 100));
    const size = pax.size !== undefined ? Number(pax.size) : octal(block, 124, 12);
    const target = pax.linkpath ?? text(block, 157, 100);
    const kinds = { 0: "file", 7: "file", 5: "dir", 2: "symlink", 1: "link" };
    const meta = type === "x" || type === "L" || type === "K" || type === "g";
    body = {
      type,
      name,
      size,
      remaining: size,
      target,
      kind: kinds[type],
      meta,
      chunks: [],
      hash: createHash("sha256"),
    };
    if (size === 0) finishBody();
  };

  const finishBody = () => {
    const entry = body;
    body = null;
    const content = Buffer.concat(entry.chunks);
    if (entry.type === "x") Object.assign(next, paxRecords(content));
    else if (entry.type === "L") next.path = text(content, 0, content.length);
    else if (entry.type === "K") next.linkpath = text(content, 0, content.length);
    if (entry.meta || !entry.kind) return;
    const relative = entry.name.replace(/^\.\//, "").replace(/\/$/, "");
    if (strip && !relative.startsWith(strip)) return;
    const key = relative.slice(strip.length);
    if (!key) return;
    entries.set(key, {
      type: entry.kind,
      size: entry.size,
      sha256: entry.kind === "file" ? entry.hash.digest("hex") : undefined,
      target: entry.kind === "file" || entry.kind === "dir" ? undefined : entry.target,
    });
  };

  /** Padding bytes after a body, still to be skipped. */
  let skip = 0;
  const push = (chunk) => {
    if (ended) return;
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      if (body) {
        const take = Math.min(body.remaining, pending.length);
        const piece = pending.subarray(0, take);
        if (body.meta) body.chunks.push(piece);
        else body.hash.update(piece);
        body.remaining -= take;
        pending = pending.subarray(take);
        if (body.remaining > 0) break;
        // A body is padded to whole blocks.
        skip = (BLOCK - (body.size % BLOCK)) % BLOCK;
        finishBody();
        continue;
      }
      if (skip > 0) {
        const dropped = Math.min(skip, pending.length);
        skip -= dropped;
        pending = pending.subarray(dropped);
        if (skip > 0) break;
        continue;
      }
      if (pending.length < BLOCK) break;
      const block = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (block.every((byte) => byte === 0)) {
        ended = true;
        break;
      }
      finishHeader(block);
    }
  };
  return { push, entries };
}

/**
 * Reads a tar stream (already decompressed) into a map from each entry's path (`./` and `strip`
 * removed) to `{ type: "file" | "dir" | "symlink" | "link", sha256, size, target }`.
 */
export async function tarContents(stream, strip = "") {
  const parser = tarParser(strip);
  for await (const chunk of stream) parser.push(chunk);
  return parser.entries;
}

/** The same, from the whole archive's bytes. */
export function tarContentsOf(bytes, strip = "") {
  const parser = tarParser(strip);
  parser.push(bytes);
  return parser.entries;
}

const fileSha256 = (file) => createHash("sha256").update(readFileSync(file)).digest("hex");

/** Every path under `folder`, relative, with its kind: what is on disk. */
function walk(folder, relative = "", found = new Map()) {
  for (const name of readdirSync(path.join(folder, relative))) {
    const key = relative ? `${relative}/${name}` : name;
    const stats = lstatSync(path.join(folder, key));
    const type = stats.isSymbolicLink()
      ? "symlink"
      : stats.isDirectory()
        ? "dir"
        : stats.isFile()
          ? "file"
          : "other";
    found.set(key, type);
    if (type === "dir") walk(folder, key, found);
  }
  return found;
}

/**
 * How `folder` differs from `entries` (from `tarContents`), or an empty list when it holds exactly
 * them: the same files with the same bytes, the same links, nothing missing and nothing added
 * (but the names in `extra`, which the installer writes itself). Hard links count as files.
 */
export function differences(folder, entries, extra = []) {
  const found = walk(folder);
  const problems = [];
  for (const [key, entry] of entries) {
    const type = found.get(key);
    const wanted = entry.type === "link" ? "file" : entry.type;
    if (type === undefined) problems.push(`${key} is missing`);
    else if (type !== wanted) problems.push(`${key} is a ${type}, not a ${wanted}`);
    else if (entry.type === "symlink" && readlinkSync(path.join(folder, key)) !== entry.target)
      problems.push(`${key} links elsewhere`);
    else if (entry.type === "file" && fileSha256(path.join(folder, key)) !== entry.sha256)
      problems.push(`${key} differs from the archive`);
    if (problems.length >= 5) return problems;
  }
  // An archive may list only files (npm's do): their folders are implied.
  const folders = new Set(
    [...entries.keys()].flatMap((key) =>
      key
        .split("/")
        .slice(0, -1)
        .map((_, index, parts) => parts.slice(0, index + 1).join("/")),
    ),
  );
  for (const [key, type] of found) {
    const implied = type === "dir" && folders.has(key);
    if (!entries.has(key) && !implied && !extra.includes(key)) problems.push(`${key} is not in the archive`);
    if (problems.length >= 5) break;
  }
  return problems;
}
