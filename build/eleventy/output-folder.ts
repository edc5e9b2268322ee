/**
 * Each build starts from an empty output folder, and one build at a time writes it. Eleventy only
 * adds and overwrites files, so a renamed or deleted page would leave its old file in `_site/`
 * (and be deployed), and a build for another SITE_URL would leave the first one's files beside its
 * own; two builds at once in one checkout would interleave their files.
 *
 * Before a build writes anything, it takes a lock on the folder (a directory made atomically,
 * naming its process), waiting while another live process holds it, then empties the folder. The
 * lock is released when the build is done (after its link check) or when the process exits; a
 * lock whose process is gone is taken over. A failed build in `npm start` keeps its lock until its
 * next build succeeds, since Eleventy reports no failure event.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/** The lock beside the output folder: `_site` → `_site.lock`. */
export const lockPath = (output: string) => `${path.resolve(output)}.lock`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the lock on `output` for this process, waiting while another live process holds it. */
export async function lockOutput(output: string, log: (message: string) => void = console.log): Promise<() => void> {
  const lock = lockPath(output);
  let told = false;
  for (;;) {
    try {
      await mkdir(lock);
      await writeFile(path.join(lock, "pid"), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = Number(await readFile(path.join(lock, "pid"), "utf8").catch(() => ""));
    if (owner === process.pid) break;
    // A lock without a pid yet is being made; a lock whose process is gone is stale.
    if (owner && !alive(owner)) {
      await rm(lock, { recursive: true, force: true });
      continue;
    }
    if (owner && !told) {
      log(`Waiting for the build in process ${owner} to finish writing ${output} (lock ${lock}). If it is an \`npm start\` whose last build failed, fix that build or stop it.`);
      told = true;
    }
    await sleep(100);
  }
  held.add(lock);
  if (held.size === 1) process.once("exit", releaseAll);
  return () => release(lock);
}

/** The locks this process holds, released at the latest when it exits. */
const held = new Set<string>();

function release(lock: string): void {
  held.delete(lock);
  if (existsSync(lock) && readFileSync(path.join(lock, "pid"), "utf8") === String(process.pid)) rmSync(lock, { recursive: true, force: true });
}

function releaseAll(): void {
  for (const lock of held) release(lock);
}

/** Removes everything inside `output` (the folder itself stays, for a server watching it). */
export async function emptyFolder(output: string): Promise<void> {
  const entries = await readdir(output).catch(() => []);
  await Promise.all(entries.map((entry) => rm(path.join(output, entry), { recursive: true, force: true })));
}

export interface BuildEvent {
  directories: { output: string };
  outputMode: string;
}

/** Eleventy event handlers: `before` locks and empties the output folder, `after` releases it. */
export function freshOutputFolder() {
  let release: (() => void) | null = null;
  return {
    before: async ({ directories, outputMode }: BuildEvent) => {
      if (outputMode !== "fs") return;
      release ??= await lockOutput(directories.output);
      await emptyFolder(directories.output);
    },
    after: async ({ outputMode }: BuildEvent) => {
      if (outputMode !== "fs") return;
      release?.();
      release = null;
    },
  };
}
