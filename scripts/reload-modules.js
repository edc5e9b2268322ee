/**
 * `npm start` preloads this (`node --import`), so that editing a TypeScript module of the project
 * (`build/`, `assets/`, the config) shows in the next rebuild without
 * restarting the server, and the open tab keeps its live reload.
 *
 * Node caches every imported module by URL, and Eleventy re-imports only the file that changed, not
 * what it imports. This resolve hook gives every project `.ts` URL a version, `?sources=<stamp>`,
 * where the stamp is the newest modification time among the project's sources: while nothing
 * changes, every import resolves to the cached module; after an edit, the next import of any project
 * module loads a fresh copy of it and of everything it imports. Old copies stay in memory until the
 * server stops, which is fine for a dev server. https://nodejs.org/api/module.html#customization-hooks
 */
import { registerHooks } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { newestSource } from "./newest-source.js";

if (typeof registerHooks !== "function") {
  console.error(`npm start needs Node 22.15 or newer (module.registerHooks); this is ${process.version}. Run \`npm ci\` first: it installs a newer Node for the npm scripts where the system's is older.`);
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const rootUrl = pathToFileURL(root + path.sep).href;
/** Folders that hold no source the build imports. */
const SKIP = new Set(["node_modules", "_site", "tests"]);

registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    const url = new URL(resolved.url);
    if (url.protocol !== "file:" || !url.href.startsWith(rootUrl) || !url.pathname.endsWith(".ts") || url.pathname.includes("/node_modules/")) return resolved;
    url.searchParams.set("sources", String(newestSource(root, SKIP)));
    return { ...resolved, url: url.href };
  },
});
