/**
 * The dev loop (`npm start`), as a writer runs it: one `npm start -- --port=N` in a copy of the
 * project serves this file's tests in turn (a watching Eleventy that starts and builds once costs
 * more than all its rebuilds). It serves on that port, and the site's URLs name it; with
 * `scripts/reload-modules.js` preloaded, the same process picks up edits to a constant deep in the
 * data's imports, a `_data` module, a schema in `contract/`, a build module in `_config/` and a
 * template, rebuilding with the new values instead of Node's
 * cached modules and without a restart (so the open tab keeps its live reload); and it prints a
 * writer's mistakes with their file and line, sends them to the open page over the live-reload
 * socket (the page shows them: browser/build-errors.test.ts), and recovers when one is fixed.
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { setTimeout as delay } from "node:timers/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { editFile, readBuilt } from "../support/build.ts";
import { removeServedCopy, startServedCopy, type DevServer } from "../support/dev-server.ts";
import { HANG_GUARD_MS } from "../support/hang-guard.ts";
import { DATA_NAME, lineOf, MISSPELT } from "../support/writer-mistakes.ts";

let project = "";
let server: DevServer;

test.before(async () => {
  ({ project, server } = await startServedCopy());
});
test.after(() => removeServedCopy({ project, server }));

test("npm start -- --port=N serves there, and every absolute URL of the site names that port", async () => {
  const base = server.url;
  assert.match(server.printed(), `Server at ${base}`);
  const home = await (await fetch(base)).text();
  assert.match(
    home,
    new RegExp(`<link rel="canonical" href="${base}">`),
    "the homepage's canonical URL names the port",
  );
  const guide = await (await fetch(new URL("llms.txt", base))).text();
  assert.ok(guide.includes(`${base}openapi.json`), "llms.txt links name the port");
  assert.not.ok(guide.includes("localhost:8080"), "no URL names the default port");
});

test(`a watching build follows edits to modules in common/, contract/, _config/, _data/ and templates in \
the same process`, async () => {
  const output = path.join(project, "_site");
  const completedBuilds = () => (server.printed().match(/Wrote \d+ files[^]*?Watching/g) ?? []).length;
  /** Resolves once Eleventy has finished `count` builds and is watching again; rejects if it exits first. */
  const builds = (count: number) =>
    server.waitUntil(() => completedBuilds() >= count, `finish build ${count}`);
  /**
   * Makes an edit and returns `outputFile` as the first build that shows `expected` wrote it. The
   * watcher may still be starting when Eleventy prints "Watching…", and a change it has not seen
   * yet starts no build; so while Eleventy has printed no "File changed" since the edit, the file is
   * written again (same content, newer time) after each quiet second. A build that started before
   * the edit may finish first with the old text, and each build empties the output folder first, so
   * a file read between builds may be missing: the wait goes on to the next build.
   */
  const editAndRebuild = async (
    file: string,
    search: string,
    replacement: string,
    outputFile: string,
    expected: RegExp,
  ): Promise<string> => {
    const from = server.printed().length;
    await editFile(project, file, search, replacement);
    const target = path.join(project, file);
    const shown = (async () => {
      let seen = completedBuilds();
      try {
        for (;;) {
          await builds(seen + 1);
          seen = completedBuilds();
          const text = await readBuilt(output, outputFile).catch(() => "");
          if (expected.test(text)) return text;
        }
      } catch (error) {
        throw new Error(`No rebuild wrote the edit of ${file} to ${outputFile}: ${(error as Error).message}`);
      }
    })();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const text = await Promise.race([shown, delay(1000).then(() => undefined)]);
      if (text !== undefined) return text;
      if (!server.printed().slice(from).includes("File changed"))
        await writeFile(target, await readFile(target, "utf8"));
    }
    return shown;
  };
  await builds(1);
  assert.match(await readBuilt(output, "openapi.json"), /"version": "1\.0\.0"/);
  const contract = await editAndRebuild(
    "common/constants.ts",
    'API_VERSION = "1.0.0"',
    'API_VERSION = "1.0.7"',
    "openapi.json",
    /"version": "1\.0\.7"/,
  );
  assert.match(contract, /"version": "1\.0\.7"/, "the contract constant reached the rebuilt openapi.json");
  const info = await editAndRebuild(
    "_data/calculator.ts",
    "Shows how a gem balance grows",
    "Shows how a GEM balance grows",
    "api/info.json",
    /Shows how a GEM balance grows/,
  );
  assert.match(info, /Shows how a GEM balance grows/, "the data edit reached the rebuilt api/info.json");
  const robots = await editAndRebuild(
    "content/robots.txt.11ty.ts",
    '"Disallow:",',
    '"Disallow:", "# edited template",',
    "robots.txt",
    /# edited template/,
  );
  assert.match(robots, /# edited template/, "the template edit reached the rebuilt robots.txt");
  const schema = await editAndRebuild(
    "contract/calculator-info.ts",
    '"Days in a month."',
    '"Days in one month."',
    "openapi.json",
    /Days in one month\./,
  );
  assert.match(schema, /Days in one month\./, "the schema's description reached the rebuilt openapi.json");
  const page = await editAndRebuild(
    "_config/after-paint-scripts.ts",
    "buffered:!0",
    "buffered:true",
    "index.html",
    /buffered:true/,
  );
  assert.match(page, /buffered:true/, "the build module's edit reached the rebuilt homepage");
  assert.ok(server.running(), "the same process is still watching");
});

/** A GET of `target` as written, to `address`, with `headers`: the status, or the connection's error code. */
function get(
  address: string,
  port: number,
  target: string,
  headers: Record<string, string> = {},
): Promise<number | string> {
  return new Promise((resolve) => {
    const sent = request({ host: address, port, path: target, headers }, (response) => {
      response.resume();
      resolve(response.statusCode!);
    });
    sent.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    sent.end();
  });
}

/** A WebSocket handshake from a page at `origin`: 101 when the server accepts it, else its status. */
function socketFrom(origin: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    // As a page at http://localhost:PORT/ opens it: Host localhost:PORT.
    const headers = {
      Host: `localhost:${port}`,
      Connection: "Upgrade",
      Upgrade: "websocket",
      "Sec-WebSocket-Version": "13",
      "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
      Origin: origin,
    };
    const sent = request({ host: "127.0.0.1", port, path: "/", headers });
    sent.on("upgrade", (response, socket) => (socket.destroy(), resolve(response.statusCode!)));
    sent.on("response", (response) => (response.resume(), resolve(response.statusCode!)));
    sent.on("error", reject);
    sent.end();
  });
}

test(`the dev server is the writer's alone: loopback only, its socket for its own pages, 400 for a bad \
path`, async () => {
  const { port } = server;
  assert.is(await get("127.0.0.1", port, "/"), 200);
  // Listening on 127.0.0.1 only: another address of this machine (even another loopback one) finds no server.
  assert.is(await get("127.0.0.2", port, "/"), "ECONNREFUSED", "not listening on every interface");
  // A page of another site that names this machine by its own host name (DNS rebinding) is refused.
  assert.is(await get("127.0.0.1", port, "/", { Host: `evil.example:${port}` }), 403);
  for (const target of ["/..%2fpackage.json", "/%E0%A4%A", "/docs/..%2f..%2fpackage.json"])
    assert.is(await get("127.0.0.1", port, target), 400, target);
  assert.ok(server.running(), "a bad path leaves the server running");
  // The live-reload socket carries build errors: only a page this server served may open it.
  assert.is(await socketFrom(`http://localhost:${port}`, port), 101, "its own page");
  for (const origin of ["http://evil.example", `http://localhost:${port + 1}`, "null"])
    assert.not.equal(await socketFrom(origin, port), 101, origin);
  assert.not.match(server.printed(), /Unhandled|unhandled rejection/i);
});

/** What the dev server sends the open page over its live-reload socket. */
interface LiveReloadMessage {
  type: string;
  error?: string;
}

/**
 * The page's live-reload socket, as the dev server's client script opens it, once it is open: the
 * messages it has been sent, and `sent(from, wanted, what)`, which resolves once a message after the
 * first `from` fits `wanted`.
 */
async function liveReloadSocket(port: number) {
  const socket = new WebSocket(`ws://localhost:${port}`);
  const messages: LiveReloadMessage[] = [];
  let onMessage = () => {};
  socket.addEventListener("message", (event) => (messages.push(JSON.parse(String(event.data))), onMessage()));
  const sent = (from: number, wanted: (message: LiveReloadMessage) => boolean, what: string) =>
    new Promise<void>((resolve, reject) => {
      const guard = setTimeout(
        () => reject(new Error(`the page was never sent ${what}: ${JSON.stringify(messages)}`)),
        HANG_GUARD_MS,
      );
      onMessage = () => {
        if (!messages.slice(from).some(wanted)) return;
        clearTimeout(guard);
        resolve();
      };
      onMessage();
    });
  await new Promise(
    (resolve, reject) => (socket.addEventListener("open", resolve), socket.addEventListener("error", reject)),
  );
  return { socket, messages, sent };
}

test("deleting a file rebuilds: a deleted page's error goes, and the open page is told to reload", async () => {
  const { socket, messages, sent } = await liveReloadSocket(server.port);
  try {
    const page = [
      "---",
      "title: Broken",
      "permalink: /broken/",
      "eleventyExcludeFromCollections: true",
      "---",
      "",
      MISSPELT,
      "",
    ].join("\n");
    await writeFile(path.join(project, "content/broken.md"), page);
    await sent(
      0,
      (message) =>
        message.type === "eleventy.error" && Boolean(message.error?.includes("content/broken.md:7")),
      "the broken page's error",
    );
    const deleted = server.printed().length;
    const before = messages.length;
    await rm(path.join(project, "content/broken.md"));
    await server.waitFor(/Wrote \d+ files/, deleted);
    await sent(before, (message) => message.type === "eleventy.reload", "a reload");
    assert.ok(server.running());
  } finally {
    socket.close();
  }
});

test(`npm start prints a writer's mistakes with their file and line, sends them to the open page, and \
recovers when one is fixed`, async () => {
  const { socket, sent } = await liveReloadSocket(server.port);
  /** Resolves once the socket has been sent an error that includes `text`. */
  const sentError = (text: string) =>
    sent(
      0,
      (message) => message.type === "eleventy.error" && Boolean(message.error?.includes(text)),
      `an error with ${text}`,
    );
  try {
    const line = await lineOf("content/pages/docs.md", `(\`"${DATA_NAME}"\`)`);
    const before = server.printed().length;
    await editFile(project, "content/pages/docs.md", `(\`"${DATA_NAME}"\`)`, `(\`"${MISSPELT}"\`)`);
    await server.waitFor(
      new RegExp(
        `content/pages/docs\\.md:${line}: "calculatr" is not a name in the page's data; did you mean "calculator"\\?`,
      ),
      before,
    );
    // The page is sent the same message (browser/build-errors.test.ts shows it on the page).
    await sentError(`content/pages/docs.md:${line}:`);
    await server.waitFor(/Watching/, before);
    const fixed = server.printed().length;
    await editFile(project, "content/pages/docs.md", `(\`"${MISSPELT}"\`)`, `(\`"${DATA_NAME}"\`)`);
    await server.waitFor(/Wrote \d+ files/, fixed);
    // The drift check runs in the same rebuild: a rank name typed by hand, with its line and fix.
    const typed = server.printed().length;
    const support = await lineOf("content/pages/docs.md", "## Support");
    await editFile(
      project,
      "content/pages/docs.md",
      "## Support\n\n",
      "## Support\n\nMembers of the support team answer; Ethereal holders ask first.\n\n",
    );
    await server.waitFor(
      new RegExp(
        `content/pages/docs\\.md:${support + 2}: types the rank name "Ethereal" by hand; write \\{\\{ ` +
          `ranks\\.ranks\\[1\\]\\.name \\| markdownText \\}\\}`,
      ),
      typed,
    );
  } finally {
    socket.close();
  }
});

test.run();
