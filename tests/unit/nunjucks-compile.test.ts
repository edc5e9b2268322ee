/**
 * Nunjucks' compiled source is kept (_config/nunjucks-compile.ts) for any name when it does not
 * depend on the name, and per name when it does (a template that includes another passes its own
 * name along). Nunjucks' compiler is counted underneath, so each real compile shows.
 */
import nunjucks from "nunjucks";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { withCacheFolder } from "../support/cache-folder.ts";
import { keepResults } from "../../_config/kept-results.ts";
import { keepCompiledTemplates, keptTemplates } from "../../_config/nunjucks-compile.ts";

type Compile = (
  source: string,
  asyncFilters: string[],
  extensions: unknown[],
  name: string,
  options: object,
) => string;
const compiler = nunjucks.compiler as unknown as { compile: Compile };

let compiled = 0;
const compile = compiler.compile;
compiler.compile = (...args) => ((compiled += 1), compile(...args));
keepCompiledTemplates();

test("a page and its twin compile once between them; a template that includes another, once per name", async () => {
  await withCacheFolder(async () => {
    await keptTemplates.opened();
    const page = "# {{ site.name }}\n\n{% for rank in ranks %}- {{ rank.name }}\n{% endfor %}";
    const asPage = compiler.compile(page, [], [], "./content/pages/docs.md", {});
    const asTwin = compiler.compile(page, [], [], "docs.md twin", {});
    assert.is(compiled, 1, "the same text under another name is not compiled again");
    assert.is(asTwin, asPage);

    const including = '{% include "partials/site-footer.njk" %}';
    const first = compiler.compile(including, [], [], "./content/pages/docs.md", {});
    const second = compiler.compile(including, [], [], "./content/pages/api.md", {});
    assert.is(compiled, 3, "a template that includes another is compiled for each name");
    assert.ok(first.includes('"./content/pages/docs.md"') && second.includes('"./content/pages/api.md"'));
    compiler.compile(including, [], [], "./content/pages/api.md", {});
    assert.is(compiled, 3, "and kept for each");
    await keepResults();
  });
});

test.run();
