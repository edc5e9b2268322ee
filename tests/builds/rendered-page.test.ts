/**
 * The rendered-page rule (`_config/rendered-page.ts`) over real builds of an edited copy: every
 * route by which a page could hand a visitor something active fails the build, naming the file
 * (and the line, where the page's source shows it), whatever wrote it: the template, another
 * engine, another format, a symlink, no layout, a CDATA section, an obfuscated URL. A page's output
 * outside the output folder fails before it is written. Harmless look-alikes build.
 */
import { existsSync } from "node:fs";
import { readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildEachEdit, editFile, ROOT_SITE_URL, type BuildResult } from "../support/build.ts";
import { lineOf } from "../support/writer-mistakes.ts";

const HEADING = "# Access policy\n";
const AUTH = "content/pages/auth.md";
const REFRESH = '<meta http-equiv="refresh" content="0;url=https://evil.example/">';

/** Puts `lines` into auth.md two lines below its heading. */
const intoAuth = (project: string, ...lines: string[]) =>
  editFile(project, AUTH, HEADING, `${HEADING}\n${lines.join("\n")}\n`);

/** A page in content/pages/ with the front matter every page needs and `extra` lines in it. */
const page = (name: string, extra: string[], body: string) =>
  `---\ntitle: ${name}\ndescription: A page named ${name}.\nnavLabel: ${name}\norder: 9\n${extra.join("\n")}\n---\n\n${body}\n`;
const newPage = (project: string, file: string, text: string) =>
  writeFile(path.join(project, "content/pages", file), text);

const edits: Record<string, (project: string) => Promise<void>> = {
  assembled: (project) =>
    intoAuth(
      project,
      '<{{ "" }}meta http-equiv="refresh" content="0;url=https://evil.example/">',
      "",
      '{{ ("<"~"script>alert(1)</"~"script>") | safe }}',
    ),
  obfuscated: (project) =>
    intoAuth(
      project,
      '<a href="java&#x0A;script:alert(1)">entity</a>',
      "",
      '<a href=" \u0001JaVaScRiPt&colon;alert(2)">control</a>',
      "",
      '<svg><animate attributeName="href" values="#x;javascript:alert(3)"/></svg>',
      "",
      '<p>Go <span style="color:red" onclick="x()">here</span></p>',
      "",
      '<a href="docs.md">a page by its file, in HTML</a>',
    ),
  cdata: (project) => intoAuth(project, `<svg><![CDATA[-->${REFRESH}]]></svg>`),
  svgTitle: (project) => intoAuth(project, `<svg><title>${REFRESH}</title></svg>`),
  noscript: (project) =>
    intoAuth(project, '<noscript><p title="</noscript><img src=/x.png onerror=alert(1)>"></p></noscript>'),
  engineOverride: (project) =>
    newPage(
      project,
      "override.md",
      page("Override", ["templateEngineOverride: njk"], `<script>alert(1)</script>\n${REFRESH}`),
    ),
  otherFormat: (project) =>
    newPage(project, "other.html", page("Other", [], "<iframe src=https://evil.example/></iframe>")),
  symlinked: async (project) => {
    await writeFile(path.join(project, "elsewhere.njk"), page("Linked", [], "<script>alert(1)</script>"));
    await symlink(path.join(project, "elsewhere.njk"), path.join(project, "content/pages/zz.njk"));
  },
  noLayout: (project) =>
    newPage(project, "bare.md", page("Bare", ["layout: false"], "<script>alert(1)</script>")),
  asScript: (project) =>
    newPage(project, "as-script.md", page("AsScript", ["permalink: /assets/x.js"], "text")),
  climbs: (project) => newPage(project, "climbs.md", page("Climbs", ["permalink: ../escaped.html"], "text")),
  bypass: (project) =>
    newPage(
      project,
      "bypass.md",
      page("Bypass", ["permalink: escaped-bypass.html", "permalinkBypassOutputDir: true"], "text"),
    ),
  harmless: (project) =>
    intoAuth(
      project,
      '<abbr title="data: the raw values">Raw data</abbr>, <span title="javascript: a language">JS</span>.',
      "",
      "See [the status](https://status.example/?online=1); onboarding=yes. <!-- a <script> example -->",
    ),
};

interface Outcome {
  result: BuildResult;
  auth: string | undefined;
  escaped: boolean;
}
const names = Object.keys(edits);
const builds = buildEachEdit(ROOT_SITE_URL, Object.values(edits), async (result, output, project) => ({
  result,
  auth: await readFile(path.join(output, "auth/index.html"), "utf8").catch(() => undefined),
  escaped: ["escaped.html", "escaped-bypass.html"].some(
    (file) => existsSync(path.join(project, file)) || existsSync(path.join(path.dirname(output), file)),
  ),
}));
const outcomes = Object.fromEntries(names.map((name, index) => [name, builds[index]!])) as Record<
  string,
  Promise<Outcome>
>;
for (const build of builds) build.catch(() => undefined);

/** The output of a build that must fail, having written nothing outside its output folder. */
async function failure(name: string): Promise<string> {
  const { result, escaped } = await outcomes[name]!;
  assert.not.ok(result.ok, `${name}: the build succeeded`);
  assert.not.ok(escaped, `${name}: a file was written outside the output folder`);
  return result.output;
}
const authLine = async (index = 0) => (await lineOf(AUTH, HEADING.trim())) + 2 + index;
const has = (output: string, ...texts: string[]) => {
  for (const text of texts) assert.ok(output.includes(text), `expected "${text}" in:\n${output}`);
};

test("markup the template assembles fails the build at the line that wrote it", async () => {
  const output = await failure("assembled");
  has(
    output,
    `${AUTH}:${await authLine()}: <meta> http-equiv is not allowed`,
    `${AUTH}:${await authLine(2)}: <script>`,
  );
});

test("URLs whose scheme hides behind entities or controls, SVG animation, handlers, styles and HTML links to page files fail at their lines", async () => {
  const output = await failure("obfuscated");
  has(
    output,
    `${AUTH}:${await authLine()}: the href= of <a> has an entity or control character`,
    `${AUTH}:${await authLine(2)}: the href= of <a> has an entity or control character`,
    `${AUTH}:${await authLine(4)}: <animate> is not allowed in a page`,
    `${AUTH}:${await authLine(6)}: the style= attribute on <span>`,
    `${AUTH}:${await authLine(6)}: the onclick= attribute on <span> runs code`,
    `${AUTH}:${await authLine(8)}: the href="docs.md" of <a> names a page's file`,
  );
});

test("a CDATA section or text a browser reads as markup fails: what ships is what is read", async () => {
  has(
    await failure("cdata"),
    `${AUTH}:${await authLine()}: a comment or CDATA section that a browser ends early`,
  );
  has(await failure("svgTitle"), `${AUTH}:${await authLine()}: markup inside text`);
  has(await failure("noscript"), `${AUTH}:${await authLine()}: the title= of <p> holds "<" or ">"`);
});

test("another engine, another format, a symlink or no layout: the written HTML is checked all the same", async () => {
  has(
    await failure("engineOverride"),
    "content/pages/override.md",
    "<script> is not allowed outside the layout's head",
  );
  has(await failure("otherFormat"), "content/pages/other.html", "<iframe> is not allowed in a page");
  has(await failure("symlinked"), "content/pages/zz.njk", "<script>");
  has(
    await failure("noLayout"),
    "content/pages/bare.md",
    "<script> is not allowed outside the layout's head",
  );
});

test("a page published as a script, or outside the output folder, fails before it is written", async () => {
  has(
    await failure("asScript"),
    "content/pages/as-script.md:6: the permalink /assets/x.js is not an HTML page",
  );
  has(await failure("climbs"), "content/pages/climbs.md:6: its output", "is outside the output folder");
  has(await failure("bypass"), "content/pages/bypass.md", "is outside the output folder");
});

test("harmless text that only looks like a scheme, a handler or a tag builds and is published", async () => {
  const { result, auth } = await outcomes.harmless!;
  assert.ok(result.ok, result.output);
  assert.ok(
    auth?.includes('<abbr title="data: the raw values">Raw data</abbr>'),
    "the abbreviation is published",
  );
  assert.ok(auth?.includes('href="https://status.example/?online=1"'), "the link is published");
});

test.run();
