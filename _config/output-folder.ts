/**
 * Each build starts from an empty output folder, and one build at a time writes it. Eleventy only
 * adds and overwrites files, so a renamed or deleted page would leave its old file in `_site/`
 * (and be deployed), and a build for another SITE_URL would leave the first one's files beside its
 * own; two builds at once in one checkout would interleave their files.
 *
 * Before a build writes anything, it takes a lock on the folder, waiting while another process
 * holds it, then empties the folder. The lock is a local socket the build listens on, named after
 * the folder: on Linux an abstract socket, on Windows a named pipe. Only one process can listen
 * on a name, and the kernel frees it the moment that process ends, however it ends (`kill -9`, a
 * full disk, a crash): so no lock is ever left behind, none is taken over by guesswork, and a
 * reused process number means nothing. Elsewhere (macOS) it is a socket file in the temporary
 * folder, which a later build removes when no process answers on it.
 *
 * A waiting build connects to the socket and is told who holds it (process, command, since when),
 * then waits for the connection to close. Beside the output folder, `_site.lock/pid` names the
 * holder for people; it is only a note: whatever a build finds there when it gets the lock (an
 * empty folder, an unreadable or garbled file, an exited or reused process number) was left by an
 * earlier build, and is replaced, saying what it was. The lock is released when the build is done
 * (after its link check) or when the process exits. A failed build in `npm start` keeps its lock
 * until its next build succeeds, since Eleventy reports no failure event.
 */
import { createHash } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { mkdir, readdir, readFile, rm, stat, unlink, writeFile } from "node:fs/promises";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** The note beside the output folder naming its holder: `_site` → `_site.lock`. */
export const lockPath = (output: string) => `${path.resolve(output)}.lock`;

/** The socket that is the lock, named after the output folder's absolute path. */
export function lockAddress(output: string, platform: NodeJS.Platform = process.platform): string {
  const name = `exp-bank-output-${createHash("sha256").update(path.resolve(output)).digest("hex").slice(0, 32)}`;
  if (platform === "linux") return `\0${name}`;
  if (platform === "win32") return `\\\\?\\pipe\\${name}`;
  return path.join(tmpdir(), `${name}.sock`);
}

/** Who holds a lock, as its holder tells a waiting build. */
interface Holder {
  pid: number;
  command: string;
  since: string;
}

/** This process, as it describes itself: `node node_modules/@11ty/eleventy/cmd.cjs --serve`. */
const me: Holder = {
  pid: process.pid,
  command: [
    "node",
    ...process.argv.slice(1).map((part, index) => (index === 0 ? path.relative(process.cwd(), part) : part)),
  ].join(" "),
  since: "",
};

/** The locks this process holds, by output folder, released at the latest when it exits. */
const held = new Map<string, { server: Server; clients: Set<Socket>; release: () => void }>();
let exitHooked = false;

/** Listens on `address`: the lock is ours, or `false` when another process listens there. */
function listen(address: string, clients: Set<Socket>): Promise<Server | false> {
  return new Promise((resolve, reject) => {
    const server = createServer((client) => {
      clients.add(client);
      client.on("close", () => clients.delete(client)).on("error", () => {});
      client.unref();
      // The connection stays open until the lock is released: its close is what the waiter waits for.
      client.write(`${JSON.stringify(me)}\n`);
    });
    server.once("error", (error: NodeJS.ErrnoException) =>
      error.code === "EADDRINUSE" ? resolve(false) : reject(error),
    );
    server.listen({ path: address, exclusive: true }, () => {
      // A build whose listener never runs (it failed) must still end its process.
      server.unref();
      resolve(server);
    });
  });
}

/**
 * Asks the process listening on `address` who it is, and resolves `gone` when its lock is
 * released. `null` when nobody answers: the holder let go meanwhile, or (a socket file) it is stale.
 */
function ask(address: string): Promise<{ holder: Holder | null; gone: Promise<void> } | null> {
  return new Promise((resolve) => {
    const socket = createConnection({ path: address });
    let text = "";
    let answered = false;
    const gone = new Promise<void>((done) => socket.once("close", () => done()));
    socket.on("data", (chunk) => {
      text += chunk;
      if (answered || !text.includes("\n")) return;
      answered = true;
      resolve({ holder: parseHolder(text.slice(0, text.indexOf("\n"))), gone });
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (!answered)
        resolve(error.code === "ECONNREFUSED" || error.code === "ENOENT" ? null : { holder: null, gone });
    });
    socket.on("end", () => {
      if (!answered) resolve({ holder: parseHolder(text), gone });
      answered = true;
    });
  });
}

function parseHolder(text: string): Holder | null {
  try {
    const holder = JSON.parse(text) as Holder;
    return Number.isInteger(holder.pid) ? holder : null;
  } catch {
    return null;
  }
}

/** What a build found in `_site.lock/` when it got the lock: the words of its message. */
async function leftover(lock: string): Promise<string | null> {
  const found = await stat(lock).catch(() => null);
  if (!found) return null;
  if (!found.isDirectory()) return "a file where the lock folder goes";
  const text = await readFile(path.join(lock, "pid"), "utf8").catch((error: NodeJS.ErrnoException) => error);
  if (text instanceof Error) {
    const entries = await readdir(lock).catch(() => null);
    if (entries?.length === 0)
      return "an empty lock folder, as a build that failed before writing its process number (a full disk) leaves";
    return `a lock folder whose pid file is unreadable (${text.code ?? text.message})`;
  }
  if (!/^[1-9][0-9]*$/.test(text))
    return `a pid file holding ${JSON.stringify(text.slice(0, 40))}, which is not a process number`;
  if (Number(text) === process.pid) return null;
  return `process ${text}'s note; that process holds no lock now (it has exited, or the number is another program's)`;
}

/** The message of a build waiting for `holder`. */
function waitingMessage(holder: Holder | null, output: string): string {
  if (!holder) return `Waiting for another build to finish writing ${output}.`;
  const who = `process ${holder.pid} (${holder.command}, holding it since ${holder.since})`;
  return (
    `Waiting for the build in ${who} to finish writing ${output}. If it is an \`npm start\` whose last ` +
    `build failed, fix that build or stop it (kill ${holder.pid}); no file needs removing, since the ` +
    "lock ends with its process."
  );
}

/** Takes the lock on `output` for this process, waiting while another process holds it. */
export async function lockOutput(
  output: string,
  log: (message: string) => void = console.log,
): Promise<() => void> {
  const key = path.resolve(output);
  const mine = held.get(key);
  if (mine) return mine.release;
  const address = lockAddress(output);
  const clients = new Set<Socket>();
  let told = false;
  for (;;) {
    const server = await listen(address, clients);
    if (server) {
      const release = () => releaseLock(key);
      held.set(key, { server, clients, release });
      me.since = new Date().toISOString();
      if (!exitHooked) process.once("exit", releaseAll);
      exitHooked = true;
      // A note that cannot be written (a full disk) fails the build, and lets go of the lock.
      await writeNote(output, log).catch((error: unknown) => {
        release();
        throw error;
      });
      return release;
    }
    const answer = await ask(address);
    if (!answer) {
      // Nobody answers. A socket file whose process is gone stays behind (only outside Linux and Windows).
      if (!address.startsWith("\0") && !address.startsWith("\\\\")) await unlink(address).catch(() => {});
      continue;
    }
    if (!told) log(waitingMessage(answer.holder, output));
    told = true;
    await answer.gone;
  }
}

/** Replaces whatever an earlier build left in `_site.lock/` with this process's note, saying what it was. */
async function writeNote(output: string, log: (message: string) => void): Promise<void> {
  const lock = lockPath(output);
  const found = await leftover(lock);
  if (found) {
    await rm(lock, { recursive: true, force: true });
    log(
      `Took over the output folder ${output}: ${lock} held ${found}, left by an earlier build; no ` +
        "process holds the lock.",
    );
  }
  await mkdir(lock, { recursive: true });
  await writeFile(path.join(lock, "pid"), String(process.pid));
}

function releaseLock(key: string): void {
  const lock = held.get(key);
  if (!lock) return;
  held.delete(key);
  const note = lockPath(key);
  if (notedPid(note) === String(process.pid)) rmSync(note, { recursive: true, force: true });
  lock.server.close();
  for (const client of lock.clients) client.destroy();
}

/** The process number in a lock note, or "" when there is none to read. */
function notedPid(note: string): string {
  try {
    return readFileSync(path.join(note, "pid"), "utf8");
  } catch {
    return "";
  }
}

function releaseAll(): void {
  for (const key of [...held.keys()]) releaseLock(key);
}

/** Removes everything inside `output` (the folder itself stays, for a server watching it). */
export async function emptyFolder(output: string): Promise<void> {
  const entries = await readdir(output).catch(() => []);
  await Promise.all(entries.map((entry) => rm(path.join(output, entry), { recursive: true, force: true })));
}

export interface BuildEvent {
  /** `build`, or `serve` and `watch` under `npm start`. */
  runMode?: string;
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
