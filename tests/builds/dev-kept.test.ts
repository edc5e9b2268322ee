/**
 * What `npm start` keeps from one rebuild to the next, and what it leaves behind: nothing. One
 * `npm start` in a copy of the project serves the first tests in turn; each edits an input of
 * something a rebuild keeps (a code block's highlighting, a page's HTML found safe,
 * the share card's picture, the running esbuild) and sees the output follow, and a failure found
 * again on every rebuild. Then: stopping it ends every process it started, and a dev server whose
 * project folder is deleted, or whose parent process is gone, stops by itself.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { BUILD_ENV, projectCopy, readBuilt } from "../support/build.ts";
import {
  removeServedCopy,
  startDevServer,
  startNpmStart,
  startServedCopy,
  type DevServer,
} from "../support/dev-server.ts";
import { HANG_GUARD_MS } from "../support/hang-guard.ts";
import { alive, ended, groupMembers } from "../support/processes.ts";
import { deletionTrigger } from "../../_config/dev-server.ts";
import { freePort } from "../support/serve.ts";

let project = "";
let server: DevServer;

test.before(async () => {
  ({ project, server } = await startServedCopy());
});
test.after(() => removeServedCopy({ project, server }));

const output = (file: string) => readBuilt(path.join(project, "_site"), file);
const card = () => readFile(path.join(project, "_site/assets/share-card.png"));

/**
 * Saves `file` as `text` and resolves with what the rebuild printed, through "Watching…". The
 * watcher may still be starting when Eleventy first prints "Watching…", and a save it has not
 * seen starts no build: while no "File changed" follows the save, it is written again each second.
 */
async function save(file: string, text: string): Promise<string> {
  const from = server.printed().length;
  const target = path.join(project, file);
  const seen = () => server.printed().slice(from).includes("File changed");
  await writeFile(target, text);
  for (let attempt = 0; attempt < 5 && !seen(); attempt += 1) {
    await delay(1000);
    if (!seen()) await writeFile(target, text);
  }
  await server.waitFor(/File changed[^]*Watching/, from);
  return server.printed().slice(from);
}

/** Saves `file` with `search` replaced, and resolves with what the rebuild printed. */
async function edit(file: string, search: string, replacement: string): Promise<string> {
  const text = await readFile(path.join(project, file), "utf8");
  if (!text.includes(search)) throw new Error(`${file} has no ${JSON.stringify(search)}; update the test`);
  return save(file, text.replace(search, replacement));
}

test("a code block's edit shows in the rebuilt page, each time", async () => {
  const docs = await readFile(path.join(project, "content/pages/docs.md"), "utf8");
  const block = (value: number) => `${docs}\n\`\`\`json\n{ "keptBlock": ${value}0 }\n\`\`\`\n`;
  const number = (value: number) => new RegExp(`keptBlock[^]*?<span class="hljs-number">${value}0</span>`);
  await save("content/pages/docs.md", block(1));
  assert.match(await output("docs/index.html"), number(1));
  await save("content/pages/docs.md", block(2));
  const page = await output("docs/index.html");
  assert.match(page, number(2), "the edited block is highlighted anew");
  assert.not.match(page, number(1));
  await save("content/pages/docs.md", docs);
});

test("unsafe HTML fails every rebuild until it is fixed, whatever else is saved; the fix is published", async () => {
  const unsafe = `<iframe src="https://example.com/"></iframe>`;
  const file = String.raw`content/pages/auth\.md`;
  const failure = new RegExp(
    `Unsafe HTML in a Markdown page \\(1\\) in ${file}:\n\\[11ty\\] +${file}:\\d+: <iframe> is not allowed`,
  );
  const auth = await readFile(path.join(project, "content/pages/auth.md"), "utf8");
  assert.match(await save("content/pages/auth.md", `${auth}\n${unsafe}\n`), failure);
  // Another page's save rebuilds every page: the failure is found again, never taken as checked.
  assert.match(await edit("content/pages/api.md", "\n", "\n\n"), failure, "a failure is not kept");
  const fixed = await save("content/pages/auth.md", `${auth}\nKept safe.\n`);
  assert.not.match(fixed, /Unsafe HTML/);
  assert.match(await output("auth/index.html"), /Kept safe\./);
  // The same unsafe page again fails again.
  assert.match(await save("content/pages/auth.md", `${auth}\n${unsafe}\n`), failure);
  assert.not.match(await save("content/pages/auth.md", auth), /Unsafe HTML/);
});

test("a rank edit redraws the share card and rebundles the homepage's script, and undone, restores both", async () => {
  const [cardBefore, scriptBefore] = [await card(), await output("assets/calculator.js")];
  assert.match(scriptBefore, /"Cosmic"/);
  // A name no earlier build bundled, so esbuild runs (a kept bundle would be taken instead).
  const renamed = `Zen${process.pid}`;
  await edit("_data/ranks.ts", 'name: "Cosmic"', `name: "${renamed}"`);
  const script = await output("assets/calculator.js");
  assert.match(script, new RegExp(`"${renamed}"`), "the bundle has the new name");
  assert.not.ok((await card()).equals(cardBefore), "the card shows the new name");
  await edit("_data/ranks.ts", `name: "${renamed}"`, 'name: "Cosmic"');
  assert.is(await output("assets/calculator.js"), scriptBefore);
  assert.ok((await card()).equals(cardBefore), "the card is the one drawn before");
});

test("a stylesheet edit to the card's colours redraws it; one elsewhere leaves it as it was", async () => {
  const cardBefore = await card();
  await edit("assets/styles/site.css", "body {\n  margin: 0;", "body {\n  margin: 0;\n  outline-color: red;");
  assert.ok((await card()).equals(cardBefore), "a rule the card does not read leaves it as it was");
  const css = await readFile(path.join(project, "assets/styles/site.css"), "utf8");
  const text = /:root\s*\{[^}]*--text:\s*(#[0-9a-fA-F]{6})/.exec(css)?.[1];
  assert.ok(text, "site.css's first :root rule sets --text");
  await edit("assets/styles/site.css", `--text: ${text}`, "--text: #123456");
  assert.not.ok((await card()).equals(cardBefore), "the card's text colour follows the stylesheet");
  await save("assets/styles/site.css", css);
  assert.ok((await card()).equals(cardBefore));
});

test("stopping npm start ends every process it started, esbuild's included", async () => {
  const members = groupMembers(server.pid);
  const esbuild = members.find((member) => member.command === "esbuild");
  assert.ok(esbuild, `esbuild runs for the next rebuild: ${JSON.stringify(members)}`);
  // Eleventy's process (esbuild's parent) alone is stopped, as a process manager or \`kill PID\` would.
  assert.ok(alive(esbuild.parent), `Eleventy's process runs: ${JSON.stringify(members)}`);
  process.kill(esbuild.parent, "SIGTERM");
  await ended(
    members.map((member) => member.pid),
    "npm start after SIGTERM to Eleventy",
  );
  assert.not.ok(existsSync(deletionTrigger(esbuild.parent)), "its deletion trigger file is removed");
});

test("Ctrl-C (SIGINT to npm start's process group) ends every process it started", async () => {
  const copy = await projectCopy();
  const interrupted = await startNpmStart(copy);
  try {
    const members = groupMembers(interrupted.pid);
    assert.ok(members.length >= 2, `npm start and Eleventy run: ${JSON.stringify(members)}`);
    process.kill(-interrupted.pid, "SIGINT");
    await ended(
      members.map((member) => member.pid),
      "npm start after Ctrl-C",
    );
    const left = members.filter((member) => existsSync(deletionTrigger(member.pid)));
    assert.equal(left, [], "no deletion trigger file is left behind");
  } finally {
    await interrupted.stop();
    await rm(copy, { recursive: true, force: true });
  }
});

test("a dev server whose project folder is deleted stops", async () => {
  const copy = await projectCopy();
  const orphan = await startDevServer(copy);
  try {
    const from = orphan.printed().length;
    await rm(copy, { recursive: true, force: true });
    await orphan.waitUntil(() => !orphan.running(), "stop once its folder is gone");
    assert.match(orphan.printed().slice(from), /stopping the dev server: its project folder is gone/);
  } finally {
    await orphan.stop();
    await rm(copy, { recursive: true, force: true });
  }
});

test("a dev server whose parent process is gone stops", async () => {
  const copy = await projectCopy();
  const port = await freePort();
  const eleventy = "node_modules/@11ty/eleventy/cmd.cjs --config=eleventy.config.ts --serve";
  const command = `${JSON.stringify(process.execPath)} --import ./scripts/reload-modules.js ${eleventy} --port=${port}`;
  // A shell starts the dev server and waits for it, as npm does; the shell is then killed outright.
  const shell = spawn("sh", ["-c", `${command} & echo "pid $!"; wait`], {
    cwd: copy,
    env: { ...process.env, ...BUILD_ENV, SITE_URL: `http://localhost:${port}/`, NO_COLOR: "1" },
  });
  let printed = "";
  shell.stdout.on("data", (chunk) => (printed += chunk));
  shell.stderr.on("data", (chunk) => (printed += chunk));
  let pid = 0;
  try {
    const deadline = Date.now() + HANG_GUARD_MS;
    while (!/Watching/.test(printed)) {
      if (Date.now() > deadline) throw new Error(`The dev server did not start:\n${printed}`);
      await delay(100);
    }
    pid = Number(/pid (\d+)/.exec(printed)?.[1]);
    assert.ok(alive(pid), `the dev server runs: ${printed}`);
    shell.kill("SIGKILL");
    await ended([pid], "the dev server whose parent was killed");
    assert.match(printed, /stopping the dev server: the process that started it \(\d+\) has ended/);
  } finally {
    if (pid && alive(pid)) process.kill(pid, "SIGTERM");
    shell.kill("SIGKILL");
    await rm(copy, { recursive: true, force: true });
  }
});

test.run();
