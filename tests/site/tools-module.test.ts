/**
 * The published tools module (`site.paths.toolsModule`), as an agent that runs code uses it: the
 * built file alone in an empty folder, imported by a bare Node process (no project, no DOM, no
 * environment). Its answers are the page's tools' answers (`executeTool`, run here; not the same code
 * path as the bundle) on the engine's corners and seeded random inputs, and its rank table is the
 * published one.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { execFile } from "node:child_process";
import { copyFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { paths } from "../../_data/site.ts";
import rankList from "../../_data/ranks.ts";
import { executeTool } from "../../common/tools/execute.ts";
import type { ToolName } from "../../common/constants.ts";
import type { ToolResult } from "../../common/tools/result.ts";
import { builtSite, PATH_SITE_URL, readBuilt, withTempDir } from "../support/build.ts";
import { CORNERS as ENGINE_CORNERS, inputDrawer, SEED } from "../support/random-inputs.ts";

const run = promisify(execFile);

/** The module's exports, by the tool each runs. */
const EXPORTS: Record<ToolName, string> = {
  "calculate-exp-growth": "calculateExpGrowth",
  "list-exp-ranks": "listExpRanks",
};

/** One call: the tool, and its input (none when absent, as `listExpRanks()`). */
type Call = { tool: ToolName; input?: unknown };

const site = await builtSite(PATH_SITE_URL);

/**
 * What `node --input-type=module` prints, given `args` and `stdin`, in a folder holding the built
 * module alone, with no environment.
 */
async function beside(args: readonly string[], stdin: string): Promise<string> {
  return withTempDir("tools-module", async (folder) => {
    await copyFile(path.join(site, paths.toolsModule), path.join(folder, path.basename(paths.toolsModule)));
    const child = run(process.execPath, ["--input-type=module", ...args], {
      cwd: folder,
      env: {},
      maxBuffer: 256 * 1024 * 1024,
    });
    child.child.stdin!.end(stdin);
    return (await child).stdout;
  });
}

/** Each call's result from the built module: the calls go in on stdin as JSON, the results come out on stdout. */
async function moduleResults(calls: readonly Call[]): Promise<ToolResult<any>[]> {
  const callsJson = JSON.stringify(
    calls.map(({ tool, input }) => [EXPORTS[tool], ...(input === undefined ? [] : [input])]),
  );
  const callEach =
    `import * as tools from "./${path.basename(paths.toolsModule)}"; import { readFileSync } from "node:fs"; ` +
    'const calls = JSON.parse(readFileSync(0, "utf8")); ' +
    "process.stdout.write(JSON.stringify(calls.map(([name, ...input]) => tools[name](...input))));";
  return JSON.parse(await beside(["--eval", callEach], callsJson)) as ToolResult<any>[];
}

/** The engine's corners (its tests hold each to an independent reference) and a rank already held. */
const CORNERS: Call[] = [
  ...[
    ...ENGINE_CORNERS,
    { currentGems: "1000", goalGems: `1000.${"0".repeat(55)}1` },
    { currentGems: `1000.${"0".repeat(55)}1`, goalGems: "1000" },
    { currentGems: "5000000000", goalGems: "4000000000", days: 1 },
    { currentGems: rankList.ranks.at(-1)!.minGems },
  ].map((input) => ({ tool: "calculate-exp-growth" as const, input })),
  { tool: "list-exp-ranks" },
  { tool: "list-exp-ranks", input: {} },
];

/** Mistakes a caller makes: each an `invalid_request` result, never a throw. */
const MISTAKES: Call[] = [
  ...[
    {},
    { currentGems: 0 },
    { currentGems: 2 ** 53 },
    { currentGems: "1e5" },
    { currentGems: 1, days: 36500, hours: 1 },
    { currentGems: 1, dayz: 3 },
    null,
    "1000000",
    [],
  ].map((input) => ({ tool: "calculate-exp-growth" as const, input })),
  { tool: "list-exp-ranks", input: { extra: 1 } },
];

const RANDOM_CASES = 1000;

test("the module is one file with no DOM or model context, and llms.txt and the docs name its URL", async () => {
  const text = await readBuilt(site, paths.toolsModule);
  assert.not.match(text, /\bdocument\b|\bwindow\b|navigator|modelContext/);
  assert.not.match(text, /\bimport\b[^(]/, "it imports nothing");
  const url = new URL(paths.toolsModule, PATH_SITE_URL).href;
  assert.ok((await readBuilt(site, paths.agentGuide)).includes(url), `llms.txt names ${url}`);
  assert.ok((await readBuilt(site, "docs.md")).includes(url), `the docs name ${url}`);
});

test("the recipe in llms.txt and the docs runs beside the module and prints the worked example's balance", async () => {
  const fence = /```js\n([\s\S]*?)\n```/;
  const recipe = fence.exec(await readBuilt(site, paths.agentGuide))?.[1];
  assert.ok(recipe, "llms.txt has a js recipe");
  assert.is(fence.exec(await readBuilt(site, "docs.md"))?.[1], recipe, "the docs show the same recipe");
  // 1,000,000 gems for 30 days, checked by hand in the engine's tests.
  assert.is(await beside([], recipe!), "1094026.87487131\n");
});

test(`it answers as the page's tools: corners, mistakes, ${RANDOM_CASES} random inputs (seed ${SEED})`, async () => {
  const draw = inputDrawer(SEED);
  const random = Array.from({ length: RANDOM_CASES }, () => ({
    tool: "calculate-exp-growth" as const,
    input: draw(),
  }));
  const calls = [...MISTAKES, ...CORNERS, ...random];
  const results = await moduleResults(calls);
  // Each is the page's tools' result, as JSON (what an agent receives).
  assert.is(results.length, calls.length);
  calls.forEach((call, index) => {
    const expected = JSON.parse(JSON.stringify(executeTool(call.tool, call.input, rankList))) as unknown;
    assert.equal(
      results[index],
      expected,
      `the module and the page's tools differ on ${JSON.stringify(call)}`,
    );
  });
  results.slice(0, MISTAKES.length).forEach((result, index) => {
    const where = JSON.stringify(MISTAKES[index]);
    assert.is(result.isError, true, where);
    assert.is(result.structuredContent.error.code, "invalid_request", where);
  });
  results
    .slice(MISTAKES.length, MISTAKES.length + CORNERS.length)
    .forEach((result, index) => assert.is(result.isError, undefined, JSON.stringify(CORNERS[index])));
});

// The figures a reader can check by hand (1,000,000 gems for 30 days, 1,000 for 36,500 days, a tie, a goal
// exactly 3 days away) are engine.test.ts's; the module gives the page's tools' answers, above.
test("its rank table is /api/ranks.json", async () => {
  const [ranks] = await moduleResults([{ tool: "list-exp-ranks" }]);
  assert.equal(ranks!.structuredContent, JSON.parse(await readBuilt(site, paths.ranks)));
  assert.equal(JSON.parse(ranks!.content[0]!.text), ranks!.structuredContent);
});

test.run();
