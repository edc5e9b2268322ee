/**
 * Build-time syntax highlighting for fenced code blocks. highlight.js's core with only the
 * languages the pages use, so the HTML carries classes and the browser runs no script for it.
 * See https://highlightjs.readthedocs.io/en/latest/readme.html#importing-the-library
 * Kept: Eleventy's syntax-highlight plugin is Prism, and would add a second highlighter's grammar.
 */
import type { LanguageFn } from "highlight.js";
import hljs from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import { escapeHtml } from "./escape.ts";

// The languages a fence may name, by the name it uses.
for (const [name, language] of Object.entries({ json, sh: bash, js: javascript }))
  hljs.registerLanguage(name, language as LanguageFn);

/**
 * markdown-it's `highlight` option: the block's inner HTML. An unknown language is a build error,
 * so a typo in a fence never ships unhighlighted code silently; a fence without a language is plain.
 */
export function highlight(code: string, language: string): string {
  if (!language) return escapeHtml(code);
  if (!hljs.getLanguage(language))
    throw new Error(
      `Code fence language "${language}" is not registered in _config/highlight.ts; use one of: ` +
        `${hljs.listLanguages().join(", ")}`,
    );
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}
