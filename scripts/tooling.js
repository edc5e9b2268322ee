/**
 * `npm test`, `npm run typecheck` and `npm run bench` start here: the writer's `npm ci` installs only
 * what building and serving need, so the test tooling (`tests/package.json`) and the benchmark's
 * (`tests/bench/package.json`) each have their own manifest and lock. For each folder named on the
 * command line, this installs `node_modules` with `npm ci` when it is missing or no longer matches
 * the folder's `package-lock.json`, then returns. Plain JavaScript, so that on a Node too old it can
 * say so instead of failing to read TypeScript.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { satisfies } from "./node-version.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const fail = (message) => {
  console.error(message);
  process.exit(1);
};

const wanted = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).engines.node;
if (!satisfies(process.versions.node, wanted)) {
  fail(
    `This project runs on Node ${wanted}; this script runs on ${process.version}. Run \`npm ci\` in ` +
      `${root}: where the system Node is older, it installs Node from the npm registry for the npm ` +
      "scripts (node_modules/.bin/node).",
  );
}
if (!existsSync(path.join(root, "node_modules/@11ty/eleventy")))
  fail(`The build's packages are not installed. Run \`npm ci\` in ${root} first.`);

/** Folders of `node_modules` whose installed versions differ from the lock, or that are missing. */
function stale(folder) {
  const lock = JSON.parse(readFileSync(path.join(folder, "package-lock.json"), "utf8")).packages;
  const installedFile = path.join(folder, "node_modules/.package-lock.json");
  if (!existsSync(installedFile)) return ["node_modules"];
  const installed = JSON.parse(readFileSync(installedFile, "utf8")).packages;
  return Object.entries(lock).flatMap(([key, entry]) =>
    key === "" || entry.optional || installed[key]?.version === entry.version ? [] : [key],
  );
}

for (const name of process.argv.slice(2)) {
  const folder = path.join(root, name);
  const differing = stale(folder);
  if (differing.length === 0) continue;
  console.log(
    `Installing ${path.join(name, "package.json")} into ${path.join(name, "node_modules")} ` +
      `(${differing.length === 1 ? differing[0] : `${differing.length} packages`} missing or stale)…`,
  );
  // The npm running this script, on this Node, so that packages needing a newer Node install without warnings.
  const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ["npm"];
  const result = spawnSync(npm[0], [...npm.slice(1), "ci", "--prefix", folder, "--no-audit", "--no-fund"], {
    stdio: "inherit",
  });
  if (result.status !== 0)
    fail(
      `\`npm ci --prefix ${name}\` failed (above). Check the network to the npm registry, then run the command again.`,
    );
}
