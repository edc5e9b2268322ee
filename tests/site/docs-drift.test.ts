/**
 * The docs cannot drift from the data: every page shows the values the `_data` modules and the
 * contract schemas hold (rate, percent, constants, ranks, endpoints, operation ids, error codes,
 * tool and field names, version), and its Markdown twin shows the same with no template syntax
 * left. That the Markdown sources type none of those values themselves is checked by every build
 * (`_config/drift.ts`, tested in page-checks.test.ts); builds/edits.test.ts checks that an edit to
 * the data or to a page's prose reaches every output that shows it.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import calculator from "../../_data/calculator.ts";
import ranks from "../../_data/ranks.ts";
import openapi from "../../_data/openapi.ts";
import endpoints from "../../_data/endpoints.ts";
import tools from "../../_data/tools.ts";
import { parseRepository, paths } from "../../_data/site.ts";
import {
  API_VERSION,
  ERROR_CODES,
  OPENAPI_VERSION,
  TIME_NORMALIZATION,
  TOOL_NAMES,
} from "../../common/constants.ts";
import { CalculateOutput } from "../../contract/calculate-output.ts";
import { executeTool } from "../../common/tools/execute.ts";
import { bothBuiltSites, builtSite, readBuilt, ROOT_SITE_URL, PATH_SITE_URL } from "../support/build.ts";
import { markdownLibrary } from "../../_config/markdown.ts";
import { headOf, ids, linkRel, tags, TWINNED_PAGES, visibleText } from "../support/pages.ts";
import { markdownLinks } from "../support/markdown-links.ts";

type Schema = { properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; $ref?: string };

/** Dotted names of every field of a JSON Schema object, nested objects included (`a.b`, `a[].b`). */
function fieldNames(schema: Schema, prefix = ""): string[] {
  const names: string[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const field = prefix ? `${prefix}.${name}` : name;
    names.push(field);
    const nested = [property, ...(property.anyOf ?? [])].find((variant) => variant.properties);
    if (nested) names.push(...fieldNames(nested, field));
    if (property.items?.properties) names.push(...fieldNames(property.items, `${field}[]`));
  }
  return names;
}

/** The JSON of the `index`-th ```json block after `marker` in a Markdown text. */
function jsonBlockAfter(markdown: string, marker: string, index = 0): unknown {
  const start = markdown.indexOf(marker);
  assert.ok(start >= 0, `the text has "${marker}"`);
  const block = [...markdown.slice(start).matchAll(/```json\n([\s\S]*?)\n```/g)][index];
  assert.ok(block, `a JSON block after "${marker}"`);
  return JSON.parse(block[1]!);
}

const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

async function page(siteDir: string, file: string): Promise<{ html: string; text: string }> {
  const html = await readBuilt(siteDir, file);
  return { html, text: visibleText(html) };
}

const Pages = suite("pages show the data");
const site = await builtSite(ROOT_SITE_URL);

Pages(
  "the homepage shows the rate and every rank; its twin and /docs/ the formula and the time constants too",
  async () => {
    const [home, twin] = [(await page(site, "index.html")).text, await readBuilt(site, "index.md")];
    for (const text of [home, twin, (await page(site, "docs/index.html")).text]) {
      assert.ok(text.includes(`${calculator.dailyInterestPercent}%`), "percent");
      // The homepage's chips name every rank above the lowest, which every balance holds.
      for (const rank of ranks.ranks.slice(text === home ? 1 : 0))
        assert.ok(text.includes(rank.name), rank.name);
      if (text === home) continue;
      assert.ok(text.includes(calculator.dailyInterestRate), "rate");
      assert.ok(text.includes(calculator.formula), "formula");
      for (const value of Object.values(TIME_NORMALIZATION))
        assert.ok(text.includes(grouped(String(value))), `time constant ${value}`);
      for (const name of TOOL_NAMES) assert.ok(text.includes(name), name);
    }
    for (const rank of ranks.ranks) {
      assert.ok(twin.includes(grouped(rank.minGems)), `${rank.name} threshold`);
      assert.ok(twin.includes(rank.displayValue), `${rank.name} label`);
    }
  },
);

Pages("the API docs show each resource's method, URL, operation id, curl line and exact body", async () => {
  const { text } = await page(site, "docs/index.html");
  const twin = await readBuilt(site, "docs.md");
  for (const resource of endpoints.resources) {
    const url = new URL(resource.path, ROOT_SITE_URL).href;
    for (const shown of [text, twin]) {
      assert.ok(shown.includes(`GET /${resource.path}`), `${resource.path} heading`);
      assert.ok(shown.includes(resource.operationId), resource.operationId);
      assert.ok(shown.includes(`curl ${url}`), `curl line for ${url}`);
    }
    // The example is the published file, byte for byte.
    const published = await readBuilt(site, resource.path);
    assert.ok(twin.includes(published.trim()), `${resource.path} body as published`);
  }
});

Pages("the API docs list every field of every contract schema with its description", async () => {
  const twin = await readBuilt(site, "docs.md");
  const components = openapi.components.schemas as Record<string, Schema & { description?: string }>;
  for (const [name, schema] of Object.entries(components)) {
    assert.ok(twin.includes(`### ${name}`), `${name} section`);
    assert.ok(schema.description && twin.includes(schema.description), `${name} description`);
    for (const field of fieldNames(schema)) assert.ok(twin.includes(`| \`${field}\` |`), `${name}: ${field}`);
  }
});

Pages(
  "the API docs show the error codes, the contract version, the limits constants and the anchors the contract links to",
  async () => {
    const { html, text } = await page(site, "docs/index.html");
    for (const code of ERROR_CODES) assert.ok(text.includes(code), code);
    assert.ok(text.includes(`info.version is ${API_VERSION}`), "contract version");
    assert.ok(text.includes(OPENAPI_VERSION), "OpenAPI version");
    const anchors = ids(html);
    for (const url of [openapi.info.contact.url, openapi.info.termsOfService]) {
      const fragment = new URL(url).hash.slice(1);
      assert.ok(
        fragment && anchors.has(fragment),
        `#${fragment} exists on /docs/ (linked from the contract)`,
      );
    }
  },
);

Pages(
  "the API docs document both tools: every input and output field, the annotation, a computed example " +
    "and the error result",
  async () => {
    const { html, text } = await page(site, "docs/index.html");
    const twin = await readBuilt(site, "docs.md");
    const anchors = ids(html);
    for (const tool of tools) {
      assert.ok(anchors.has(tool.name), `#${tool.name} heading`);
      assert.ok(text.includes(tool.title), `${tool.name} title`);
      for (const field of fieldNames(tool.inputSchema as Schema))
        assert.ok(twin.includes(`| \`${field}\` |`), `${tool.name} input ${field}`);
      // A nested field is a dotted row, or a row of the one table its shared schema gets (Milestone,
      // Duration, ExpRank), which the parent's row links to.
      for (const field of fieldNames(tool.outputSchema as Schema)) {
        const leaf = field.split(".").pop()!.replace(/\[\]$/, "");
        assert.ok(
          twin.includes(`| \`${field}\` |`) || (field.includes(".") && twin.includes(`| \`${leaf}\` |`)),
          `${tool.name} output ${field}`,
        );
      }
      for (const [key, value] of Object.entries(tool.annotations))
        assert.ok(text.includes(`${key}: ${value}`), `${tool.name} ${key}`);
    }
    // That _data/tools.ts holds calculate-exp-growth is tools.test.ts's "_data/tools.ts lists both tools …".
    // The worked example is the tool's answer, whose figures engine.test.ts checks by hand (1,000,000 ×
    // 1.003^30, half-up to 8 decimals) and against its exact reference.
    const example = jsonBlockAfter(twin, "it returns this `structuredContent`") as Record<string, unknown>;
    assert.equal(Object.keys(example), Object.keys(CalculateOutput.shape), "every result field, in order");
    const answer = executeTool("calculate-exp-growth", { currentGems: 1000000, days: 30 }, ranks);
    assert.equal(example, JSON.parse(JSON.stringify(answer.structuredContent)));
    const failure = jsonBlockAfter(twin, "### Error results", 1) as {
      isError?: boolean;
      structuredContent: { error: { code: string; message: string } };
    };
    assert.is(failure.isError, true);
    assert.is(failure.structuredContent.error.code, "invalid_request");
    assert.match(
      failure.structuredContent.error.message,
      /currentGems: must be greater than 0.*unknown key "dayz" \(did you mean "days"\?\)/,
    );
  },
);

Pages(
  "the JSON API index lists each resource with its link, method, media type and purpose, and the contract",
  async () => {
    const { html, text } = await page(site, "api/index.html");
    const hrefs = new Set(tags(html, "a").map((a) => a.href));
    for (const resource of endpoints.resources) {
      assert.ok(hrefs.has(`/${resource.path}`), `link to ${resource.path}`);
      assert.ok(text.includes(resource.summary), `${resource.path} purpose`);
      assert.ok(text.includes(resource.operationId), resource.operationId);
    }
    assert.ok(text.includes("application/json"), "media type");
    assert.ok(hrefs.has(`/${paths.openapi}`), "link to the contract");
    assert.ok(text.includes(API_VERSION), "contract version");
  },
);

Pages("the access policy names what is not needed and the tools", async () => {
  const twin = await readBuilt(site, "auth.md");
  for (const phrase of [
    "no API key",
    "no account",
    "no OAuth token",
    "no bearer credential",
    "no OAuth authorization server",
    "no private resources",
    "no authenticated MCP transport",
  ])
    assert.ok(twin.includes(phrase), phrase);
  for (const name of TOOL_NAMES) assert.ok(twin.includes(name), name);
});

Pages.run();

const Twins = suite("Markdown twins");

// That every link of a twin is absolute and under SITE_URL is llms-txt.test.ts's "llms.txt links",
// which reads llms-full.txt: it holds every twin (below).
// The agent guides too: their prose is a Liquid template, which escapes a value as HTML unless marked raw.
Twins("every twin and agent guide is clean Markdown: no template syntax, no HTML entities", async () => {
  for (const { dir } of await bothBuiltSites()) {
    for (const twin of [...TWINNED_PAGES.map((page) => page.twin), paths.agentGuide, paths.apiAgentGuide]) {
      const markdown = await readBuilt(dir, twin);
      assert.not.match(markdown, /\{\{|\{%|\{#/, `${twin} has template syntax`);
      assert.not.match(markdown, /&(quot|amp|lt|gt|#39);/, `${twin} has HTML entities`);
      assert.ok(markdown.startsWith("# "), `${twin} starts with its title`);
    }
  }
});

Twins("a fragment link in a twin points at the twin's heading of that slug", async () => {
  for (const siteUrl of [ROOT_SITE_URL, PATH_SITE_URL]) {
    const twin = await readBuilt(await builtSite(siteUrl), "docs.md");
    const docsTwin = new URL("docs.md", siteUrl).href;
    // "On this page", prose links and the field tables' links to a schema's own table.
    for (const [fragment, heading] of [
      ["resources", "## Resources"],
      ["browser-tools", "## Browser tools"],
      ["support", "## Support"],
      ["exprank", "### ExpRank"],
    ]) {
      assert.ok(markdownLinks(twin).includes(`${docsTwin}#${fragment}`), `${docsTwin}#${fragment}`);
      assert.ok(twin.includes(`\n${heading}\n`), `docs.md has "${heading}"`);
    }
    assert.not.match(twin, /\]\(#/, "no link is a bare fragment");
  }
});

Twins(
  "twins link to twins: no link from a twin or llms-full.txt goes to another page that has a twin",
  async () => {
    for (const { siteUrl, dir } of await bothBuiltSites()) {
      const pages = new Map(
        TWINNED_PAGES.map(({ page, twin }) => [new URL(page, siteUrl).href, new URL(twin, siteUrl).href]),
      );
      const toTwinnedPages = (markdown: string, self: string) =>
        markdownLinks(markdown).filter((link) => {
          const url = new URL(link);
          url.hash = "";
          // A twin's link to its own page without a fragment names the HTML version on purpose.
          return pages.has(url.href) && !(url.href === self && link === self);
        });
      let twinLinks = 0;
      for (const { page, twin } of TWINNED_PAGES) {
        const markdown = await readBuilt(dir, twin);
        assert.equal(toTwinnedPages(markdown, new URL(page, siteUrl).href), [], twin);
        twinLinks += markdownLinks(markdown).filter((link) =>
          [...pages.values()].includes(link.replace(/#.*$/, "")),
        ).length;
      }
      assert.ok(twinLinks >= 20, `twins link to twins (${twinLinks} links)`);
      // llms-full.txt: each part is a twin, then "Source: <its HTML page>".
      for (const part of (await readBuilt(dir, "llms-full.txt")).split("\n\n---\n\n")) {
        const source = /\nSource: <([^>]+)>\n?$/.exec(part)?.[1];
        assert.ok(source && pages.has(source), `a part ends with its page's address: ${part.slice(-80)}`);
        const toPages = toTwinnedPages(part.replace(/\nSource: <[^>]+>\n?$/, ""), source);
        assert.equal(toPages, [], `llms-full.txt part of ${source}`);
      }
    }
  },
);

Twins("llms-full.txt holds every twin", async () => {
  for (const { dir } of await bothBuiltSites()) {
    const full = await readBuilt(dir, "llms-full.txt");
    for (const { twin } of TWINNED_PAGES) assert.ok(full.includes((await readBuilt(dir, twin)).trim()), twin);
  }
});

Twins.run();

const Heads = suite("page heads");

Heads(
  "every page has a title, description, lang, absolute canonical, service links and its twin (CSP: security.test.ts)",
  async () => {
    for (const { siteUrl, dir } of await bothBuiltSites()) {
      for (const { page: pagePath, html: file, twin } of [
        ...TWINNED_PAGES,
        { page: "404.html", html: "404.html", twin: null },
      ]) {
        const html = await readBuilt(dir, file);
        const head = headOf(html);
        assert.match(html, /<html lang="en">/, `${file} lang`);
        assert.match(head, /<title>[^<]+ · EXP Bank Calculator<\/title>/, `${file} title`);
        assert.ok(
          tags(head, "meta").find((meta) => meta.name === "description")?.content,
          `${file} description`,
        );
        assert.is(linkRel(html, "canonical")?.href, new URL(pagePath, siteUrl).href, `${file} canonical`);
        assert.is(linkRel(html, "service-desc")?.href, new URL(paths.openapi, siteUrl).href);
        assert.is(linkRel(html, "service-doc")?.href, new URL(paths.docs, siteUrl).href);
        if (twin)
          assert.is(linkRel(html, "alternate")?.href, new URL(twin, siteUrl).href, `${file} twin link`);
      }
    }
  },
);

Heads("only the homepage loads JavaScript, only its own, and no page requests another origin", async () => {
  for (const { siteUrl, dir } of await bothBuiltSites()) {
    const prefix = new URL(siteUrl).pathname;
    for (const { html: file } of [...TWINNED_PAGES, { html: "404.html" }]) {
      const html = await readBuilt(dir, file);
      const scripts = tags(html, "script");
      if (file === "index.html") {
        // One inline script in the head that loads the calculator bundle from this site once the page has painted.
        assert.is(scripts.length, 1, "the homepage has one script");
        assert.is(scripts[0]!.type, undefined, "a classic script, run before the first frame");
        assert.is(scripts[0]!.src, undefined, "the homepage's script is inline");
        const home = new URL("index.html", siteUrl);
        const scriptUrls = [...html.matchAll(/"([^"]+\.js)"/g)].map(
          (match) => new URL(match[1]!, home).pathname,
        );
        const imported = [...new Set(scriptUrls)];
        assert.equal(imported, [`${prefix}${paths.calculatorScript}`], "the homepage loads its own module");
      } else {
        assert.is(scripts.length, 0, `${file} ships no JavaScript`);
        assert.not.match(html, /<script/, `${file} inline script`);
      }
      // Resources the browser fetches by itself: stylesheets, icons, scripts, images.
      const fetched = [
        ...tags(html, "script").flatMap((s) => (s.src === undefined ? [] : [s.src])),
        ...tags(headOf(html), "link")
          .filter((l) => ["stylesheet", "icon"].includes(l.rel ?? ""))
          .map((l) => l.href),
        ...tags(html, "img").map((i) => i.src),
      ];
      for (const url of fetched)
        assert.ok(url?.startsWith(prefix), `${file} fetches ${url} from its own site`);
    }
  }
});

Heads("headings link to themselves and code is highlighted when the site is built", async () => {
  const html = await readBuilt(site, "docs/index.html");
  assert.match(html, /<h2 id="resources"><a class="heading-anchor" href="#resources">Resources<\/a><\/h2>/);
  assert.match(
    html,
    /<pre class="code" data-language="json"><code><span class="hljs-punctuation">\{<\/span>/,
  );
  assert.match(html, /<pre class="code" data-language="sh"><code>/);
});

Heads(
  "at an origin's root, the API catalog is an RFC 9727 linkset naming the contract and the docs",
  async () => {
    const linkset: Record<string, unknown>[] = JSON.parse(await readBuilt(site, paths.apiCatalog)).linkset;
    const api = linkset.find((context) => context.anchor === ROOT_SITE_URL) as
      Record<string, { href: string }[]> | undefined;
    assert.ok(api, "a context anchored at the site");
    assert.is(api["service-desc"]?.[0]?.href, new URL(paths.openapi, ROOT_SITE_URL).href);
    assert.ok(api["service-doc"]?.some((link) => link.href === new URL(paths.docs, ROOT_SITE_URL).href));
  },
);

Heads(
  "at an origin's root, the docs and llms.txt link the catalog and say which media type GitHub Pages serves it with",
  async () => {
    const catalogUrl = new URL(paths.apiCatalog, ROOT_SITE_URL).href;
    for (const file of ["docs.md", paths.agentGuide]) {
      const text = await readBuilt(site, file);
      assert.ok(text.includes(`(${catalogUrl})`), `${file} links the catalog`);
      assert.ok(text.includes("`application/octet-stream`"), `${file} names the type GitHub Pages sends`);
      assert.ok(
        text.includes('application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"'),
        `${file} names the type RFC 9727 asks for`,
      );
    }
  },
);

Heads(
  "under a path, there is no API catalog and nothing links one, since a well-known URI lives only at an origin's root",
  async () => {
    const dir = await builtSite(PATH_SITE_URL);
    assert.not.ok(existsSync(path.join(dir, paths.apiCatalog)), `${paths.apiCatalog} is not written`);
    for (const file of ["docs/index.html", "docs.md", paths.agentGuide, "llms-full.txt", "index.html"])
      assert.not.ok(
        (await readBuilt(dir, file)).includes(paths.apiCatalog),
        `${file} does not mention ${paths.apiCatalog}`,
      );
    assert.ok(
      (await readBuilt(dir, paths.agentGuide)).includes("no RFC 9727 API catalog"),
      "llms.txt says there is none",
    );
  },
);

Heads(
  "every table body cell carries its column's header, which the phone layout shows beside the value",
  async () => {
    const html = await readBuilt(site, "docs/index.html");
    const cells = tags(html, "td");
    assert.ok(cells.length > 50, "the docs have tables");
    for (const cell of cells)
      assert.ok(cell["data-label"], `a cell without data-label: ${JSON.stringify(cell)}`);
    const labels = new Set(cells.map((cell) => cell["data-label"]));
    for (const header of ["Field", "Type", "Required", "Description", "Property", "Value", "Code"])
      assert.ok(labels.has(header), header);
    assert.ok(labels.has("HTTP status in the contract"), "a header of several words");
    // A header's text without its Markdown: code keeps its text and loses its backticks.
    const rendered = markdownLibrary().render("| Name | `info.version` value |\n| --- | ---: |\n| a | b |\n");
    assert.equal(
      tags(rendered, "td").map((cell) => cell["data-label"]),
      ["Name", "info.version value"],
    );
  },
);

Heads.run();

const Sources = suite("one source");

Sources(
  "with the repository known, Support links its issues; without it, Support keeps its sentence; the " +
    "contract's contact stays on the site",
  async () => {
    const issues = "https://github.com/example/exp-bank/issues";
    // The path build knows its repository, as on GitHub Actions; the root build does not.
    const known = await builtSite(PATH_SITE_URL);
    const unknown = await builtSite(ROOT_SITE_URL);
    const support = (markdown: string) =>
      markdown.slice(markdown.indexOf("## Support"), markdown.indexOf("## Terms of use"));
    assert.ok(
      support(await readBuilt(known, "docs.md")).includes(`[the repository's issue tracker](${issues})`),
      "the twin's Support links the issues",
    );
    const html = await readBuilt(known, "docs/index.html");
    const section = html.slice(html.indexOf('id="support"'), html.indexOf('id="terms-of-use"'));
    assert.ok(
      tags(section, "a").some((a) => a.href === issues),
      "the page's Support links the issues",
    );
    const without = support(await readBuilt(unknown, "docs.md"));
    assert.ok(
      without.includes("open an issue in the repository the site is published from"),
      "the sentence without a link",
    );
    assert.not.ok(without.includes("github.com"), "no repository link");
    // Under a path, contract.test.ts's "every absolute URL in the JSON outputs starts with SITE_URL".
    const contact: { url: string } = JSON.parse(await readBuilt(unknown, paths.openapi)).info.contact;
    assert.ok(contact.url.startsWith(ROOT_SITE_URL), `contact ${contact.url} is under ${ROOT_SITE_URL}`);
  },
);

Sources(
  "the repository comes from GitHub Actions' variables, both or neither, and a malformed name fails the build",
  () => {
    assert.equal(parseRepository("https://github.com", "example/exp-bank"), {
      url: "https://github.com/example/exp-bank",
      issues: "https://github.com/example/exp-bank/issues",
    });
    assert.equal(parseRepository("https://github.example.com/", "team/site"), {
      url: "https://github.example.com/team/site",
      issues: "https://github.example.com/team/site/issues",
    });
    assert.is(parseRepository(undefined, "example/exp-bank"), null);
    assert.is(parseRepository("https://github.com", ""), null);
    assert.throws(
      () => parseRepository("https://github.com", "exp-bank"),
      /GITHUB_REPOSITORY: "exp-bank" is not owner\/name/,
    );
    assert.throws(() => parseRepository("github.com", "example/exp-bank"), /GITHUB_SERVER_URL/);
  },
);

Sources.run();
