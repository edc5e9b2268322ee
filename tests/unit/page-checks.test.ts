/**
 * The checks each Markdown page's source passes in every build (`_config/page-checks.ts`),
 * unit-tested on texts written here: raw HTML that runs code or sends a visitor elsewhere is
 * refused, a figure or name of the data typed by hand is refused, ordinary words are not, and
 * each problem names its line in the file (front matter counted) and the fix. builds/writer-errors.test.ts
 * makes the same mistakes in real builds.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import calculator from "../../_data/calculator.ts";
import endpoints from "../../_data/endpoints.ts";
import openapi from "../../_data/openapi.ts";
import ranks from "../../_data/ranks.ts";
import site from "../../_data/site.ts";
import { checkPageSource } from "../../_config/page-checks.ts";
import { dataValues, typedValues } from "../../_config/drift.ts";
import { frontMatterLines } from "../../_config/page-source.ts";
import nunjucks from "nunjucks";
import { markdownLibrary } from "../../_config/markdown.ts";
import { BUILT_IN_FILTERS, templateProblems } from "../../_config/page-template.ts";
import { renderedHtmlError } from "../../_config/page-checks.ts";
import { unsafeHtml, urlScheme } from "../../_config/unsafe-html.ts";
import { resultChartSvg } from "../../common/chart.ts";
import { renderTwin } from "../../_config/twins.ts";
import { checkPageUrls, foreignPageFiles } from "../../_config/page-outputs.ts";
import { ROOT } from "../support/build.ts";

const DATA = { ranks, calculator, endpoints, site, openapi };
const VALUES = dataValues(DATA);

/** The messages for the typed values in `markdown`, as `line: message`. */
const typed = (markdown: string) =>
  typedValues(markdown, VALUES).map((problem) => `${problem.line}: ${problem.message}`);

test("the drift check knows prose from data: ordinary words that contain a rank name pass", () => {
  const prose = [
    "Members of the support team answer within a day.",
    "The membership is free; a Memberships page may follow.",
    "Ethereality and cosmically divine radiance are words, not ranks.",
    "A balance of 1,160,000,000 or 160,000,000.5 gems is another number; so is 10.003 or 0.0031.",
    "Version 11.0.0 of something else, and 2160M+ of another thing.",
    '{{ ranks.ranks[1].name | markdownText }} is rendered, so {{ "ExpRank" | schemaLink }} is too.',
  ].join("\n\n");
  assert.equal(typed(prose), []);
});

test("a hand-typed rank name, threshold, label, rate or name of the contract fails naming the line and the fix", () => {
  const markdown = [
    "# A page", // 1
    "", // 2
    "A balance of 160,000,000 gems is Ethereal.", // 3
    "", // 4
    "Member, Ethereal's holders and (Cosmic) are names; so is 1.6B+ and 48B.", // 5
    "The rate is 0.003, or 0.3% a day; call calculate-exp-growth; read openapi.json or ExpRank.", // 6
    "```json", // 7
    '{ "minGems": "800000000" }', // 8
    "```", // 9
  ].join("\n");
  assert.equal(typed(markdown), [
    "3: types the Ethereal threshold 160,000,000 by hand; write {{ ranks.ranks[1].minGems | " +
      "groupDigits }} so the page follows the data",
    '3: types the rank name "Ethereal" by hand; write {{ ranks.ranks[1].name | markdownText }} so the ' +
      "page follows the data",
    '5: types the rank name "Member" by hand; write {{ ranks.ranks[0].name | markdownText }} so the ' +
      "page follows the data",
    '5: types the rank name "Ethereal" by hand; write {{ ranks.ranks[1].name | markdownText }} so the ' +
      "page follows the data",
    '5: types the rank name "Cosmic" by hand; write {{ ranks.ranks[6].name | markdownText }} so the ' +
      "page follows the data",
    '5: types the rank label "1.6B+" by hand; write {{ ranks.ranks[3].displayValue | markdownText }} ' +
      "so the page follows the data",
    '5: types the Cosmic threshold "48B" by hand; write {{ ranks.ranks[6].displayValue | markdownText ' +
      "}} so the page follows the data",
    "6: types the daily rate by hand; write {{ calculator.dailyInterestRate }} so the page follows the data",
    "6: types the daily percent by hand; write {{ calculator.dailyInterestPercent }}% so the page follows the data",
    '6: types the tool name "calculate-exp-growth" by hand; write {{ tools[0].name }} so the page follows the data',
    '6: types the contract\'s path "openapi.json" by hand; write {{ site.paths.openapi }} so the page follows the data',
    '6: types the schema name "ExpRank" by hand; write {{ "ExpRank" | schemaLink }} so the page follows the data',
    "8: types the Luminary threshold 800000000 by hand; write {{ ranks.ranks[2].minGems | groupDigits " +
      "}} so the page follows the data",
  ]);
});

test("the drift check follows the data it is given, not a list of its own", () => {
  const renamed = {
    ...DATA,
    ranks: {
      ...ranks,
      ranks: ranks.ranks.map((rank, index) => (index === 1 ? { ...rank, name: "Zenith" } : rank)),
    },
  };
  const problems = typedValues("Zenith and Ethereal.", dataValues(renamed)).map((problem) => problem.message);
  assert.equal(problems, [
    'types the rank name "Zenith" by hand; write {{ ranks.ranks[1].name | markdownText }} so the page follows the data',
  ]);
});

test("every page of the site passes its own checks", async () => {
  const entries = await readdir(path.join(ROOT, "content"), { recursive: true, withFileTypes: true });
  const pages = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
    .map((entry) => path.join(entry.parentPath, entry.name));
  assert.ok(pages.length >= 5, "the pages are Markdown");
  for (const page of pages) {
    const body = (await readFile(page, "utf8")).replace(/^---\n[\s\S]*?\n---\n/, "");
    checkPageSource(page, body, DATA);
  }
});

/** Each problem's line and what it found, without the rule and the fix that follow. */
const whereAndWhat = (problems: string[]) => problems.map((line) => line.replace(/ is not allowed.*/, ""));

/**
 * Writes `body` as a page with front matter (5 lines) to a temporary file, renders its Markdown, and returns
 * the HTML check's messages.
 */
async function renderedProblems(body: string, html = markdownLibrary().render(body)): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), "exp-bank-page-"));
  try {
    const file = path.join(dir, "page.md");
    await writeFile(file, `---\ntitle: A page\ndescription: x\norder: 9\n---\n${body}`);
    const error = await renderedHtmlError(file, body, html);
    return error
      ? error.message
          .split("\n")
          .slice(1)
          .map((line) => line.replace(/^ {2}.*page\.md:/, ""))
      : [];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test("each unsafe element or attribute in a page's HTML is refused with its line in the file and the fix", async () => {
  // `<frame>` and `<frameset>` are not listed: in a page's body the parser drops them, as browsers do.
  const elements = [
    "script",
    "iframe",
    "object",
    "embed",
    "base",
    "form action=x",
    "applet",
    "link",
    "style",
    "template",
    "math",
    "dialog",
  ];
  for (const element of elements) {
    const name = element.split(" ")[0]!;
    const [problem] = await renderedProblems(
      `# Title\n\nSome text.\n\n<${element} src="https://evil.example/"></${name}>\n`,
    );
    // Front matter (5 lines) counted: the tag is on line 5 of the body.
    const expected =
      name === "form"
        ? "10: the action= attribute on <form> is not allowed in a page"
        : `10: <${name}> is not allowed in a page: it `;
    assert.ok(problem?.startsWith(expected), `${element}: ${problem}`);
    assert.ok(
      problem?.includes("move it into a layout or partial under _includes/"),
      `${element}: ${problem}`,
    );
  }
  assert.equal(
    await renderedProblems('Text\n\n<meta http-equiv="refresh" content="3;url=https://evil.example/">\n'),
    [
      "8: <meta http-equiv> is not allowed in a page: it can send every visitor to another address or " +
        "change the page's security policy; move it into a layout or partial under _includes/, or write " +
        "it in a code span if the page shows it as an example",
    ],
  );
  assert.equal(
    await renderedProblems(
      'A paragraph\nwith <img src="x.png" onerror="alert(1)"> inline\nand <a href="javascript:alert(1)">a link</a>.',
    ),
    [
      "7: the onerror= attribute on <img> is not allowed in a page: it runs code; remove it (a page " +
        "ships no script of its own)",
      "8: a javascript: URL on <a> is not allowed in a page: it runs code or hides a document; link " +
        "to a page or an https:// address",
    ],
  );
  // An example in code comes before the tag; the same tag twice is found twice.
  const twice = await renderedProblems(
    "Write `<script>` in code.\n\n```js\nx = '<script>';\n```\n\n<script>a</script>\n\n<script>b</script>\n",
  );
  assert.equal(whereAndWhat(twice), ["12: <script>", "14: <script>"]);
  // In a table cell, in a list, upper case, and a tag spread over lines.
  const spread = await renderedProblems(
    "| a | b |\n| --- | --- |\n| <SCRIPT>x</SCRIPT> | 1 |\n\n- item <Iframe\n  src=x></iframe>\n",
  );
  assert.equal(
    spread.map((line) => line.slice(0, 22)),
    ["8: <script> is not all", "10: <iframe> is not al"],
  );
});

test("what the template assembled is judged as the browser reads it, at the line that wrote it", async () => {
  const body = [
    "# Title",
    "",
    '<{{ "" }}meta http-equiv="refresh" content="0;url=https://evil.example/">',
    "",
    '{{ ("<"~"script>x</"~"script>") | safe }}',
  ].join("\n");
  const html =
    '<h1>Title</h1>\n<meta http-equiv="refresh" content="0;url=https://evil.example/">\n<script>x</script>\n';
  assert.equal(whereAndWhat(await renderedProblems(body, html)), ["8: <meta http-equiv>", "10: <script>"]);
});

test("a URL's scheme is read after entities, control characters and whitespace, as a browser reads it", async () => {
  const lines = [
    '<a href="java&#x0A;script:alert(1)">entity newline</a>',
    '<a href="java&Tab;script:alert(1)">entity tab</a>',
    '<a href="&#x01;javascript:alert(1)">leading control</a>',
    '<a href=" \u0001JaVaScRiPt&colon;alert(1)">raw control, named colon</a>',
    '<a href="&#106;avascript:alert(1)">decimal entity</a>',
    '<a href="vbscript:x">vbscript</a> <img src="data:image/svg+xml,x" alt="">',
    '<blockquote cite="javascript:x">quote</blockquote>',
    '<img src="https://images.example/x.png" alt=""> <img src="//images.example/x.png" alt=""> <img ' +
      'src="/icon.svg" alt="">',
  ];
  const problems = await renderedProblems(lines.join("\n\n"));
  const thirdPartyImage =
    "20: the src= of <img> loads from another site, a third-party request the pages' security " +
    "policy (img-src 'self') refuses; publish the file with the site and give its path";
  assert.equal(whereAndWhat(problems), [
    "6: a javascript: URL on <a>",
    "8: a javascript: URL on <a>",
    "10: a javascript: URL on <a>",
    "12: a javascript: URL on <a>",
    "14: a javascript: URL on <a>",
    "16: a vbscript: URL on <a>",
    "16: a data: URL on <img>",
    "18: a javascript: URL on <blockquote>",
    thirdPartyImage,
    thirdPartyImage,
  ]);
  assert.equal(urlScheme(" \t\u0000https://example.com/"), { scheme: "https", control: false });
  assert.equal(
    unsafeHtml('<p a\u001b[2Jb="x">t</p>').map((problem) => problem.message.slice(0, 26)),
    ["the a\\u001b[2jb= attribute"],
  );
  assert.equal(urlScheme("/docs/\u0007x"), { scheme: "", control: true });
});

test(`SVG animation and references, foreign content, noscript content and attributes off the list are \
checked; the site's chart passes`, async () => {
  const problems = await renderedProblems(
    [
      '<svg><animate attributeName="href" values="#x;javascript:alert(1)"/></svg>',
      '<svg><set attributeName="href" to="javascript:alert(1)"/><a href="javascript:x"><text>t</text></a></svg>',
      "<svg><foreignObject><p>x</p></foreignObject></svg>",
      '<noscript><meta http-equiv="refresh" content="0;url=https://evil.example/"></noscript>',
      '<svg><use href="/icon.svg#x"/></svg> <span style="color: red">red</span> <a href="/" ' +
        'target="_blank" ping="/x">x</a>',
      '<form method="post"><input type="image" src="/x.png" formaction="/y"></form>',
      // Text to a browser without scripts; with scripts, the noscript ends inside the title.
      '<noscript><p title="</noscript><img src=/x.png onerror=alert(1)>"></p></noscript>',
    ].join("\n\n"),
  );
  assert.equal(whereAndWhat(problems), [
    "6: <animate>",
    "8: <set>",
    "8: <a>",
    "10: <foreignObject>",
    "12: <meta http-equiv>",
    "14: <use>",
    "14: the style= attribute on <span>",
    "14: the target= attribute on <a>",
    "14: the ping= attribute on <a>",
    "16: the method= attribute on <form>",
    "16: the src= attribute on <input>",
    "16: the formaction= attribute on <input>",
    "18: the onerror= attribute on <img>",
  ]);
  const result = (await import("../../_data/tools.ts")).default[0]!.example.result as {
    structuredContent: never;
  };
  const chart = resultChartSvg(result.structuredContent, {
    id: "c",
    width: 640,
    height: 280,
    locale: "en-US",
    start: 0,
  });
  for (const tag of ["<svg", "<path", "<text", "<circle"])
    assert.ok(chart.includes(tag), `the chart draws ${tag}>`);
  assert.equal(unsafeHtml(`<figure class="chart-static">${chart}</figure>`), []);
});

test("harmless text that looks like a scheme, an event attribute or a tag passes", async () => {
  const body = [
    '<abbr title="data: the raw values">Raw data</abbr> and <span title="javascript: a language">JS</span>.',
    "",
    "See [the status](https://status.example/?online=1) or <a " +
      'href="https://status.example/?x=1&online=1">this</a>, mail <a href="mailto:a@b.example">us</a>.',
    "",
    "<!-- add a <link> to the glossary, and a <script> example -->",
    "",
    '<a href="/docs/#resources">Resources</a>, <a href="#x">here</a>, <a href="docs.md">by file</a>; onboarding=yes.',
  ].join("\n");
  assert.equal(await renderedProblems(body), []);
});

test("HTML a page shows as an example, in code, and the pages' own markup, pass", async () => {
  const markdown = [
    'Write `<script>` or `<meta http-equiv="refresh">` in a code span.',
    "",
    "```js",
    "document.body.innerHTML = '<form onsubmit=\"x()\"><script>alert(1)</script></form>';",
    "```",
    "",
    "    <iframe src=x></iframe>",
    "",
    '<nav class="toc" aria-labelledby="toc"><ul><li><a href="#x">X</a></li></ul></nav>',
    "",
    "<details><summary>More</summary>Text about onboarding=yes and one = two.</details>",
    "",
    "| Rank | Gems |",
    "| --- | ---: |",
    "| A | 1 |",
  ].join("\n");
  assert.equal(await renderedProblems(markdown), []);
});

/** Nunjucks as the pages have it, with one shortcode as Eleventy adds them. */
const environment = new nunjucks.Environment();
environment.addExtension("schemaFields", {
  tags: ["schemaFields"],
  parse(parser: any, nodes: any) {
    const token = parser.nextToken();
    const args = parser.parseSignature(true, true);
    parser.advanceAfterBlockEnd(token.value);
    return new nodes.CallExtension(this, "run", args);
  },
});
const RULES = {
  filters: new Set([...BUILT_IN_FILTERS, "href", "callTool", "jsonBlock"]),
  shortcodes: new Set(["schemaFields"]),
  includes: path.join(ROOT, "_includes"),
};
const templateLines = (source: string) =>
  templateProblems(source, environment as never, RULES).map(
    (problem) => `${problem.line}: ${problem.message}`,
  );

test("a page's template may use data, filters, if, for, set, shortcodes and partials", () => {
  const source = [
    '{{ site.name }} {{ ranks.ranks[1].name }} {{ tools[0].annotations }} {{ "docs" | href("support") }}',
    '{% set example = ("calculate-exp-growth" | callTool({ currentGems: 1000000, days: 30 })).structuredContent %}',
    '{% for key, value in openapi.components.schemas %}{{ key ~ "-" }}{% if not loop.last and value ' +
      "is defined %}, {% endif %}{% endfor %}",
    '{% schemaFields "CalculatorInfo" %} {% include "calculator-form.njk" %} {{ ("curl " + site.url) ' +
      '| replace("a", "b") | safe }}',
    "{% raw %}{{ x() }}{% endraw %} {{ labels[input.name] }} {% if ranks.ranks | length is " +
      "divisibleby(3) %}{% endif %}",
  ].join("\n");
  assert.equal(templateLines(source), []);
});

test("a page's template that calls, defines or reaches code fails naming each line and the fix", () => {
  const lines = templateLines(
    [
      '{{ "".constructor.constructor("x")() }}', // 1
      "{% macro m() %}x{% endmacro %}", // 2
      "{% call m() %}x{% endcall %}", // 3
      '{% import "x.njk" as x %}{% from "x.njk" import y %}', // 4
      '{% extends "layouts/base.njk" %}', // 5
      '{{ "{{ 7*7 }}" | renderContent("njk") }}', // 6
      '{% include "../content/pages/docs.md" %}{% include name %}', // 7
      '{{ site["con" ~ "structor"] }} {{ x.__proto__ }} {{ range(3) }}', // 8
      '{{ "a" | replace(r/a/g, f) }}', // 9
    ].join("\n"),
  );
  const expect = [
    [1, ".constructor reaches JavaScript's internals"],
    [1, "calls a function, which runs JavaScript in the build"],
    [2, "{% macro %} is not allowed in a page"],
    [3, "{% call %} is not allowed in a page"],
    [4, "{% import %} is not allowed in a page"],
    [4, "{% from … import %} is not allowed in a page"],
    [5, "{% extends %} is not allowed in a page"],
    [6, 'the filter "renderContent" is not one a page may use'],
    [7, '{% include %} names "../content/pages/docs.md", which is not a partial'],
    [7, "{% include %} names its file by an expression"],
    [8, "a key computed by an expression"],
    [8, ".__proto__ reaches JavaScript's internals"],
    [8, "calls a function"],
    [9, "a regular expression (r/…/) is not allowed in a page"],
  ] as const;
  for (const [line, start] of expect)
    assert.ok(
      lines.some((found) => found.startsWith(`${line}: ${start}`)),
      `line ${line} "${start}": ${lines.join("\n")}`,
    );
});

test("a line in a page's text is the line in its file: front matter counted", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "exp-bank-page-"));
  try {
    const file = path.join(dir, "page.md");
    const body = "# Title\n\nText.\n\nEthereal holders ask first.\n";
    await writeFile(file, `---\ntitle: A page\ndescription: x\norder: 9\n---\n${body}`);
    assert.is(frontMatterLines(file, body), 5);
    assert.throws(
      () => checkPageSource(file, body, DATA),
      (error: Error) => {
        assert.match(
          error.message,
          new RegExp(
            String.raw`^Data typed by hand in a Markdown page \(1\) in .*page\.md:\n {2}.*page\.md:10: ` +
              String.raw`types the rank name "Ethereal" by hand`,
          ),
        );
        return true;
      },
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("a Markdown twin checks its page's template before rendering it again", async () => {
  let rendered = false;
  const renderer = {
    renderTemplate: async () => ((rendered = true), "# X\n"),
    checkPageTemplate: (inputPath: string) => {
      throw new Error(`${inputPath}: refused`);
    },
  };
  const source = {
    url: "/x/",
    inputPath: "./content/pages/x.md",
    data: { title: "X", page: { rawInput: '{{ "".constructor.constructor("x")() }}' } },
  };
  const error = await renderTwin(renderer, source, [source]).then(
    () => undefined,
    (reason: Error) => reason,
  );
  assert.match(String(error?.message), /content\/pages\/x\.md: refused/);
  assert.not.ok(rendered, "the source was rendered");
});

test(`content/pages/ holds Markdown pages and its data file; anything else is named, hidden files and \
backups aside`, async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "exp-bank-pages-"));
  try {
    for (const file of [
      "a.md",
      "pages.11tydata.ts",
      "b.njk",
      "guides/c.md",
      "guides/d.11ty.js",
      ".a.md.swp",
      "a.md~",
      ".cache/x.njk",
    ]) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), "");
    }
    assert.equal(
      foreignPageFiles(`${dir}/`).map((file) => path.relative(dir, path.resolve(file))),
      ["b.njk", "guides/d.11ty.js"],
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test(`a page is published as HTML only: a URL ending in / or .html passes, others fail naming the file \
and the permalink's line`, () => {
  checkPageUrls({
    "./content/pages/docs.md": ["/docs/"],
    "./content/pages/a.md": ["/a.html"],
    "./content/pages/b.md": [false],
    "./content/openapi.json.11ty.ts": ["/openapi.json"],
  });
  assert.throws(
    () => checkPageUrls({ "./content/pages/docs.md": ["/docs.js"] }),
    /content\/pages\/docs\.md: the permalink \/docs\.js is not an HTML page/,
  );
});

test.run();
