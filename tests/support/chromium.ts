/**
 * The browser tests' Chromium: `@sparticuz/chromium`'s (pinned by the lockfile, so `npm ci` brings it on any
 * Linux x64 machine; the package has no other), unpacked once into `node_modules/.cache/`, or `CHROME_PATH`.
 * Apart from support/browser.ts, so tests/run.ts finds it without loading Playwright (0.7 s of CPU).
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm } from "node:fs/promises";
import { arch, platform } from "node:os";
import path from "node:path";

/** Where `npm ci`'s Chromium is unpacked: a folder of this project, so no other user can plant a binary there. */
const UNPACKED = path.resolve(import.meta.dirname, "../../node_modules/.cache/chromium-153");

/** The Chromium the tests drive: `CHROME_PATH`, else the one `@sparticuz/chromium` ships (unpacked on first use). */
export async function chromiumPath(): Promise<string> {
  const named = process.env.CHROME_PATH;
  if (named) {
    if (!existsSync(named))
      throw new Error(`CHROME_PATH names ${named}, which does not exist: unset it or fix it.`);
    return named;
  }
  if (platform() !== "linux" || arch() !== "x64")
    throw new Error(
      `npm's Chromium covers Linux x64 only, not ${platform()} ${arch()}: set CHROME_PATH to a Chromium binary.`,
    );
  const binary = path.join(UNPACKED, "chromium");
  if (!existsSync(binary)) await unpackChromium();
  return binary;
}

/**
 * Unpacks `@sparticuz/chromium`'s browser into {@link UNPACKED}. The package unpacks into `os.tmpdir()`
 * and reuses whatever `chromium` it finds there, so it gets a fresh folder of its own, which is moved
 * into place whole: an interrupted unpack is never reused.
 */
async function unpackChromium(): Promise<void> {
  const cache = path.dirname(UNPACKED);
  await mkdir(cache, { recursive: true });
  const fresh = await mkdtemp(path.join(cache, "unpacking-"));
  const tmpdir = process.env.TMPDIR;
  process.env.TMPDIR = fresh;
  try {
    const { default: sparticuz } = await import("@sparticuz/chromium");
    await sparticuz.executablePath();
  } finally {
    if (tmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdir;
  }
  // Another process may have finished first: its copy is as good as this one.
  await rename(fresh, UNPACKED).catch(() => rm(fresh, { recursive: true, force: true }));
}
