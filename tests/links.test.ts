/**
 * linkinator crawls the built site, once for a root `SITE_URL` and once for one with a path:
 * every HTML page and every Markdown twin (parsed with `markdown: true`), absolute links to
 * `SITE_URL` rewritten onto the local server, fragments checked. Zero broken links. Links to other
 * sites are skipped, not fetched: the check runs offline. No Markdown or text output links a bare
 * `#fragment`, which names no anchor in such a file. linkinator does not read `.txt`;
 * `llms-txt.test.ts` checks those links.
 */
import { cp, mkdir, readdir, symlink, writeFile } from "node:fs/promises";
import { freePort } from "./support/serve.ts";
import path from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { LinkChecker, LinkState, type LinkResult } from "linkinator";
import { builtSite, readBuilt, withTempDir, ROOT_SITE_URL, PATH_SITE_URL } from "./support/build.ts";
import { markdownLinks as linksInMarkdown } from "../_includes/lib/internal-links.ts";
import { ids, markdownLinks, tags, TWINNED_PAGES } from "./support/pages.ts";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Crawls the build in `dir`, made for `siteUrl`, served from disk under its path prefix by linkinator. */
async function crawl(dir: string, siteUrl: string): Promise<LinkResult[]> {
  const prefix = new URL(siteUrl).pathname;
  // linkinator serves its root at "/"; the build goes where the prefix says, as on GitHub Pages.
  return withTempDir("links", async (root) => {
    const mount = path.join(root, prefix === "/" ? "site" : prefix.replace(/\/$/, ""));
    await mkdir(path.dirname(mount), { recursive: true });
    await symlink(dir, mount, "dir");
    const serverRoot = prefix === "/" ? mount : root;
    const port = await freePort();
    // linkinator's server listens on 127.0.0.1 only.
    const local = `http://127.0.0.1:${port}${prefix}`;
    const options = {
      serverRoot,
      port,
      markdown: true,
      checkFragments: true,
      concurrency: 10,
      urlRewriteExpressions: [{ pattern: new RegExp(`^${escapeRegExp(siteUrl)}`), replacement: local }],
      // Checked before the rewrite: anything neither under SITE_URL nor on the local server is another site.
      linksToSkip: async (link: string) => !link.startsWith(siteUrl) && new URL(link).origin !== new URL(local).origin,
    };
    const folder = prefix === "/" ? "." : prefix.slice(1);
    // The folder crawls every page reachable from the homepage, twins included. 404.html is linked
    // from nowhere; it gets its own check, since one crawl's cache would stop the other recursing.
    const site = await new LinkChecker().check({ ...options, path: folder, recurse: true });
    const notFound = await new LinkChecker().check({ ...options, path: path.join(folder, "404.html"), recurse: false });
    return [...site.links, ...notFound.links];
  });
}

/**
 * Fragments linkinator may miss: it validates a fragment only if it meets the link before it
 * fetches the target page. Every `#fragment` link in the pages and twins must name an `id` on the
 * HTML page it points to (a twin's own `#fragment` points to its HTML page's headings).
 */
async function missingFragments(dir: string, siteUrl: string): Promise<string[]> {
  const base = new URL(siteUrl);
  const htmlFileOf = (url: URL) => `${decodeURIComponent(url.pathname.slice(base.pathname.length))}${url.pathname.endsWith("/") ? "index.html" : ""}`;
  const missing: string[] = [];
  for (const { page, html, twin } of TWINNED_PAGES) {
    const pageUrl = new URL(page, base);
    const links = [
      ...tags(await readBuilt(dir, html), "a").map((a) => ({ from: html, url: new URL(a.href ?? "", pageUrl) })),
      ...markdownLinks(await readBuilt(dir, twin)).map((link) => ({ from: twin, url: new URL(link, pageUrl) })),
    ];
    for (const { from, url } of links) {
      if (!url.hash || url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) continue;
      const target = htmlFileOf(url);
      if (!target.endsWith(".html")) continue;
      const found = ids(await readBuilt(dir, target).catch(() => ""));
      if (!found.has(decodeURIComponent(url.hash.slice(1)))) missing.push(`${url.href} (on ${from})`);
    }
  }
  return missing;
}

/** Every bare `#fragment` link in the build's Markdown and text outputs, as `file: link`. */
async function bareFragments(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && /\.(md|txt)$/.test(entry.name)).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  const found: string[] = [];
  for (const file of files) {
    for (const link of linksInMarkdown(await readBuilt(dir, file))) if (link.startsWith("#")) found.push(`${file}: ${link}`);
  }
  return found;
}

const broken = (links: LinkResult[]) => links.filter((link) => link.state === LinkState.BROKEN).map((link) => `${link.url} (status ${link.status}, on ${link.parent})`);

const Links = suite("links");

for (const siteUrl of [ROOT_SITE_URL, PATH_SITE_URL]) {
  Links(`no broken links in pages and twins (SITE_URL ${siteUrl})`, async () => {
    const links = await crawl(await builtSite(siteUrl), siteUrl);
    const checked = links.filter((link) => link.state === LinkState.OK).map((link) => link.url);
    // The crawl really reached the twins, the JSON and the contract through rewritten absolute links.
    for (const file of ["docs.md", "index.md", "auth.md", "api/info.json", "openapi.json", "llms.txt"]) {
      assert.ok(checked.some((url) => url.endsWith(file)), `crawled ${file}`);
    }
    // ...and parsed the twins: links found on a Markdown page.
    assert.ok(links.some((link) => link.state === LinkState.OK && link.parent?.endsWith(".md")), "links inside twins were checked");
    // Absolute links to SITE_URL were followed, not taken for another site's.
    assert.equal(links.filter((link) => link.state === LinkState.SKIPPED && link.url.startsWith(siteUrl)).map((link) => link.url), []);
    assert.equal(broken(links), []);
    assert.equal(await missingFragments(await builtSite(siteUrl), siteUrl), []);
  });

  Links(`no Markdown or text output links a bare fragment (SITE_URL ${siteUrl})`, async () => {
    const dir = await builtSite(siteUrl);
    assert.ok((await readdir(dir)).some((name) => name.endsWith(".md")), "the build has Markdown outputs");
    assert.equal(await bareFragments(dir), []);
  });
}

Links("links to other sites are skipped, not fetched: the repository's issues link in a build that knows it", async () => {
  // The path build knows its repository, as on GitHub Actions.
  const links = await crawl(await builtSite(PATH_SITE_URL), PATH_SITE_URL);
  const issues = links.filter((link) => link.url === "https://github.com/example/exp-bank/issues");
  assert.ok(issues.length > 0, "the crawl met the issues link");
  for (const link of issues) assert.is(link.state, LinkState.SKIPPED, `${link.url} on ${link.parent}`);
  assert.equal(broken(links), []);
});

Links("a broken link or fragment is reported, so the check can fail", async () => {
  await withTempDir("broken", async (copy) => {
    await cp(await builtSite(ROOT_SITE_URL), copy, { recursive: true });
    await writeFile(path.join(copy, "index.md"), `# Broken\n\n[gone](${ROOT_SITE_URL}no-such-page/) and [no anchor](${ROOT_SITE_URL}docs/#no-such-anchor)\n`);
    assert.ok(broken(await crawl(copy, ROOT_SITE_URL)).some((link) => link.includes("no-such-page")), "missing page");
    assert.ok((await missingFragments(copy, ROOT_SITE_URL)).some((link) => link.includes("#no-such-anchor")), "missing fragment");
    await writeFile(path.join(copy, "api.md"), "# Bare\n\n[Resources](#resources)\n");
    assert.equal(await bareFragments(copy), ["api.md: #resources"], "bare fragment");
  });
});

Links.run();
