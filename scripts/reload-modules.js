/**
 * `npm start` preloads this (`node --import`), so that editing a TypeScript module of the project
 * (`_config/`, `_data/`, `contract/`, `common/`, `assets/`, the templates, the config) shows in the next
 * rebuild without
 * restarting the server, and the open tab keeps its live reload.
 *
 * Node caches every imported module by URL, and Eleventy re-imports only the file that changed, not
 * what it imports. This resolve hook gives a project module a version (`?version=N`) that changes
 * when the module or any module it imports, however deep, changed: the next import of it loads it
 * and what changed anew, and every other module stays the one already loaded (and, never having
 * had a version, the one Node's compile cache holds). The hook learns the import graph from the
 * imports it resolves, and which files changed from a watch on the project's folders; the changes
 * are turned into versions once, at the first import after them (the rebuild's), never by a scan
 * per import. Old copies stay in memory until the server stops, which is fine for a dev server.
 * https://nodejs.org/api/module.html#customization-hooks
 */
import { readdirSync, watch } from "node:fs";
import { registerHooks } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

if (typeof registerHooks !== "function") {
  console.error(
    `npm start needs Node 22.15 or newer (module.registerHooks); this is ${process.version}. Run \`npm ci\` first: ` +
      "it installs a newer Node for the npm scripts where the system's is older.",
  );
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const rootUrl = pathToFileURL(root + path.sep).href;
/** Folders that hold no source the build imports. */
const SKIP = new Set(["node_modules", "_site", "tests"]);

/** Each module's importers, by file path: who must load anew when it changes. */
const importers = new Map();
/** Each module's version, by file path; a module never changed has none. */
const versions = new Map();
/** Files changed since the last import, by path. */
const changed = new Set();
let generation = 0;

/** Marks `file` and every module that imports it, however deep, with a new version. */
function newVersions() {
  generation += 1;
  const pending = [...changed];
  changed.clear();
  const seen = new Set();
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    versions.set(file, generation);
    pending.push(...(importers.get(file) ?? []));
  }
}

/** Watches the project's folders (and its top-level files) for edits to TypeScript modules. */
function watchSources() {
  const onChange = (folder) => (_event, name) => {
    if (name && name.endsWith(".ts")) changed.add(path.join(folder, name));
  };
  watch(root, onChange(root)).unref();
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith(".") || SKIP.has(entry.name)) continue;
    const folder = path.join(root, entry.name);
    watch(folder, { recursive: true }, onChange(folder)).unref();
  }
}

const isProjectModule = (url) =>
  url.protocol === "file:" &&
  url.href.startsWith(rootUrl) &&
  url.pathname.endsWith(".ts") &&
  !url.pathname.includes("/node_modules/");

watchSources();
registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    const url = new URL(resolved.url);
    if (!isProjectModule(url)) return resolved;
    if (changed.size > 0) newVersions();
    const file = fileURLToPath(url);
    const parent = context.parentURL && URL.parse(context.parentURL);
    if (parent && isProjectModule(parent)) {
      const list = importers.get(file) ?? new Set();
      list.add(fileURLToPath(parent));
      importers.set(file, list);
    }
    const version = versions.get(file);
    if (version === undefined) return resolved;
    url.searchParams.set("version", String(version));
    return { ...resolved, url: url.href };
  },
});
