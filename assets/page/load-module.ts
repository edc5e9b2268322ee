/**
 * The homepage's lazy modules: each file of `assets/lazy/` is bundled by `_config/bundle.ts` to
 * `assets/NAME.js`, beside the homepage's bundle and the chunks they share, and loaded only when a
 * feature needs it. Code they share with the homepage (the form's state, the engine) sits in a shared
 * chunk the browser loads once, so a lazy module works on the same objects as the page.
 */
import type { PlanPage } from "./plan-hook.ts";

/**
 * Each lazy module's name and what it provides to the page: add an entry with its file. `tools` is
 * bundled whole from `assets/tools/page-tools.ts`, since it shares nothing with the page.
 */
interface LazyModules {
  /** The WebMCP tools, loaded only where the browser has a model context; they provide nothing. */
  tools: undefined;
  /** The planning (deposits, a what-if rate, what it takes): mounts it on the form. */
  plan: (page: PlanPage) => void;
  /** Downloads the date beside a button of the answer as an event of the player's calendar. */
  calendar: (button: HTMLButtonElement) => void;
}

const loading: Partial<Record<keyof LazyModules, Promise<unknown>>> = {};

/** What each lazy module hands over once it has run (`provide`). */
const provided: Partial<LazyModules> = {};

/** Called by a lazy module as it runs: what it hands the page. */
export function provide<Name extends keyof LazyModules>(name: Name, module: LazyModules[Name]): void {
  provided[name] = module;
}

/**
 * Loads the lazy module `name` once and resolves with what it provides. It is added as a module
 * script, which the CSP trusts through 'strict-dynamic'; Chromium does not trust an `import()` so.
 */
export function loadModule<Name extends keyof LazyModules>(name: Name): Promise<LazyModules[Name]> {
  loading[name] ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.type = "module";
    // This code runs from the homepage's bundle or a chunk beside it: the lazy modules sit there too.
    script.src = new URL(`${name}.js`, import.meta.url).href;
    // A module script's load event comes after it has run, so what it provides is there.
    script.addEventListener("load", () => resolve(provided[name]));
    script.addEventListener("error", () => reject(new Error(`${script.src} did not load`)));
    document.head.append(script);
  });
  return loading[name] as Promise<LazyModules[Name]>;
}
