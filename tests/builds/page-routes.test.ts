/**
 * A hostile writer's routes to a visitor or to the build machine, each tried in a copy of the
 * project and built: what the page's template writes (a meta refresh or a script assembled by
 * the template, `| safe` over concatenation or `replace`, a macro), a page in another format, a
 * page whose permalink is a script, a stylesheet or JSON, URLs whose scheme is hidden by entities,
 * control characters or whitespace, SVG animation, and template code that reaches JavaScript.
 * Each fails the build naming the file and line, and nothing runs; harmless text that only looks
 * like those builds. page-checks.test.ts tests the rules themselves.
 */
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildEachEdit, editFile, ROOT_SITE_URL, type BuildResult } from "../support/build.ts";
import { lineOf } from "../support/writer-mistakes.ts";

const HEADING = "# Access policy\n";
const AUTH = "content/pages/auth.md";

/** Puts `lines` into auth.md two lines below its heading (after a blank line). */
const intoAuth = (project: string, ...lines: string[]) =>
  editFile(project, AUTH, HEADING, `${HEADING}\n${lines.join("\n")}\n`);

/** A new page in content/pages/ with the front matter every page needs, and `extra` lines in it. */
const page = (name: string, extra: string[], body: string) =>
  `---\ntitle: ${name}\ndescription: A page named ${name}.\nnavLabel: ${name}\norder: ` +
  `9\n${extra.join("\n")}\n---\n\n# ${name}\n\n${body}\n`;

/** The file every code-execution attempt tries to write, in the copy of the project. */
const PLANTED = "planted-by-a-page.txt";
const writeCall = (project: string) =>
  `process.getBuiltinModule('fs').writeFileSync('${path.join(project, PLANTED)}', 'ran')`;

interface Outcome {
  result: BuildResult;
  /** Whether the page's code wrote its file. */
  ran: boolean;
  /** The built auth page, when there is one. */
  auth: string | undefined;
}

const read = async (result: BuildResult, output: string, project: string): Promise<Outcome> => ({
  result,
  ran: existsSync(path.join(project, PLANTED)),
  auth: await readFile(path.join(output, "auth/index.html"), "utf8").catch(() => undefined),
});

const OBFUSCATED = [
  '<a href="java&#x0A;script:alert(1)">an entity newline</a>',
  '<a href="java\nscript:alert(2)">a newline</a>',
  '<a href="&#x01;javascript:alert(3)">a leading control character</a>',
  '<a href=" \u0001JaVaScRiPt&colon;alert(4)">a raw control character and a named colon</a>',
  '<svg><animate attributeName="href" values="#x;javascript:alert(5)"/></svg>',
];

const edits: Record<string, (project: string) => Promise<void>> = {
  metaRefresh: (project) =>
    intoAuth(project, '<{{ "" }}meta http-equiv="refresh" content="0;url=https://evil.example/">'),
  splitScript: (project) => intoAuth(project, '<scr{{ "" }}ipt src="/assets/x.js"></script>'),
  concatenated: (project) => intoAuth(project, '{{ ("<"~"script>alert(1)</"~"script>") | safe }}'),
  replaced: (project) => intoAuth(project, '{{ "<b>bold</b>" | replace("b", "script") | safe }}'),
  macro: (project) =>
    intoAuth(project, '{% macro evil() %}<scr{{ "" }}ipt>alert(1)</script>{% endmacro %}{{ evil() }}'),
  obfuscated: (project) => intoAuth(project, ...OBFUSCATED.flatMap((line) => [line, ""])),
  formats: async (project) => {
    for (const extension of ["njk", "html", "liquid"]) {
      await writeFile(
        path.join(project, `content/pages/other-${extension}.${extension}`),
        page(`Other${extension}`, [], "<script>alert(1)</script>"),
      );
    }
    // A JavaScript template runs as it is imported; a data file of its own, as it is read.
    await writeFile(
      path.join(project, "content/pages/other-js.11ty.js"),
      `${writeCall(project)};\nexport default () => "x";\n`,
    );
    await writeFile(
      path.join(project, "content/pages/other-js.11tydata.js"),
      `${writeCall(project)};\nexport default {};\n`,
    );
  },
  permalinks: async (project) => {
    for (const [name, permalink] of [
      ["script", "/assets/x.js"],
      ["style", "/assets/x.css"],
      ["json", "/api/x.json"],
    ]) {
      await writeFile(
        path.join(project, `content/pages/as-${name}.md`),
        page(`As${name}`, [`permalink: ${permalink}`], "alert(1)"),
      );
    }
  },
  constructorCall: (project) =>
    intoAuth(project, `{{ "".constructor.constructor("${writeCall(project)}")() }}`),
  renderContent: (project) =>
    intoAuth(
      project,
      `{{ "{% set x = ''.constructor.constructor(\\"${writeCall(project)}\\")() %}ran" | renderContent("njk") }}`,
    ),
  renderShortcodes: async (project) => {
    await writeFile(
      path.join(project, "_includes/code.njk"),
      `{% set x = ''.constructor.constructor("${writeCall(project)}")() %}`,
    );
    await intoAuth(
      project,
      `{% renderTemplate "njk" %}{% set x = ''.constructor.constructor("${writeCall(project)}")() ` +
        "%}{% endrenderTemplate %}",
      '{% renderFile "./_includes/code.njk" %}',
    );
  },
  permalinkCode: (project) =>
    writeFile(
      path.join(project, "content/pages/code.md"),
      page(
        "Code",
        [`permalink: "/{{ ''.constructor.constructor(\\"${writeCall(project)}\\")() }}/"`],
        "Text.",
      ),
    ),
  computedCode: (project) =>
    writeFile(
      path.join(project, "content/pages/code.md"),
      page(
        "Code",
        [
          "eleventyComputed:",
          `  description: "{{ ''.constructor.constructor(\\"${writeCall(project)}\\")() }}"`,
        ],
        "Text.",
      ),
    ),
  javascriptFrontMatter: (project) =>
    writeFile(
      path.join(project, "content/pages/js.md"),
      `---js\nconst title = "Js"; ${writeCall(project)};\n---\n\n# Js\n`,
    ),
  legacyFrontMatter: (project) =>
    writeFile(
      path.join(project, "content/pages/js.md"),
      `---js\n{ title: (() => { ${writeCall(project)}; return "Js"; })() }\n---\n\n# Js\n`,
    ),
  harmless: (project) =>
    intoAuth(
      project,
      '<abbr title="data: the raw values">Raw data</abbr> is published as it is.',
      "",
      "See [the status page](https://status.example/?online=1) or <a " +
        'href="https://status.example/?x=1&online=1">this one</a>.',
      "",
      "<!-- add a <link> to the glossary later -->",
    ),
};

// Queued as the file loads: the builds take turns on one copy, each edit made alone.
const names = Object.keys(edits);
const outcomes = Object.fromEntries(
  buildEachEdit(ROOT_SITE_URL, Object.values(edits), read).map((build, index) => [names[index]!, build]),
);
for (const build of Object.values(outcomes)) build.catch(() => undefined);

/** The build's output, which must be a failure in which no page code ran. */
async function failure(name: string): Promise<string> {
  const outcome = await outcomes[name]!;
  assert.not.ok(outcome.result.ok, `${name}: the build succeeded`);
  assert.not.ok(outcome.ran, `${name}: the page's code ran`);
  return outcome.result.output;
}

/** The line of auth.md where `intoAuth` puts its `index`-th line. */
const authLine = async (index = 0) => (await lineOf(AUTH, HEADING.trim())) + 2 + index;

test("a meta refresh the template assembles fails the build at its line", async () => {
  const output = await failure("metaRefresh");
  assert.ok(
    output.includes(
      `${AUTH}:${await authLine()}: <meta http-equiv> is not allowed in a page: it can send every ` +
        "visitor to another address",
    ),
    output,
  );
});

test("a script tag the template assembles fails the build at its line", async () => {
  const output = await failure("splitScript");
  assert.ok(
    output.includes(`${AUTH}:${await authLine()}: <script> is not allowed in a page: it runs code`),
    output,
  );
});

test("markup built by concatenation or replace and marked safe fails the build at its line", async () => {
  for (const name of ["concatenated", "replaced"]) {
    const output = await failure(name);
    assert.ok(
      output.includes(`${AUTH}:${await authLine()}: <script> is not allowed in a page: it runs code`),
      `${name}: ${output}`,
    );
  }
});

test("a macro fails the build at its line", async () => {
  const output = await failure("macro");
  assert.ok(output.includes(`${AUTH}:${await authLine()}: {% macro %} is not allowed in a page`), output);
});

test(`a URL whose scheme hides behind entities, control characters or whitespace, and SVG animation, fail \
at their lines`, async () => {
  const output = await failure("obfuscated");
  const first = await authLine();
  // Each example takes two lines (itself and a blank one), the raw newline one more.
  const lines = [first, first + 2, first + 5, first + 7, first + 9];
  for (const line of lines.slice(0, 4))
    assert.ok(
      output.includes(`${AUTH}:${line}: a javascript: URL on <a> is not allowed in a page`),
      `line ${line}: ${output}`,
    );
  assert.ok(output.includes(`${AUTH}:${lines[4]}: <animate> is not allowed in a page`), output);
});

test(`a page in another format than Markdown, or code of its own, fails the build naming the file, and \
runs nothing`, async () => {
  const output = await failure("formats");
  for (const file of [
    "other-njk.njk",
    "other-html.html",
    "other-liquid.liquid",
    "other-js.11ty.js",
    "other-js.11tydata.js",
  ]) {
    assert.ok(
      output.includes(`content/pages/${file}: only Markdown pages (.md) live in content/pages/`),
      `${file}: ${output}`,
    );
  }
});

test(`a page whose permalink is a script, a stylesheet or JSON fails the build, naming the file and its \
line`, async () => {
  const output = await failure("permalinks");
  for (const [name, permalink] of [
    ["script", "/assets/x.js"],
    ["style", "/assets/x.css"],
    ["json", "/api/x.json"],
  ]) {
    assert.ok(
      output.includes(`content/pages/as-${name}.md:6: the permalink ${permalink} is not an HTML page`),
      `${name}: ${output}`,
    );
  }
});

test("template code that reaches JavaScript fails the build at its line, and runs nothing", async () => {
  const output = await failure("constructorCall");
  assert.ok(
    output.includes(`${AUTH}:${await authLine()}: `) && /auth\.md:\d+: .*calls? a function/.test(output),
    output,
  );
  const render = await failure("renderContent");
  assert.ok(
    render.includes(`${AUTH}:${await authLine()}: the filter "renderContent" is not one a page may use`),
    render,
  );
  const shortcodes = await failure("renderShortcodes");
  assert.ok(
    shortcodes.includes(
      `${AUTH}:${await authLine()}: {% renderTemplate %} is not a shortcode a page may use`,
    ),
    shortcodes,
  );
  assert.ok(
    shortcodes.includes(`${AUTH}:${await authLine(1)}: {% renderFile %} is not a shortcode a page may use`),
    shortcodes,
  );
  const permalink = await failure("permalinkCode");
  assert.ok(/content\/pages\/code\.md:6: .*calls? a function/.test(permalink), permalink);
  const computed = await failure("computedCode");
  assert.ok(/content\/pages\/code\.md:7: .*calls? a function/.test(computed), computed);
});

test("JavaScript front matter fails the build, naming the file, and runs nothing", async () => {
  for (const name of ["javascriptFrontMatter", "legacyFrontMatter"]) {
    const output = await failure(name);
    assert.ok(
      output.includes("content/pages/js.md: JavaScript front matter runs code in the build"),
      `${name}: ${output}`,
    );
  }
});

test("harmless text that only looks like a scheme, an event attribute or a tag builds and is published", async () => {
  const { result, auth } = await outcomes.harmless!;
  assert.ok(result.ok, result.output);
  assert.ok(
    auth?.includes('<abbr title="data: the raw values">Raw data</abbr>'),
    "the abbreviation is published",
  );
  assert.ok(auth?.includes('href="https://status.example/?online=1"'), "the link is published");
});

test.run();
