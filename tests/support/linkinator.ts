/**
 * linkinator over a built site: the site's link check. It crawls the written files as GitHub Pages
 * would serve them, under the base URL's path, with `#fragments` checked and the Markdown twins
 * read as Markdown; absolute links to the public base URL are rewritten onto the local copy, and
 * links to other sites are not followed.
 *
 * linkinator does not read `.txt` files, so the Markdown links of each text output (llms.txt, …),
 * read by the twins' link reader (markdown-links.ts), become a page of links only this check sees,
 * with the text file's URL as its base; a bare `#fragment` in a text file is broken (a text file
 * has no anchors).
 */
import { mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { LinkChecker, LinkState } from "linkinator";
import { escapeHtml, escapeRegExp } from "../../_config/escape.ts";
import { filesUnder, withTempDir } from "./build.ts";
import { markdownLinks } from "./markdown-links.ts";
import { freePort } from "./serve.ts";

/** One broken link: its public URL (or a text output's bare `#fragment`) and the outputs that carry it. */
export interface CrawledBrokenLink {
  url: string;
  outputs: string[];
}

/** Where the `.txt` outputs are handed to linkinator as pages; no site path starts so. */
const TEXT_PAGES = ".text-outputs";

/** A folder serving `output` under `base`'s path, with each text output's links as a page beside it. */
async function servedCopy(root: string, output: string, base: URL) {
  const prefix = base.pathname.split("/").filter(Boolean);
  // The server maps a URL's path to files by its decoded segments (`caf%C3%A9` is the folder `café`).
  const folders = prefix.map(decodeURIComponent);
  if (prefix.length > 0) {
    await mkdir(path.join(root, ...folders.slice(0, -1)), { recursive: true });
    await symlink(output, path.join(root, ...folders), "dir");
  } else {
    for (const entry of await readdir(output))
      await symlink(path.join(output, entry), path.join(root, entry));
  }
  const starts: string[] = [];
  const textPages = new Map<string, string>();
  const bareFragments: CrawledBrokenLink[] = [];
  for (const file of await filesUnder(output)) {
    if (file.endsWith(".html") || file.endsWith(".md")) starts.push([...folders, file].join("/"));
    if (!file.endsWith(".txt")) continue;
    const hrefs = new Set(markdownLinks(await readFile(path.join(output, file), "utf8")));
    for (const href of [...hrefs].filter((each) => each.startsWith("#")))
      bareFragments.push({ url: href, outputs: [file] });
    const page = `${TEXT_PAGES}/${file}.html`;
    await mkdir(path.dirname(path.join(root, page)), { recursive: true });
    const anchors = [...hrefs].map((href) => `<a href="${escapeHtml(href)}"></a>`).join("\n");
    const baseTag = `<base href="${escapeHtml(new URL(file, base).href)}">`;
    await writeFile(path.join(root, page), `<!doctype html>${baseTag}\n${anchors}\n`);
    textPages.set(page, file);
    starts.push(page);
  }
  return { prefix, starts, textPages, bareFragments };
}

/**
 * linkinator's crawl of the site written to `output` for `siteUrl`: every broken link, each once, and
 * every URL of this site it followed (without fragments).
 */
export async function linkinatorCheck(
  output: string,
  siteUrl: string,
): Promise<{ broken: CrawledBrokenLink[]; followed: Set<string> }> {
  const base = new URL(siteUrl);
  return withTempDir("linkinator", async (root) => {
    const { prefix, starts, textPages, bareFragments } = await servedCopy(root, path.resolve(output), base);
    const port = await freePort();
    // linkinator 7 serves the folder at localhost.
    const local = `http://localhost:${port}/`;
    const publicOrigin = `${base.origin}/`;
    const result = await new LinkChecker().check({
      path: starts,
      serverRoot: root,
      port,
      markdown: true,
      checkFragments: true,
      concurrency: 16,
      urlRewriteExpressions: [{ pattern: new RegExp(`^${escapeRegExp(publicOrigin)}`), replacement: local }],
      // Skip rules see a link both as written and as rewritten; only this site is checked.
      linksToSkip: async (link) => !(link.startsWith(publicOrigin) || link.startsWith(local)),
    });
    const byUrl = new Map<string, Set<string>>();
    const followed = new Set<string>();
    for (const link of result.links) {
      const url = new URL(link.url.replace(local, publicOrigin).replace(/^\/+/, ""), publicOrigin).href;
      if (link.state !== LinkState.SKIPPED && link.parent) followed.add(url.replace(/#.*$/, ""));
      if (link.state !== LinkState.BROKEN) continue;
      const parents = byUrl.get(url) ?? new Set<string>();
      const parent = (link.parent ?? "").split("#")[0]!.replace(/^\/+/, "");
      parents.add(textPages.get(parent) ?? parent.slice(prefix.length ? prefix.join("/").length + 1 : 0));
      byUrl.set(url, parents);
    }
    const broken = [
      ...bareFragments,
      ...[...byUrl].map(([url, outputs]) => ({ url, outputs: [...outputs].sort() })),
    ];
    return { broken, followed };
  });
}
