/**
 * `/llms.txt` and `/api/llms.txt` follow the llmstxt.org shape (H1, `>` summary, notes without
 * headings, `##` sections of `- [name](url): note` lines), point agents at everything the site has,
 * and say what it does not have; every link in them is absolute (the build's own link check fails
 * on one that names no file or anchor). Read alone, `/llms.txt` teaches the whole
 * calculation: each fact in it is read back from the built text and checked against the data, and
 * its worked example is the tool's answer, whose figures engine.test.ts holds to an exact reference.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { paths } from "../../_data/site.ts";
import endpoints from "../../_data/endpoints.ts";
import { builtSite, readBuilt, ROOT_SITE_URL, PATH_SITE_URL } from "../support/build.ts";
import { TWINNED_PAGES } from "../support/pages.ts";
import { markdownLinks } from "../support/markdown-links.ts";
import { executeTool } from "../../common/tools/execute.ts";
import { UNIT_MAXIMA } from "../support/random-inputs.ts";
import { Decimal as Big } from "decimal.js";
import ranks from "../../_data/ranks.ts";
import { DAILY_INTEREST_RATE, TIME_NORMALIZATION, TOOL_NAMES } from "../../common/constants.ts";
import { CalculateInput } from "../../contract/calculate-input.ts";
import { CALCULATE_LIMITS } from "../../common/input/input-rules.ts";
import { CalculateOutput } from "../../contract/calculate-output.ts";
import { RankList } from "../../contract/rank-list.ts";
import { CalculatorInfo } from "../../contract/calculator-info.ts";

interface LlmsTxt {
  title: string;
  summary: string;
  notes: string[];
  sections: { title: string; links: { name: string; url: string; note: string | null }[] }[];
}

const LINK_LINE = /^- \[([^\]]+)\]\(([^)\s]+)\)(?:: (.+))?$/;

/** Parses an llms.txt file strictly, naming the line that breaks the shape. */
function parseLlmsTxt(text: string): LlmsTxt {
  const lines = text.split("\n");
  let at = 0;
  const title = /^# (\S.*)$/.exec(lines[at++] ?? "")?.[1];
  if (!title) throw new Error("line 1 must be the H1 with the name");
  while (at < lines.length && lines[at]!.trim() === "") at++;
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
    if (!link || !section)
      throw new Error(`line ${at}: expected "- [name](url): note", got ${JSON.stringify(line)}`);
    section.links.push({ name: link[1]!, url: link[2]!, note: link[3] ?? null });
  }
  return { title, summary: summary.join(" "), notes, sections };
}

const allLinks = (guide: LlmsTxt) => guide.sections.flatMap((section) => section.links);

const Shape = suite("llms.txt shape and content");
const site = await builtSite(ROOT_SITE_URL);
/** /llms.txt of the root build, parsed. */
const guide = parseLlmsTxt(await readBuilt(site, paths.agentGuide));

Shape("/llms.txt parses as llmstxt.org: name, summary, notes, sections of links with notes", async () => {
  assert.is(guide.title, "EXP Bank Calculator");
  assert.ok(guide.summary.length > 20, "a real summary");
  assert.ok(guide.notes.length > 0, "notes");
  assert.ok(guide.sections.length >= 3, "sections");
  for (const link of allLinks(guide)) assert.ok(link.note, `${link.name} has a note`);
  assert.is(guide.sections.at(-1)?.title, "Optional", "the skippable section comes last");
});

// The tools' links: the next test, and "each tool link says what that tool returns" (by name).
Shape(
  "each guide links every JSON resource, the contract and the other guide; /llms.txt every twin",
  async () => {
    for (const [file, more] of [
      [paths.agentGuide, [paths.apiAgentGuide, ...TWINNED_PAGES.map((page) => page.twin)]],
      [paths.apiAgentGuide, [paths.agentGuide]],
    ] as const) {
      const urls = allLinks(parseLlmsTxt(await readBuilt(site, file))).map((link) => link.url);
      for (const path of [...endpoints.resources.map((resource) => resource.path), paths.openapi, ...more])
        assert.ok(urls.includes(new URL(path, ROOT_SITE_URL).href), `${file} links ${path}`);
    }
  },
);

Shape(
  "/llms.txt links each tool to its section of the docs' Markdown twin, and lists no link twice",
  async () => {
    const tools = guide.sections.find((section) => section.title === "Tools");
    const docsTwin = new URL(TWINNED_PAGES.find((page) => page.key === "docs")!.twin, ROOT_SITE_URL).href;
    assert.equal(
      tools?.links.map((link) => link.url),
      TOOL_NAMES.map((name) => `${docsTwin}#${name}`),
    );
    const urls = allLinks(guide).map((link) => link.url);
    const twice = urls.filter((url, index) => urls.indexOf(url) !== index);
    assert.equal(twice, [], "links listed twice");
  },
);

Shape(
  "/llms.txt describes a twin's address as the page's path without its trailing slash plus .md",
  async () => {
    const notes = guide.notes.join(" ");
    const docs = TWINNED_PAGES.find((page) => page.key === "docs")!;
    assert.ok(notes.includes("without its trailing slash"), "the rule");
    assert.ok(notes.includes(`\`/${docs.page}\` → \`/${docs.twin}\``), "the docs example");
    assert.ok(notes.includes(`\`/${paths.overview}\``), "the homepage's twin");
    assert.not.ok(notes.includes("URL with `.md` appended"), "not the rule that gives /docs/.md");
  },
);

/**
 * The sentences of an llms.txt file, each line split where a sentence ends (`.`, `!` or `?`, then
 * a space and a capital, a backtick or a quote); a list item's marker is left out, so a list item is
 * a sentence too, and so is a link line. The worked example's JSON (a code block) is not prose.
 */
function sentences(text: string): string[] {
  return text
    .replace(/^```[\s\S]*?^```$/gm, "")
    .split("\n")
    .map((line) => line.replace(/^\s*(?:[->]|\d+\.)\s+/, "").trim())
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[A-Z`"])/))
    .filter(Boolean);
}

/**
 * The clauses of six words or more: sentences split at `,`, `:`, `;` and brackets. The same point
 * restated in another sentence ("A JSON number is read as the double it parses to, never as…" and
 * "…, so one of…") shares such a clause; shorter ones ("rounded up to 8 decimals") may recur.
 */
const longClauses = (all: string[]) =>
  all
    .flatMap((sentence) => sentence.split(/[,:;]\s+|\s+\(|\)\s*/))
    .map((clause) => clause.replace(/[.!?]$/, "").trim())
    .filter((clause) => clause.split(/\s+/).length >= 6);

const repeated = (items: string[]) => [
  ...new Set(items.filter((item, index) => items.indexOf(item) !== index)),
];

Shape(
  "/llms.txt says each thing once: no sentence, and no clause of six words or more, appears twice",
  async () => {
    const all = sentences(await readBuilt(site, paths.agentGuide));
    assert.ok(all.length > 100, `${all.length} sentences read`);
    assert.equal(repeated(all), [], "sentences said twice");
    assert.equal(repeated(longClauses(all)), [], "clauses said twice");
  },
);

Shape(
  "the sentence reader splits at sentence ends and skips code; the clause reader finds a restatement",
  () => {
    assert.equal(
      sentences("A rate of 0.003 a day. `x` is 1.\n- An item. Then more!\n```json\n{}\n```\n1. Step."),
      ["A rate of 0.003 a day.", "`x` is 1.", "An item.", "Then more!", "Step."],
    );
    const restated = sentences(
      "A JSON number is read as the double it parses to, never as the digits you wrote. " +
        "A JSON number is read as the double it parses to, so 2^53 is refused (send strings).",
    );
    assert.equal(repeated(longClauses(restated)), ["A JSON number is read as the double it parses to"]);
  },
);

Shape("/llms.txt says plainly what the site does not have", async () => {
  const notes = guide.notes.join(" ");
  assertSays(notes, ["no OAuth", "no accounts", "no MCP server transport", "no JSON error bodies"]);
});

Shape("the parser rejects files that break the shape", () => {
  assert.throws(() => parseLlmsTxt("No heading\n"), /H1/);
  assert.throws(() => parseLlmsTxt("# Name\n\nno summary\n"), /summary/);
  assert.throws(() => parseLlmsTxt("# Name\n\n> Summary\n\n### Sub\n"), /headings/);
  assert.throws(() => parseLlmsTxt("# Name\n\n> Summary\n\n## Docs\n\n- a bare line\n"), /expected/);
});

Shape.run();

/** The notes of an llms.txt file as Markdown blocks (paragraphs, lists, code), in order. */
function noteBlocks(text: string): string[] {
  const beforeSections = text.split(/\n## /)[0]!;
  return beforeSections.split(/\n{2,}/).slice(2);
}

/** The one note that starts with `prefix`; fails naming the missing fact. */
function note(blocks: string[], prefix: string): string {
  const found = blocks.filter((block) => block.startsWith(prefix));
  assert.is(found.length, 1, `one note starting "${prefix}"`);
  return found[0]!;
}

/** The first match of `pattern` in `text`, or a failure naming the fact that is missing. */
function find(text: string, pattern: RegExp, fact: string): RegExpExecArray {
  const match = pattern.exec(text);
  if (!match)
    throw new Error(
      `the guide does not state ${fact}: no match for ${pattern} in ${JSON.stringify(text.slice(0, 200))}`,
    );
  return match;
}

/** `text` says each of `phrases`, word for word; a failure names the missing phrase. */
function assertSays(text: string, phrases: string[]): void {
  for (const phrase of phrases) assert.ok(text.includes(phrase), phrase);
}

/** Undoes Markdown backslash escapes: what a reader of the rendered text sees. */
const unescapeMarkdown = (text: string) => text.replace(/\\([!-/:-@[-`{-~])/g, "$1");

/** The ranks a block lists, one a line (`indent- name: minGems gems, label displayValue`), as the data has them. */
const rankLines = (block: string, indent: string) =>
  [...block.matchAll(new RegExp(`^${indent}- (.+): (\\d+) gems, label (.+)$`, "gm"))].map((match) => ({
    name: unescapeMarkdown(match[1]!),
    minGems: match[2]!,
    displayValue: unescapeMarkdown(match[3]!),
  }));

const Exact = Big.clone({ precision: 100, rounding: Big.ROUND_HALF_UP });
const fixed8 = (value: Big) => value.toFixed(8, Big.ROUND_HALF_UP);
const groupedNumber = (text: string) => Number(text.replaceAll(",", ""));

const Teaches = suite("/llms.txt alone teaches the calculation, and agrees with the data");
const pathSite = await builtSite(PATH_SITE_URL);
const guideText = await readBuilt(pathSite, paths.agentGuide);
const blocks = noteBlocks(guideText);
/** The worked example's result, as the guide shows it. */
const exampleOutput = () =>
  JSON.parse(
    find(note(blocks, "Worked example"), /```json\n([\s\S]*?)\n```/, "the example's output")[1]!,
  ) as Record<string, string>;

Teaches("the formula, the rate and the time constants", () => {
  const time = TIME_NORMALIZATION;
  const constants = [time.yearDays, time.monthDays, time.hoursPerDay, time.minutesPerDay, time.secondsPerDay];
  const growth = note(blocks, "How the balance grows:");
  assert.ok(
    growth.includes(`futureGems = currentGems × (1 + ${DAILY_INTEREST_RATE})^durationDays`),
    "the growth formula with the rate",
  );
  const [, rate, percent] = find(growth, /The daily rate r is (\S+) \((\S+)% a day\)/, "the daily rate");
  assert.is(rate, DAILY_INTEREST_RATE);
  assert.is(percent, new Big(DAILY_INTEREST_RATE).times(100).toString());
  const formula = find(
    growth,
    new RegExp(
      String.raw`durationDays = years × (\d+) \+ months × (\d+) \+ days \+ ` +
        String.raw`hours ÷ (\d+) \+ minutes ÷ (\d+) \+ seconds ÷ (\d+)`,
    ),
    "how times become days",
  );
  assert.equal(formula.slice(1).map(Number), constants);
  const words = find(
    growth,
    /A year is (\d+) days, a month (\d+) days, and a day (\d+) hours, ([\d,]+) minutes or ([\d,]+) seconds/,
    "the time constants in words",
  );
  assert.equal(words.slice(1).map(groupedNumber), constants);
  assert.ok(growth.includes(`(1 + ${DAILY_INTEREST_RATE})^0.5`), "what half a day does");
  assert.not.ok(/compounds daily/i.test(guideText), '"compounds daily" misreads growth within the day');
});

Teaches("the limits, from CALCULATE_LIMITS", () => {
  const limits = note(blocks, "Limits:");
  const { maxGems, maxDurationDays, maxStringLength } = CALCULATE_LIMITS;
  const amounts = /currentGems, goalGems and additionalGems are each greater than 0 and at most (\d+)/;
  assert.is(find(limits, amounts, "the largest amount")[1], maxGems);
  const [, asString, quoted, asNumber] = find(
    limits,
    /at most (\d+) as a decimal string \("(\d+)"\) and less than (\d+) \(2\^53\) as a JSON number/,
    "the largest amount in each form, side by side",
  );
  assert.equal([asString, quoted, asNumber], [maxGems, maxGems, String(2n ** 53n)]);
  assert.ok(limits.includes("A JSON number is read as the double it parses to"), "what a JSON number is");
  assert.ok(limits.includes("send such amounts as decimal strings"), "the fix");
  assert.ok(limits.includes("1e400, arrives as null"), "a literal too large for a double");
  const duration = find(limits, /together at most (\d+) days \((\d+) years\)/, "the longest duration");
  assert.equal(
    [Number(duration[1]), Number(duration[2])],
    [maxDurationDays, maxDurationDays / TIME_NORMALIZATION.yearDays],
  );
  assert.is(
    Number(find(limits, /a decimal string has at most (\d+) characters/, "the longest string")[1]),
    maxStringLength,
  );
});

Teaches(
  "the rounding: 8 decimals half-up from the exact value, the time to a target up (8 decimals, the whole second)",
  () => {
    assertSays(note(blocks, "Rounding:"), [
      "exactly 8 decimals",
      "the exact value rounded half-up",
      "rounded once at the end",
      "`daysToReach` to 8 decimals and `duration` to the whole second",
    ]);
  },
);

Teaches("the rank rule and every threshold of the rank data, in order", () => {
  const block = note(blocks, "Ranks:");
  assert.ok(
    block.includes("a balance holds the highest rank whose minGems ≤ the balance"),
    "the rule, with ≥ spelt out",
  );
  assert.equal(block.split("\n").length - 1, ranks.ranks.length, "a line a rank");
  assert.equal(rankLines(block, ""), ranks.ranks);
});

Teaches("what each input means: additionalGems is a target, not a deposit", () => {
  const inputs = note(blocks, "Inputs of calculate-exp-growth:");
  for (const key of Object.keys(CalculateInput.shape)) assert.ok(inputs.includes(`\n- \`${key}\``), key);
  const additional = find(inputs, /^- `additionalGems`.*$/m, "additionalGems")[0];
  assertSays(additional, ["not a deposit", "does not change futureGems", "add it to currentGems"]);
  assert.ok(/^- `goalGems`: A target total balance/m.test(inputs), "goalGems is a total");
});

Teaches("every result field, with nextRank measured from the current balance", () => {
  const fields = note(blocks, "Result fields of calculate-exp-growth");
  const listed = [...fields.matchAll(/^- `(\w+)`:/gm)].map((match) => match[1]);
  assert.equal(listed, Object.keys(CalculateOutput.shape));
  const remember = note(blocks, "Things to remember:");
  assert.ok(
    /nextRank[^\n]*measured from the current balance/.test(remember),
    "nextRank from the current balance",
  );
});

// Its figures are the tool's, which engine.test.ts holds to an exact reference (this input among them).
Teaches("the worked example is the tool's answer to its input, every result field in order", () => {
  const example = note(blocks, "Worked example");
  const input = JSON.parse(find(example, /Input: `(\{.*?\})`/, "the example's input")[1]!) as unknown;
  assert.equal(input, { currentGems: 1000000, days: 30 });
  const output = exampleOutput();
  assert.equal(Object.keys(output), Object.keys(CalculateOutput.shape), "every result field, in order");
  assert.is(output.futureGems, "1094026.87487131", "the value a reader can check by hand");
  const answer = executeTool("calculate-exp-growth", input, ranks).structuredContent;
  assert.equal(output, JSON.parse(JSON.stringify(answer)));
});

Teaches(
  "how to compute without WebMCP: decimal arithmetic, the precision warning and a recipe to the end",
  () => {
    const recipe = note(blocks, "To compute without WebMCP");
    assertSays(recipe, [
      "never float64",
      "about 15 significant digits",
      "exp(durationDays × ln(1 + r))",
      "ln(target ÷ currentGems) ÷ ln(1 + r)",
      "daysToReach = ceil(t × 10^8) ÷ 10^8",
      "duration = ceil(t × 86400) seconds",
      "8 decimals half-up",
      "ROUND_HALF_UP",
    ]);
    const { maxGems, maxDurationDays } = CALCULATE_LIMITS;
    const largest = new Exact(maxGems)
      .times(new Exact(DAILY_INTEREST_RATE).plus(1).pow(maxDurationDays))
      .toFixed(0).length;
    assert.is(
      Number(find(recipe, /futureGems reaches (\d+) digits before the point/, "how large results get")[1]),
      largest,
    );
    assert.ok(
      Number(find(recipe, /at least (\d+) significant digits/, "the precision to carry")[1]) >= largest + 8,
      "enough digits for the largest result and its 8 decimals",
    );
  },
);

Teaches("things to remember: each common mistake, with numbers that agree", () => {
  const time = TIME_NORMALIZATION;
  const remember = note(blocks, "Things to remember:");
  const output = exampleOutput();
  const [, hourly, product, daily] = find(
    remember,
    /24 × (\d+\.\d{8}) = (\d+\.\d{8}), not (\d+\.\d{8})/,
    "24 × profitPerHour against profitPerDay",
  );
  assert.is(hourly, output.profitPerHour);
  assert.is(daily, output.profitPerDay);
  assert.is(product, fixed8(new Exact(hourly!).times(time.hoursPerDay)));
  assert.not.ok(new Exact(product!).eq(daily!), "the two differ");
  assert.ok(
    remember.includes("profitPerDay is simple interest") && remember.includes("profitPerHour compounds"),
    "which one compounds",
  );
  assert.ok(remember.includes("a fraction of a day grows by the same formula"), "fractions of a day");
  const month = find(
    remember,
    /A month is (\d+) days and a year (\d+) days[^\n]*12 months are (\d+) days/,
    "the month",
  );
  assert.equal(month.slice(1).map(Number), [time.monthDays, time.yearDays, 12 * time.monthDays]);
});

// The numbers these rules give (targetGems, reached, daysToReach, every part of a duration and its
// text) are engine.test.ts's, against its exact reference on thousands of inputs.
Teaches(
  "goal, additional, daysToReach and durations: the guide lists every field a result has, with its rule",
  () => {
    const fields = note(blocks, "Result fields of calculate-exp-growth");
    /** The sub-list under a result field: `key`: description, one a line. */
    const subFields = (key: string) => {
      const list = find(
        fields,
        new RegExp(`^- \`${key}\`:[^\n]*\n((?: {2}- [^\n]*\n?)+)`, "m"),
        `the fields of ${key}`,
      )[1]!;
      return new Map([...list.matchAll(/^ {2}- `(\w+)`: (.*)$/gm)].map((match) => [match[1]!, match[2]!]));
    };
    const goalFields = subFields("goal");
    const additionalFields = subFields("additional");
    assert.match(goalFields.get("targetGems")!, /goalGems/);
    assert.match(additionalFields.get("targetGems")!, /^currentGems \+ additionalGems/);
    assert.match(additionalFields.get("additionalGems")!, /not a deposit/);
    assert.match(goalFields.get("reached")!, /futureGems ≥ targetGems/);
    assert.match(
      subFields("milestones").get("daysToReach")!,
      /ln\(target ÷ currentGems\) ÷ ln\(1 \+ dailyInterestRate\), rounded up to 8 decimals/,
    );
    // goal and additional name the fields they share with a milestone or goal, described there once.
    for (const name of ["daysToReach", "duration"])
      assert.is(goalFields.get(name), "as a milestone's, towards targetGems.", `goal's ${name}`);
    for (const name of ["reached", "daysToReach", "duration"])
      assert.is(additionalFields.get(name), "as `goal`'s, towards targetGems.", `additional's ${name}`);
    const days = note(blocks, "Days to reach a target:");
    assertSays(days, [
      "t = ln(target ÷ currentGems) ÷ ln(1 + r) exactly",
      "`daysToReach` is t rounded up to 8 decimals",
      "`duration` is t rounded up to the whole second",
      "growing for either reaches the target",
      'Answer "how many days?" with daysToReach',
    ]);
    const durations = note(blocks, "Durations (");
    const durationKeys = [...durations.matchAll(/^- `(\w+)`:/gm)].map((match) => match[1]!);
    const textRule = find(durations, /^- `text`: (.*)$/m, "the duration text rule")[1]!;
    assertSays(textRule, [
      "non-zero parts",
      "largest first",
      'joined by ", "',
      "singular for 1",
      "parts that are 0 are left out",
      '"0 seconds" when there is no time left',
    ]);

    const input = { currentGems: 1000, goalGems: 2000, additionalGems: 500, days: 30 };
    const result = executeTool("calculate-exp-growth", input, ranks).structuredContent as CalculateOutput;
    assert.equal(Object.keys(result.goal!).sort(), [...goalFields.keys()].sort(), "goal's fields");
    assert.equal(Object.keys(result.additional!).sort(), [...additionalFields.keys()].sort(), "additional's");
    assert.equal(Object.keys(result.goal!.duration).sort(), durationKeys.sort(), "a duration's fields");
  },
);

// That each can be sent and one more is refused is tools.test.ts's "each time field alone may be sent at its
// advertised maximum".
Teaches("the per-unit limits are the whole 36,500 days in each unit, rounded down", () => {
  const limits = note(blocks, "Limits:");
  const listed = find(limits, /rounded down: ([^;]+);/, "each unit's limit")[1]!;
  const maxima = Object.fromEntries(listed.split(", ").map((part) => part.split(" ") as [string, string]));
  for (const [unit, max] of Object.entries(UNIT_MAXIMA)) assert.is(Number(maxima[unit]), max, unit);
  assert.not.ok(guideText.includes("1217"), "1217 months are 36,510 days");
});

Teaches("each tool link says what that tool returns, in its own words", () => {
  const tools = parseLlmsTxt(guideText).sections.find((section) => section.title === "Tools")!;
  const [calculate, list] = TOOL_NAMES.map(
    (name) => tools.links.find((link) => link.name === name)?.note ?? "",
  );
  assert.is.not(calculate, list, "distinct notes");
  for (const key of Object.keys(CalculateOutput.shape))
    assert.ok(calculate!.includes(`\`${key}\``), `calculate-exp-growth returns ${key}`);
  for (const key of Object.keys(RankList.shape))
    assert.ok(list!.includes(`\`${key}\``), `list-exp-ranks returns ${key}`);
  assert.ok(list!.includes(new URL(paths.ranks, PATH_SITE_URL).href), "the same body as the ranks resource");
});

Teaches.run();

const ApiGuide = suite(
  "/api/llms.txt states each resource's fields and values, and agrees with the published files",
);
const apiBlocks = noteBlocks(await readBuilt(pathSite, paths.apiAgentGuide));

ApiGuide("each resource's fields come from its schema and each value equals the built file", async () => {
  for (const [path, schema, keys] of [
    [paths.info, "CalculatorInfo", Object.keys(CalculatorInfo.shape)],
    [paths.ranks, "RankList", Object.keys(RankList.shape)],
  ] as const) {
    const block = note(apiBlocks, `${new URL(path, PATH_SITE_URL).href} (${schema}) holds:`);
    const body = JSON.parse(await readBuilt(pathSite, path)) as Record<string, unknown>;
    const fields = [...block.matchAll(/^- `(\w+)`: /gm)].map((match) => match[1]!);
    assert.equal(fields, [...keys], `${path}: every field, in order`);
    for (const key of keys) {
      if (key === "ranks") continue;
      const value = find(block, new RegExp(`^- \`${key}\`: .*; value \`(.*)\`$`, "m"), `${path} ${key}`)[1]!;
      assert.equal(JSON.parse(value), body[key], `${path} ${key}`);
    }
  }
  const ranksBlock = note(apiBlocks, `${new URL(paths.ranks, PATH_SITE_URL).href} (RankList) holds:`);
  assert.equal(rankLines(ranksBlock, "  "), ranks.ranks, "every threshold");
  assert.not.ok(
    /compounds daily/i.test(await readBuilt(pathSite, paths.info)),
    "the rate's description says how fractions of a day grow",
  );
});

ApiGuide(
  "/api/llms.txt says there is no authentication, no error body from the host, and where calculations are",
  async () => {
    assertSays(apiBlocks.join("\n"), [
      "no credentials",
      "cannot emit them",
      "HTML 404 page",
      "nothing is calculated over HTTP",
      new URL(paths.agentGuide, PATH_SITE_URL).href,
    ]);
  },
);

ApiGuide.run();

const Links = suite("llms.txt links");

for (const siteUrl of [ROOT_SITE_URL, PATH_SITE_URL]) {
  Links(
    "every link in the agent guides and llms-full.txt is an absolute URL under SITE_URL or another " +
      `site's (SITE_URL ${siteUrl})`,
    async () => {
      const dir = await builtSite(siteUrl);
      const links: string[] = [];
      for (const file of [paths.agentGuide, paths.apiAgentGuide])
        links.push(...allLinks(parseLlmsTxt(await readBuilt(dir, file))).map((link) => link.url));
      links.push(...markdownLinks(await readBuilt(dir, paths.fullAgentGuide)));
      assert.ok(links.length > 20, "the guides have links");
      // A bare fragment or path in a text file names nothing once the file is read on its own.
      const relative = links.filter((link) => !/^https?:\/\//.test(link));
      assert.equal(relative, [], "links that are not absolute URLs");
      const own = links.filter((link) => new URL(link).origin === new URL(siteUrl).origin);
      const outside = own.filter((link) => !link.startsWith(siteUrl));
      assert.equal(outside, [], `links outside ${siteUrl}`);
    },
  );
}

Links.run();
