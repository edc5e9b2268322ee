/**
 * The `.11ty.ts` templates load through Node's compile cache. Eleventy imports every JavaScript
 * template with a new `?_cache_bust=<time>` query on every build (its JavaScript engine is never
 * cacheable), so each build compiled each template anew under a new URL, and Node's compile cache
 * (NODE_COMPILE_CACHE) kept one more entry per template per build, without end. This resolve hook
 * drops that query from the project's own modules: a template has one URL, and a build loads it
 * from the compile cache. `npm start` still follows edits: its module hook
 * (scripts/reload-modules.js) gives a module a new version when it or a module it imports changed.
 * https://nodejs.org/api/module.html#synchronous-hooks-accepted-by-moduleregisterhooks
 */
import module from "node:module";

/** Set once per process: the config module is loaded again on each config change in `npm start`. */
const REGISTERED = Symbol.for("exp-bank.template-modules");

/**
 * Whether `url` is a TypeScript module of a project (not a package's). Any project's: the tests
 * build several copies of the project in one process (tests/support/build.ts).
 */
const isProjectModule = (url: URL) =>
  url.pathname.endsWith(".ts") && !url.pathname.includes("/node_modules/");

/** Resolves every import of the project's modules without Eleventy's per-build query. */
export function loadTemplatesOnce(): void {
  const state = globalThis as { [REGISTERED]?: boolean };
  // Node before 22.15 has no synchronous hooks (the benchmark's Node 20 + tsx baseline): there
  // templates load as Eleventy imports them.
  if (state[REGISTERED] || typeof module.registerHooks !== "function") return;
  state[REGISTERED] = true;
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      // Most imports carry no query: they pass untouched, without parsing a URL for each.
      if (!specifier.includes("_cache_bust")) return nextResolve(specifier, context);
      const url = URL.parse(specifier, context.parentURL);
      const busted = url?.protocol === "file:" && url.searchParams.has("_cache_bust") && isProjectModule(url);
      if (!url || !busted) return nextResolve(specifier, context);
      url.searchParams.delete("_cache_bust");
      return nextResolve(url.href, context);
    },
  });
}
