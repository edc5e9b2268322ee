/**
 * `/llms.txt` and `/api/llms.txt` follow the llmstxt.org shape (H1, `>` summary, notes without
 * headings, `##` sections of `- [name](url): note` lines), point agents at everything the site has,
 * say what it does not have, and every link in them (and in `/llms-full.txt`) resolves on the
 * served build, for a root and a path `SITE_URL`.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { paths } from "../_data/site.ts";
import endpoints from "../_data/endpoints.ts";

const { resources } = endpoints;
import { TOOL_NAMES } from "../assets/contract/constants.ts";
import { builtSite, readBuilt, ROOT_SITE_URL, PATH_SITE_URL } from "./support/build.ts";
import { serveSite } from "./support/serve.ts";
import { ids, markdownLinks, TWINNED_PAGES } from "./support/pages.ts";
import { slugify } from "../_includes/lib/heading-anchors.ts";

interface LlmsLink {
  name: string;
  url: string;
  note: string | null;
}

interface LlmsTxt {
  title: string;
  summary: string;
  notes: string[];
  sections: { title: string; links: LlmsLink[] }[];
}

const LINK_LINE = /^- \[([^\]]+)\]\(([^)\s]+)\)(?:: (.+))?$/;

/** Parses an llms.txt file strictly, naming the line that breaks the shape. */
function parseLlmsTxt(text: string): LlmsTxt {
  const lines = text.split("\n");
  let at = 0;
  const skipBlank = () => {
    while (at < lines.length && lines[at]!.trim() === "") at++;
  };
  const title = /^# (\S.*)$/.exec(lines[at++] ?? "")?.[1];
  if (!title) throw new Error("line 1 must be the H1 with the name");
  skipBlank();
  const summary: string[] = [];
  while (at < lines.length && lines[at]!.startsWith(">")) summary.push(lines[at++]!.replace(/^>\s?/, ""));
  if (summary.length === 0) throw new Error(`line ${at + 1} must be the "> " summary`);
  const notes: string[] = [];
  while (at < lines.length && !lines[at]!.startsWith("## ")) {
    const line = lines[at++]!;
    if (line.startsWith("#")) throw new Error(`line ${at}: notes may not contain headings`);
    if (line.trim()) notes.push(line);
  }
  const sections: LlmsTxt["sections"] = [];
  while (at < lines.length) {
    const line = lines[at++]!;
    if (line.trim() === "") continue;
    const heading = /^## (\S.*)$/.exec(line);
    if (heading) {
      sections.push({ title: heading[1]!, links: [] });
      continue;
    }
    const link = LINK_LINE.exec(line);
    const section = sections.at(-1);
    if (!link || !section) throw new Error(`line ${at}: expected "- [name](url): note", got ${JSON.stringify(line)}`);
    section.links.push({ name: link[1]!, url: link[2]!, note: link[3] ?? null });
  }
  return { title, summary: summary.join(" "), notes, sections };
}

const allLinks = (guide: LlmsTxt) => guide.sections.flatMap((section) => section.links);

/**
 * The anchors of a Markdown file: its headings' slugs, the way Markdown renderers (and this site's
 * pages) name them, so `docs.md#calculate-exp-growth` finds `### calculate-exp-growth`.
 */
function markdownAnchors(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((match) => slugify(match[1]!)));
}

/** Fetches each absolute link from the served build (SITE_URL mapped onto the local server). */
async function unresolved(links: string[], siteUrl: string, localUrl: string): Promise<string[]> {
  const failures: string[] = [];
  const pages = new Map<string, string>();
  for (const link of new Set(links)) {
    if (!link.startsWith(siteUrl)) {
      failures.push(`${link}: not under ${siteUrl}`);
      continue;
    }
    const local = new URL(localUrl + link.slice(siteUrl.length));
    const fragment = local.hash.slice(1);
    local.hash = "";
    let body = pages.get(local.href);
    if (body === undefined) {
      const response = await fetch(local);
      if (response.status !== 200) {
        failures.push(`${link}: status ${response.status}`);
        continue;
      }
      body = await response.text();
      pages.set(local.href, body);
    }
    const anchors = local.pathname.endsWith(".md") ? markdownAnchors(body) : ids(body);
    if (fragment && !anchors.has(fragment)) failures.push(`${link}: no element with id or heading "${fragment}"`);
  }
  return failures;
}

const Shape = suite("llms.txt shape and content");
let site = "";
Shape.before(async () => {
  site = await builtSite(ROOT_SITE_URL);
});

Shape("/llms.txt parses as llmstxt.org: name, summary, notes, sections of links with notes", async () => {
  const guide = parseLlmsTxt(await readBuilt(site, paths.agentGuide));
  assert.is(guide.title, "EXP Bank Calculator");
  assert.ok(guide.summary.length > 20, "a real summary");
  assert.ok(guide.notes.length > 0, "notes");
  assert.ok(guide.sections.length >= 3, "sections");
  for (const link of allLinks(guide)) assert.ok(link.note, `${link.name} has a note`);
  assert.is(guide.sections.at(-1)?.title, "Optional", "the skippable section comes last");
});

Shape("/llms.txt points agents at every twin, the JSON resources, the contract, the API guide and the tools", async () => {
  const guide = parseLlmsTxt(await readBuilt(site, paths.agentGuide));
  const urls = new Set(allLinks(guide).map((link) => link.url));
  for (const { twin } of TWINNED_PAGES) assert.ok(urls.has(new URL(twin, ROOT_SITE_URL).href), twin);
  for (const resource of resources) assert.ok(urls.has(new URL(resource.path, ROOT_SITE_URL).href), resource.path);
  assert.ok(urls.has(new URL(paths.openapi, ROOT_SITE_URL).href), "contract");
  assert.ok(urls.has(new URL(paths.apiAgentGuide, ROOT_SITE_URL).href), "API guide");
  for (const name of TOOL_NAMES) assert.ok(allLinks(guide).some((link) => link.name === name && link.url.endsWith(`#${name}`)), name);
});

Shape("/llms.txt links each tool to its section of the docs' Markdown twin, and lists no link twice", async () => {
  const guide = parseLlmsTxt(await readBuilt(site, paths.agentGuide));
  const tools = guide.sections.find((section) => section.title === "Tools");
  const docsTwin = new URL(TWINNED_PAGES.find((page) => page.key === "docs")!.twin, ROOT_SITE_URL).href;
  assert.equal(tools?.links.map((link) => link.url), TOOL_NAMES.map((name) => `${docsTwin}#${name}`));
  const urls = allLinks(guide).map((link) => link.url);
  assert.equal(urls.filter((url, index) => urls.indexOf(url) !== index), [], "links listed twice");
});

Shape("/llms.txt describes a twin's address as the page's path without its trailing slash plus .md", async () => {
  const notes = parseLlmsTxt(await readBuilt(site, paths.agentGuide)).notes.join(" ");
  const docs = TWINNED_PAGES.find((page) => page.key === "docs")!;
  assert.ok(notes.includes("without its trailing slash"), "the rule");
  assert.ok(notes.includes(`\`/${docs.page}\` → \`/${docs.twin}\``), "the docs example");
  assert.ok(notes.includes(`\`/${paths.overview}\``), "the homepage's twin");
  assert.not.ok(notes.includes("URL with `.md` appended"), "not the rule that gives /docs/.md");
});

Shape("/llms.txt says plainly what the site does not have", async () => {
  const notes = parseLlmsTxt(await readBuilt(site, paths.agentGuide)).notes.join(" ");
  for (const phrase of ["no OAuth", "no accounts", "no MCP server transport", "no JSON error bodies"]) assert.ok(notes.includes(phrase), phrase);
});

Shape("/api/llms.txt parses and lists each resource and the contract", async () => {
  const guide = parseLlmsTxt(await readBuilt(site, paths.apiAgentGuide));
  const urls = allLinks(guide).map((link) => link.url);
  for (const resource of resources) assert.ok(urls.includes(new URL(resource.path, ROOT_SITE_URL).href), resource.path);
  assert.ok(urls.includes(new URL(paths.openapi, ROOT_SITE_URL).href), "contract");
  assert.ok(urls.includes(new URL(paths.agentGuide, ROOT_SITE_URL).href), "back to the whole-site guide");
});

Shape("the parser rejects files that break the shape", () => {
  assert.throws(() => parseLlmsTxt("No heading\n"), /H1/);
  assert.throws(() => parseLlmsTxt("# Name\n\nno summary\n"), /summary/);
  assert.throws(() => parseLlmsTxt("# Name\n\n> Summary\n\n### Sub\n"), /headings/);
  assert.throws(() => parseLlmsTxt("# Name\n\n> Summary\n\n## Docs\n\n- a bare line\n"), /expected/);
});

Shape.run();

const Resolve = suite("llms.txt links resolve");

for (const siteUrl of [ROOT_SITE_URL, PATH_SITE_URL]) {
  Resolve(`every link in the agent guides resolves on the served build (SITE_URL ${siteUrl})`, async () => {
    const dir = await builtSite(siteUrl);
    const server = await serveSite(dir, new URL(siteUrl).pathname);
    try {
      const links: string[] = [];
      for (const file of [paths.agentGuide, paths.apiAgentGuide]) links.push(...allLinks(parseLlmsTxt(await readBuilt(dir, file))).map((link) => link.url));
      const full = markdownLinks(await readBuilt(dir, paths.fullAgentGuide));
      // A bare fragment in a text file names no anchor; the twins link the HTML page's URL instead.
      assert.equal(full.filter((link) => !/^https?:\/\//.test(link)), [], "links in llms-full.txt that are not absolute URLs");
      // Other sites (the repository's issues, when the build knows it) are not this check's to fetch.
      links.push(...full.filter((link) => new URL(link).origin === new URL(siteUrl).origin));
      assert.ok(links.length > 20, "the guides have links");
      assert.equal(await unresolved(links, siteUrl, server.url), []);
    } finally {
      await server.close();
    }
  });
}

Resolve("a missing page is reported, so the check can fail", async () => {
  const dir = await builtSite(ROOT_SITE_URL);
  const server = await serveSite(dir, "/");
  try {
    const failures = await unresolved([`${ROOT_SITE_URL}no-such-page.md`, `${ROOT_SITE_URL}docs/#no-such-anchor`, `${ROOT_SITE_URL}docs.md#no-such-heading`, `${ROOT_SITE_URL}docs.md#support`], ROOT_SITE_URL, server.url);
    assert.is(failures.length, 3);
  } finally {
    await server.close();
  }
});

Resolve.run();
