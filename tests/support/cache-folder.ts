/**
 * A build cache of a test's own (`EXP_BANK_BUILD_CACHE`, read by _config/build-cache.ts), for unit
 * tests that keep results in this process: a new folder, removed afterwards, also when the test fails.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/** Runs `use` with the build cache in a new folder of its own, then puts the setting back. */
export async function withCacheFolder(use: (folder: string) => Promise<void>): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), "exp-bank-kept-"));
  const before = process.env.EXP_BANK_BUILD_CACHE;
  process.env.EXP_BANK_BUILD_CACHE = folder;
  try {
    await use(folder);
  } finally {
    if (before === undefined) delete process.env.EXP_BANK_BUILD_CACHE;
    else process.env.EXP_BANK_BUILD_CACHE = before;
    await rm(folder, { recursive: true, force: true });
  }
}
