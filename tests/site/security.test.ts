/**
 * The edges of the built site, for a root and a path SITE_URL: no built file (page, JSON, twin,
 * text, script, an image's text chunks) carries a secret, a local path or the build machine's
 * name; every HTML page keeps its Content-Security-Policy, and nothing in it needs what the policy
 * forbids; no file ships anything active but the site's own (a tripwire: pages cannot carry HTML by
 * construction, markdown-it's `html: false`); robots.txt and the sitemap name only pages the site has.
 */
import { readFile } from "node:fs/promises";
import os from "node:os";
import { createHash } from "node:crypto";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { paths } from "../../_data/site.ts";
import { builtSite, PATH_SITE_URL, readFiles, ROOT, ROOT_SITE_URL, SCRATCH } from "../support/build.ts";
import { escapeRegExp } from "../../_config/escape.ts";
import { pngText, withTextChunk } from "../support/png.ts";
import { activeMarkup } from "../support/pages.ts";

interface BuiltFile {
  /** Path inside the output folder, such as `docs/index.html`. */
  name: string;
  text: string;
}

/** What each built file says: a text file's characters, a PNG's text chunks (its pixels may spell short words). */
async function builtFiles(siteDir: string): Promise<BuiltFile[]> {
  return [...(await readFiles(siteDir))].map(([name, bytes]) => ({
    name,
    text: name.endsWith(".png") ? pngText(bytes) : bytes.toString("utf8"),
  }));
}

/** Credentials by their published shapes: the kinds a build could pick up from its environment. */
const SECRET_SHAPES: [string, RegExp][] = [
  ["private key", /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----/],
  ["GitHub token", /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})/],
  ["npm token", /\bnpm_[A-Za-z0-9]{30,}/],
  ["AWS access key id", /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/],
  ["Google API key", /\bAIza[0-9A-Za-z_-]{35}/],
  ["Slack token", /\bxox[abposr]-[0-9A-Za-z-]{10,}/],
  ["OpenAI-style secret key", /\bsk-(?:proj-)?[A-Za-z0-9_-]{32,}/],
  ["JSON Web Token", /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\./],
  ["credential in a URL", /\bhttps?:\/\/[^\s/:@"'<>]+:[^\s/@"'<>]+@/],
  ["bearer credential", /\bBearer\s+[A-Za-z0-9._~+/-]{20,}=*/],
];

/** Values of this process's environment variables whose names say they hold a credential. */
function secretEnvironmentValues(): [string, string][] {
  return Object.entries(process.env).flatMap(([name, value]) =>
    /TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|PRIVATE|CREDENTIAL|AUTH/i.test(name) && value && value.length >= 8
      ? [[name, value] as [string, string]]
      : [],
  );
}

/** Folders of the machine that built the site; none belongs in a published file. */
function localPaths(): string[] {
  const paths = [
    "/work/",
    "/root/",
    "/tmp/",
    "/dev/shm/",
    "/home/",
    `${ROOT}/`,
    `${os.homedir()}/`,
    `${os.tmpdir()}/`,
    `${SCRATCH}/`,
    "file:///",
  ];
  return [...new Set(paths.filter((p) => p.length > 2))];
}

/** Machine names: the host name, and the container's, where one is set. */
const machineNames = () =>
  [...new Set([os.hostname(), process.env.CONTAINER_NAME, process.env.HOSTNAME])].flatMap((name) =>
    name ? [name] : [],
  );

/** String literals in a script: where a leaked name would sit, apart from minified identifiers. */
function stringLiterals(script: string): string {
  return [...script.matchAll(/(["'`])((?:\\.|(?!\1)[^\\])*)\1/g)].map((match) => match[2]).join("\n");
}

/** Every leak in one file, as `file: kind "match"`. */
function leaksIn(file: BuiltFile): string[] {
  const found: string[] = [];
  for (const [kind, shape] of SECRET_SHAPES) {
    const match = file.text.match(shape);
    if (match) found.push(`${file.name}: ${kind} "${match[0].slice(0, 24)}…"`);
  }
  for (const [name, value] of secretEnvironmentValues())
    if (file.text.includes(value)) found.push(`${file.name}: the value of $${name}`);
  for (const local of localPaths())
    if (file.text.includes(local)) found.push(`${file.name}: local path "${local}"`);
  // A minified script's one- and two-letter identifiers may spell a short host name by chance.
  const searchable = file.name.endsWith(".js") ? stringLiterals(file.text) : file.text;
  for (const name of machineNames())
    if (new RegExp(`(?<![\\w.-])${escapeRegExp(name)}(?![\\w-])`).test(searchable))
      found.push(`${file.name}: machine name "${name}"`);
  return found;
}

test("the leak scan finds planted secrets, local paths and the machine name (it is not a no-op)", () => {
  const planted = [
    `-----BEGIN OPENSSH ${"PRIVATE"} KEY-----`,
    `token ${"ghp_"}${"a1B2".repeat(9)}`,
    `${os.tmpdir()}/exp-bank-site-x/index.html`,
    `built on ${os.hostname()}.`,
  ];
  for (const text of planted)
    assert.ok(leaksIn({ name: "page.html", text }).length > 0, `not found: ${text}`);
  assert.equal(leaksIn({ name: "page.html", text: "No API key, no OAuth token, no bearer credential." }), []);
});

test("the leak scan reads a PNG's text chunks", async () => {
  const card = await readFile(path.join(await builtSite(ROOT_SITE_URL), paths.shareCard));
  assert.equal(leaksIn({ name: paths.shareCard, text: pngText(card) }), []);
  const planted = withTextChunk(card, "Source", `${os.tmpdir()}/exp-bank-site-x/card.svg`);
  assert.ok(leaksIn({ name: paths.shareCard, text: pngText(planted) }).length > 0);
});

for (const siteUrl of [ROOT_SITE_URL, PATH_SITE_URL]) {
  // Read once for the four tests below.
  const files = await builtFiles(await builtSite(siteUrl));
  test(`no built file holds a secret, a local path or the machine name (SITE_URL=${siteUrl})`, async () => {
    const kinds = new Set(files.map((file) => path.extname(file.name)));
    for (const kind of [".html", ".json", ".md", ".txt", ".js"])
      assert.ok(kinds.has(kind), `the scan covers ${kind} files`);
    assert.equal(files.flatMap(leaksIn), []);
  });

  test(`no built file holds a script, style, handler, meta http-equiv or javascript: URL but the site's own \
(SITE_URL=${siteUrl})`, async () => {
    const texts = files.filter((file) => !file.name.endsWith(".png"));
    assert.ok(texts.length >= 15, `${texts.length} files`);
    // What a template writes ships byte for byte: no HTML transform re-serialises a page (posthtml,
    // which Eleventy runs only when a plugin is added, would write the form's `novalidate=""`).
    const home = files.find((file) => file.name === "index.html")?.text ?? "";
    assert.ok(home.includes('class="calculator" novalidate aria-label='), "the form's markup as written");
    // The homepage's bundle is the site's own script, not markup: it may not hold a javascript: URL.
    const problems = (file: BuiltFile) =>
      file.name.endsWith(".js")
        ? activeMarkup(file.text).filter((problem) => problem.includes("javascript:"))
        : activeMarkup(file.text);
    const found = texts.flatMap((file) => problems(file).map((problem) => `${file.name}: ${problem}`));
    assert.equal(found, []);
  });

  test(`every HTML page keeps its Content-Security-Policy, ahead of everything it governs \
(SITE_URL=${siteUrl})`, async () => {
    const pages = files.filter((file) => file.name.endsWith(".html"));
    assert.ok(pages.length >= 5, `${pages.length} pages`);
    for (const page of pages) {
      const metas = [
        ...page.text.matchAll(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"\s*\/?>/gi),
      ];
      assert.is(metas.length, 1, `${page.name}: one CSP meta`);
      const meta = metas[0]!;
      const policy = meta[1] ?? "";
      const head = page.text.slice(0, page.text.search(/<\/head>/i));
      assert.ok(meta.index! < head.length, `${page.name}: the CSP is in the head`);
      const firstGoverned = page.text.search(
        /<(?:script|link\s[^>]*rel="stylesheet"|style|img|iframe|object)\b/i,
      );
      assert.ok(
        firstGoverned === -1 || meta.index! < firstGoverned,
        `${page.name}: the CSP precedes the first script, style or image`,
      );
      assert.match(policy, /default-src '(?:none|self)'/, `${page.name}: default-src`);
      assert.match(policy, /base-uri 'none'|base-uri 'self'/, `${page.name}: base-uri`);
      assert.not.match(
        policy,
        /'unsafe-inline'|'unsafe-eval'|\*|https?:/,
        `${page.name}: no unsafe, wildcard or other origin's source`,
      );
      // Handlers and style attributes are activeMarkup's (the test above). At most one inline script
      // (the homepage's, which starts the site's module after the first paint) runs, allowed by its
      // own hash, with what it imports ('strict-dynamic'); a page without it runs none: no injected
      // script, and no twin, text or JSON file loaded as a script.
      const inline = [...page.text.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([^<]*)<\/script>/gi)];
      assert.is(
        inline.length,
        (page.text.match(/<script(?![^>]*\ssrc=)[^>]*>/gi) ?? []).length,
        `${page.name}: each inline <script> holds only script`,
      );
      assert.ok(inline.length <= 1, `${page.name}: at most one inline script`);
      const scriptHashes = inline
        .map((script) => ` 'sha256-${createHash("sha256").update(script[1]!).digest("base64")}'`)
        .join("");
      const scriptSrc = scriptHashes ? `script-src${scriptHashes} 'strict-dynamic';` : "script-src 'none';";
      assert.ok(policy.includes(scriptSrc), `${page.name}: ${scriptSrc}`);
      // The dev server's error overlay is added while serving only (_config/build-errors.ts).
      assert.not.ok(
        page.text.includes("build-errors.js"),
        `${page.name}: no reference to the dev server's script`,
      );
      // One inlined stylesheet, allowed by its own hash and nothing else: an injected <style> is blocked.
      const styles = [...page.text.matchAll(/<style>([^<]*)<\/style>/g)];
      assert.is((page.text.match(/<style\b/gi) ?? []).length, 1, `${page.name}: one <style> element`);
      assert.is(styles.length, 1, `${page.name}: the <style> holds only CSS`);
      const hash = createHash("sha256").update(styles[0]![1]!).digest("base64");
      assert.match(
        policy,
        new RegExp(`style-src 'sha256-${hash.replace(/[+/]/g, "\\$&")}'(;|$)`),
        `${page.name}: style-src is exactly the stylesheet's hash`,
      );
      // Shipped minified (_config/inline-stylesheet.ts): no comment or line break written for engineers.
      assert.not.match(styles[0]![1]!, /\/\*|\n/, `${page.name}: the inlined stylesheet is minified`);
    }
  });

  test(`the sitemap lists exactly the site's HTML pages, and robots.txt points at it \
(SITE_URL=${siteUrl})`, async () => {
    const names = new Set(files.map((file) => file.name));
    const sitemap = files.find((file) => file.name === "sitemap.xml")?.text ?? "";
    const locations = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1] ?? "");
    assert.ok(locations.length > 0, "the sitemap lists pages");
    const listed = locations.map((location) => {
      assert.ok(location.startsWith(siteUrl), `${location} is under ${siteUrl}`);
      const relative = location.slice(siteUrl.length);
      const file = relative === "" || relative.endsWith("/") ? `${relative}index.html` : relative;
      assert.ok(names.has(file), `${location} names a built page (${file})`);
      return file;
    });
    const pages = [...names].filter((name) => name.endsWith(".html") && name !== "404.html").sort();
    assert.equal([...listed].sort(), pages, "every page but the 404 page, once");

    const robots = files.find((file) => file.name === "robots.txt")?.text ?? "";
    const sitemaps = [...robots.matchAll(/^Sitemap:\s*(\S+)$/gim)].map((match) => match[1]);
    assert.equal(sitemaps, [new URL("sitemap.xml", siteUrl).href]);
    assert.match(robots, /^User-agent: \*$/m);
    assert.not.match(robots, /^Disallow:[ \t]*\S/m, "nothing a page needs is disallowed");
  });
}

test.run();
