/**
 * Nunjucks turns every template it renders (each page, the layouts, the partials, a twin's page
 * again) into JavaScript source on every build, before running it: about a fifth of a build spent
 * reaching the same source as the last. That source depends only on the template's text and name,
 * the environment's options, its async filters and its extensions (their names, tags and
 * preprocessors), and Nunjucks' and Eleventy's versions. So it is kept for the next build
 * (kept-results.ts) under those, and a template that did not change is not lexed, parsed and
 * compiled again; Nunjucks still evaluates the kept source, as it evaluates what it compiles.
 *
 * The name reaches the source only where the template loads another (`{% include %}`, `{% extends %}`,
 * `{% import %}`, whose path may be relative to it), as the argument of `env.getTemplate`. A source
 * without that call, and without the name anywhere in it, is kept for any name: a page and its
 * Markdown twin, which renders the same text under another name, compile once between them.
 *
 * Nunjucks compiles through `nunjucks.compiler.compile`, the compiler it exports, so that function
 * is wrapped, once per process; the wrapper uses the kept results of the config that set it last
 * (the tests build several copies of the project in one process, each its own config).
 */
import nunjucks from "nunjucks";
import { inputKey, KeptResults } from "./kept-results.ts";

type Compile = (
  source: string,
  asyncFilters: string[],
  extensions: unknown[],
  name: string,
  options: Record<string, unknown>,
) => string;

interface Extension {
  __name?: string;
  tags?: unknown;
  preprocess?: unknown;
}

export const NUNJUCKS_COMPILE_RECIPE = { modules: ["_config/nunjucks-compile.ts"] };

/** The compiled templates kept from earlier builds; a build opens them before its pages render. */
export const keptTemplates = new KeptResults<string>("nunjucks-compile", NUNJUCKS_COMPILE_RECIPE);

/** What is wrapped, once per process, and the kept results it uses now. */
const WRAPPED = Symbol.for("exp-bank.nunjucks-compile");
type Wrapped = Compile & { [WRAPPED]?: { kept: KeptResults<string> } };

/** What a template's source depends on besides its text. */
function settingsOf(
  asyncFilters: string[],
  extensions: unknown[],
  name: string | null,
  options: object,
): string {
  const described = (extensions as Extension[]).map((extension) => ({
    name: extension.__name,
    tags: extension.tags,
    preprocess: typeof extension.preprocess === "function" ? String(extension.preprocess) : undefined,
  }));
  return JSON.stringify({ name, asyncFilters, extensions: described, options });
}

/** Whether compiled `code` is the same whatever the template's name: it neither loads a template nor holds the name. */
const namesNothing = (code: string, name: string) =>
  !code.includes("env.getTemplate(") && (name == null || !code.includes(JSON.stringify(name)));

/** Makes Nunjucks read a template's compiled source from the kept results when its inputs did not change. */
export function keepCompiledTemplates(): void {
  const compiler = nunjucks.compiler as unknown as { compile: Wrapped };
  const state = compiler.compile[WRAPPED];
  if (state) {
    state.kept = keptTemplates;
    return;
  }
  const compile = compiler.compile;
  const current = { kept: keptTemplates };
  const wrapped: Wrapped = function (this: unknown, source, asyncFilters, extensions, name, options) {
    const keyFor = (forName: string | null) =>
      inputKey(settingsOf(asyncFilters, extensions ?? [], forName, options ?? {}), source);
    const [anyName, named] = [keyFor(null), keyFor(name)];
    const kept = current.kept.get(anyName) ?? current.kept.get(named);
    if (kept !== undefined) return kept;
    const code = compile.call(this, source, asyncFilters, extensions, name, options);
    current.kept.set(namesNothing(code, name) ? anyName : named, code);
    return code;
  };
  wrapped[WRAPPED] = current;
  compiler.compile = wrapped;
}
