/**
 * Build-time syntax highlighting for fenced code blocks. highlight.js's core with only the
 * languages the pages use, so the HTML carries classes and the browser runs no script for it.
 * See https://highlightjs.readthedocs.io/en/latest/readme.html#importing-the-library
 * Kept: Eleventy's syntax-highlight plugin is Prism, and would add a second highlighter's grammar.
 */
import { createRequire } from "node:module";
import type { HLJSApi, LanguageFn } from "highlight.js";
import { escapeHtml } from "./escape.ts";

/** The languages a fence may name, by the name it uses, and highlight.js's module for each. */
const LANGUAGES = { json: "json", sh: "bash", js: "javascript" } as const;

let highlighter: HLJSApi | undefined;

/** highlight.js's core with the site's languages, loaded on first use. */
function hljs(): HLJSApi {
  if (highlighter) return highlighter;
  const require = createRequire(import.meta.url);
  const core = require("highlight.js/lib/core") as HLJSApi;
  for (const [name, module] of Object.entries(LANGUAGES))
    core.registerLanguage(name, require(`highlight.js/lib/languages/${module}`) as LanguageFn);
  highlighter = core;
  return core;
}

/**
 * markdown-it's `highlight` option: the block's inner HTML. An unknown language is a build error,
 * so a typo in a fence never ships unhighlighted code silently; a fence without a language is plain.
 */
export function highlight(code: string, language: string): string {
  if (!language) return escapeHtml(code);
  if (!hljs().getLanguage(language)) {
    throw new Error(
      `Code fence language "${language}" is not registered in _config/highlight.ts; use one of: ` +
        `${hljs().listLanguages().join(", ")}`,
    );
  }
  return hljs().highlight(code, { language, ignoreIllegals: true }).value;
}
