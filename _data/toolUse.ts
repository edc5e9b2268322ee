// Derived, not written by hand: how to call the tools without WebMCP, and a rank already held, from the tools.
/**
 * `toolUse`: what the docs and `/llms.txt` show beyond each tool's own example. `module` is the
 * module of the two tools for code (`_config/bundle.ts` builds it at `site.paths.toolsModule`): its
 * URL, its file name and a few lines that import it and call it with the worked example's input.
 * `rankHeld` is a real call, made when the site builds, whose balance already holds a rank and
 * whose goal is at or below the balance. `refused` is a call with a balance of zero and a misspelt
 * key, and the error result the tool returns for it.
 */
import path from "node:path";
import { TOOL_NAMES } from "../common/constants.ts";
import { INPUT_EXAMPLE } from "../common/input/input-rules.ts";
import { executeTool } from "../common/tools/execute.ts";
import rankList from "./ranks.ts";
import site from "./site.ts";

const file = path.posix.basename(site.paths.toolsModule);

/** The module's export of each tool, its name in camel case (`assets/tools/exp-bank.ts`): `calculateExpGrowth`. */
const [calculate, list] = TOOL_NAMES.map((name) =>
  name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()),
);

/**
 * The rank-held call: a balance between a rank's threshold and the next (the third rank from the top,
 * or the lowest in a shorter table), with that threshold as its goal.
 */
const { ranks } = rankList;
const index = Math.max(0, ranks.length - 3);
const held = BigInt(ranks[index]!.minGems);
const next = ranks[index + 1] ? BigInt(ranks[index + 1]!.minGems) : 2n * held;
const rankHeldCall = { currentGems: String((held + next) / 2n), goalGems: String(held) };
const rankHeldResult = executeTool("calculate-exp-growth", rankHeldCall, rankList);
if (rankHeldResult.isError)
  throw new Error(
    `_data/toolUse.ts: the rank-held example ${JSON.stringify(rankHeldCall)} was refused: ` +
      `${JSON.stringify(rankHeldResult.structuredContent)}; give _data/ranks.ts a rank above 0 gems`,
  );

const refusedCall = { currentGems: 0, dayz: 30 };

export default {
  module: {
    url: site.urls.toolsModule,
    file,
    exports: { calculate, list },
    /** An ES module that imports the tools module from beside it and prints the worked example's balance. */
    recipe: [
      `import { ${calculate}, ${list} } from "./${file}";`,
      `const result = ${calculate}(${JSON.stringify(INPUT_EXAMPLE)});`,
      "console.log(result.isError ? result.structuredContent.error : result.structuredContent.futureGems);",
    ].join("\n"),
  },
  rankHeld: { input: rankHeldCall, result: rankHeldResult },
  refused: {
    tool: "calculate-exp-growth",
    input: refusedCall,
    result: executeTool("calculate-exp-growth", refusedCall, rankList),
  },
};
