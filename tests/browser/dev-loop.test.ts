/**
 * The dev loop (`npm start`), as a writer runs it, in a copy of the project: it serves on the port
 * it is given, and the site's URLs name it; an edit to a page, a data module or a module deep in
 * the data's imports reaches what it serves (a TypeScript edit restarts the process under tsx
 * watch); a writer's mistake is printed with its file and line and shown on the open page, in a
 * Chromium, until the fix reloads it (_config/build-errors.ts); and the server is the writer's alone
 * (loopback, this machine's names, request targets that are paths).
 */
import { existsSync, readdirSync, readFileSync, statSync, utimesSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { request } from "node:http";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ownNames, refusal } from "../../_config/dev-server.ts";
import { escapeRegExp } from "../../_config/escape.ts";
import { paths } from "../../_data/site.ts";
import { editFile, projectCopy } from "../support/build.ts";
import { HANG_GUARD_MS, recordPageMessages, testBrowser } from "../support/browser.ts";
import { startDevServer, type DevServer } from "../support/dev-server.ts";
import { DATA_NAME, lineOf, MISSPELT, misspeltMessage } from "../support/writer-mistakes.ts";

let project = "";
let server: DevServer;
test.before(async () => {
  project = await projectCopy();
  server = await startDevServer(project);
});
test.after(async () => {
  await server?.stop();
  if (project) await rm(project, { recursive: true, force: true });
});

/** Resolves with what `url` serves once it matches `expected`; polls, as a writer reloads. */
async function servedOnce(url: string, expected: RegExp): Promise<string> {
  const deadline = Date.now() + HANG_GUARD_MS;
  for (;;) {
    const text = await fetch(url).then(
      (response) => response.text(),
      () => "",
    );
    if (expected.test(text)) return text;
    if (Date.now() > deadline) throw new Error(`${url} never served ${expected}:\n${server.printed()}`);
    await delay(200);
  }
}

/**
 * Sends `target` exactly as the request line's target, with `headers`: the status (101 when a
 * WebSocket upgrade is accepted), or the error's code.
 */
function get(port: number, target: string, headers: Record<string, string> = {}): Promise<number | string> {
  return new Promise((resolve) => {
    const sent = request({ host: "127.0.0.1", port, path: target, headers });
    sent.on("response", (response) => {
      response.resume();
      resolve(response.statusCode!);
    });
    sent.on("upgrade", (response, socket) => {
      socket.destroy();
      resolve(response.statusCode!);
    });
    sent.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    sent.end();
  });
}

/** The status of a live-reload socket opened from a page of `origin` (none: not a browser): 101 when it opens. */
const socketStatus = (port: number, origin?: string) =>
  get(port, "/", {
    Connection: "Upgrade",
    Upgrade: "websocket",
    "Sec-WebSocket-Version": "13",
    "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
    ...(origin ? { Origin: origin } : {}),
  });

/** The running processes of process group `group`, from /proc/PID/stat (`pid (command) state ppid pgrp …`). */
function groupMembers(group: number): number[] {
  const inGroup = (pid: string) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return state !== "Z" && Number(pgrp) === group;
    } catch {
      return false; // gone since the listing
    }
  };
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry) && inGroup(entry))
    .map(Number);
}

test("npm start -- --port=N serves there, and every absolute URL of the site names that port", async () => {
  const home = await (await fetch(server.url)).text();
  assert.ok(home.includes(`<link rel="canonical" href="${server.url}">`), "the canonical URL names the port");
  const guide = await (await fetch(new URL("llms.txt", server.url))).text();
  assert.ok(guide.includes(`${server.url}openapi.json`), "llms.txt's links name the port");
});

// Before the edits below, whose TypeScript changes restart the server under the open page.
test(`a writer's mistake is printed and shown on the open page with its file, line and fix; the fix \
replaces it`, async () => {
  const line = await lineOf("content/pages/docs.md", `(\`"${DATA_NAME}"\`)`);
  const browser = await testBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Eleventy's own client logs the error to the console, which this page may do while serving.
    const messages = recordPageMessages(page, server.url.replace(/\/$/, ""));
    await page.goto(new URL("docs/", server.url).href);
    await page.waitForFunction(
      () => document.querySelectorAll("script[src$='/.11ty/build-errors.js']").length === 1,
      undefined,
      { timeout: HANG_GUARD_MS },
    );
    const before = server.printed().length;
    await editFile(project, "content/pages/docs.md", `(\`"${DATA_NAME}"\`)`, `(\`"${MISSPELT}"\`)`);
    const message = misspeltMessage(line);
    await server.waitFor(new RegExp(escapeRegExp(message)), before);
    const dialog = page.getByRole("dialog", { name: "The site did not build" });
    await dialog.waitFor({ state: "visible", timeout: HANG_GUARD_MS });
    const shown = await dialog.innerText();
    assert.ok(shown.includes(`${message} Correct the spelling`), shown);
    assert.ok(shown.includes("This page is the last good build"), shown);
    // The message is text: the tag in it is not rendered.
    assert.ok(shown.includes(`in ${MISSPELT}`), shown);
    await editFile(project, "content/pages/docs.md", `(\`"${MISSPELT}"\`)`, `(\`"${DATA_NAME}"\`)`);
    await servedOnce(new URL("docs/", server.url).href, /0\.003/);
    await dialog.waitFor({ state: "detached", timeout: HANG_GUARD_MS });
    assert.ok(
      (await page.locator("main").innerText()).includes('"0.003"'),
      "the fixed page shows the rate again",
    );
    const problems = messages.filter((printed) => !printed.startsWith("console."));
    assert.equal(problems, [], "no page error or third-party request");
  } finally {
    await browser.close();
  }
});

test("edits to a page (its time kept), a partial, a data module and a constant it imports are served", async () => {
  // Followed by content: the edit keeps the file's modification time.
  const auth = path.join(project, "content/pages/auth.md");
  const { atime, mtime } = statSync(auth);
  await editFile(project, "content/pages/auth.md", "# Access policy", "# Access policy, edited");
  utimesSync(auth, atime, mtime);
  await servedOnce(new URL("auth/", server.url).href, /Access policy, edited/);
  await editFile(project, "_includes/partials/site-footer.liquid", ">Support<", ">Help<");
  await servedOnce(new URL("api/", server.url).href, />Help</);
  await editFile(
    project,
    "_data/calculator.ts",
    "Shows how a gem balance grows",
    "Shows how a GEM balance grows",
  );
  await servedOnce(new URL("api/info.json", server.url).href, /Shows how a GEM balance grows/);
  // Saved on its own: only tsx watch following the deep import restarts the server for it.
  await editFile(project, "common/constants.ts", 'API_VERSION = "1.0.0"', 'API_VERSION = "1.0.7"');
  await servedOnce(new URL("openapi.json", server.url).href, /"version": "1\.0\.7"/);
});

test("edits to the homepage's modules (its own, a shared one) and the colours reach bundle and card", async () => {
  const cardUrl = new URL(paths.shareCard, server.url);
  const card = async () => {
    const response = await fetch(cardUrl);
    return response.ok ? Buffer.from(await response.arrayBuffer()) : undefined;
  };
  const before = await card();
  assert.ok(before, "the card is served");
  await editFile(project, "assets/page/form-share.ts", "Nothing to share: fix", "Nothing to share yet: fix");
  await servedOnce(new URL(paths.calculatorScript, server.url).href, /Nothing to share yet: fix/);
  await editFile(project, "common/duration-text.ts", '"mths", "month"', '"mths", "mnth", "month"');
  await servedOnce(new URL(paths.calculatorScript, server.url).href, /"mnth"/);
  await editFile(project, "assets/styles/site.css", "--link: #0b5cad;", "--link: #0b5c00;");
  await servedOnce(new URL("auth/", server.url).href, /--link: ?#0b5c00/);
  // Drawn again in the new accent colour: polled, as the card is written after the pages.
  const deadline = Date.now() + HANG_GUARD_MS;
  for (let now = await card(); !now || now.equals(before); now = await card()) {
    if (Date.now() > deadline) throw new Error(`the card never changed:\n${server.printed()}`);
    await delay(200);
  }
});

test("it listens on loopback only, answers this machine's names only, and only paths", async () => {
  // /proc/net/tcp lists each listening socket's local address: 0100007F is 127.0.0.1.
  const port = server.port.toString(16).toUpperCase().padStart(4, "0");
  const listening = readFileSync("/proc/net/tcp", "utf8")
    .split("\n")
    .filter((line) => line.includes(`:${port} `) && / 0A /.test(line))
    .map((line) => line.trim().split(/\s+/)[1]);
  assert.equal(listening, [`0100007F:${port}`], "bound to 127.0.0.1, not every interface");
  assert.is(await get(server.port, "/"), 200);
  assert.is(await get(server.port, "/", { Host: `evil.example:${server.port}` }), 403, "a rebinding host");
  for (const target of ["http://127.0.0.1/", "*", "/..%2fpackage.json", "/%E0%A4%A"])
    assert.is(await get(server.port, target), 400, target);
  assert.is(await socketStatus(server.port, `http://127.0.0.1:${server.port}`), 101, "its own page's socket");
  assert.is(await socketStatus(server.port, "http://evil.example"), 403, "another site's page's socket");
  assert.ok(server.running(), "bad requests leave it running");
});

test("opened to the network (HOST=0.0.0.0), it answers this machine's own names and no other", () => {
  const names = ownNames("0.0.0.0");
  assert.ok(names.has("localhost") && names.has("127.0.0.1"), [...names].join(", "));
  for (const name of names) assert.is(refusal("/", `${name}:8080`, names), null, name);
  assert.is(refusal("/", "evil.example:8080", names)?.status, 403);
  assert.is(refusal("/", undefined, names)?.status, 403, "a request without a Host header");
  assert.equal(ownNames("127.0.0.1"), new Set(["localhost", "127.0.0.1", "[::1]"]), "loopback alone");
});

test("it writes nothing in the shared temporary folder: tsx's pipe lives in the project", async () => {
  const pipes = (folder: string) =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
      entry.name.startsWith("tsx-")
        ? readdirSync(path.join(folder, entry.name)).map((pipe) => parseInt(pipe, 10))
        : [],
    );
  const ours = new Set(groupMembers(server.group));
  assert.ok(
    pipes(path.join(project, "node_modules/.cache")).some((pid) => ours.has(pid)),
    "its pipe is in node_modules/.cache",
  );
  assert.not.ok(existsSync(tmpdir()) && pipes(tmpdir()).some((pid) => ours.has(pid)), `none in ${tmpdir()}`);
});

test.run();
