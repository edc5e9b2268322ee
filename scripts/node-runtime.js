/**
 * `npm ci` runs this after installing (the `postinstall` script). Where the running Node is older
 * than `engines.node`, it installs the Node runtime pinned in `config.nodeRuntime` from the npm
 * registry (the official binaries, published as `node-<platform>-<arch>`) into `.node/`, and links
 * it as `node_modules/.bin/node`: npm puts that folder first on PATH for every script, so `npm start`,
 * `npm run build` and `npm test` run on it. Where the running Node is new enough, nothing is
 * downloaded. Plain JavaScript, because it must run on the old Node too.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { satisfies } from "./node-version.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const wanted = manifest.engines.node;
const link = path.join(root, "node_modules/.bin/node");

rmSync(link, { force: true });
if (!satisfies(process.versions.node, wanted)) {
  const version = manifest.config.nodeRuntime;
  const platform = { win32: "win" }[process.platform] ?? process.platform;
  const name = `node-${platform}-${process.arch}`;
  const folder = path.join(root, ".node");
  const binary = path.join(folder, "node_modules", name, "bin", "node");
  const installed = existsSync(binary) && spawnSync(binary, ["--version"], { encoding: "utf8" }).stdout.trim() === `v${version}`;
  if (!installed) {
    console.log(`Node ${process.versions.node} is older than this project needs (${wanted}): installing Node ${version} (${name}) from the npm registry into .node/ for the npm scripts.`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, "package.json"), `${JSON.stringify({ private: true, dependencies: { [name]: version } }, null, 2)}\n`);
    // npm_execpath is the npm that is running this install; fall back to the one on PATH.
    const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ["npm"];
    const result = spawnSync(npm[0], [...npm.slice(1), "install", "--prefix", folder, "--no-audit", "--no-fund", "--loglevel=error"], { stdio: "inherit" });
    if (result.status !== 0 || !existsSync(binary)) {
      console.error(`Could not install ${name}@${version} from the npm registry. Install Node ${wanted} yourself (https://nodejs.org or a version manager) and run npm ci again.`);
      process.exit(1);
    }
  }
  symlinkSync(path.relative(path.dirname(link), binary), link);
  console.log(`npm scripts in this project run on Node ${version} (node_modules/.bin/node -> .node/).`);
}
