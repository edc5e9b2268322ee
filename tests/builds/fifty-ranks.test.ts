/**
 * A rank edit fits: a table of fifty ranks (the rank schema's maximum) builds, reaches
 * `/api/ranks.json` and the homepage, and the homepage's code stays within its budget
 * (`tests/site/homepage-size.test.ts`), the table being data measured apart.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { paths } from "../../_data/site.ts";
import { MAX_RANKS } from "../../contract/rank-list.ts";
import { buildInProcess, readBuilt, ROOT_SITE_URL, withOutput, withProjectCopy } from "../support/build.ts";
import { homepageScripts, overBudget, rankTableSize } from "../support/homepage-scripts.ts";

/** Rank `index` of the table: thresholds 0, 100M, 200M, … 4.9B (its label is derived from them). */
function rank(index: number): string {
  const minGems = index === 0 ? "0" : `${index * 100}000000`;
  return `{ name: "Tier ${index + 1} Gemkeeper", minGems: "${minGems}" },`;
}

test(`a table of ${MAX_RANKS} ranks builds, and the homepage's code stays within its budget`, () =>
  withProjectCopy((project) =>
    withOutput(project, async (output) => {
      const file = path.join(project, "_data/ranks.ts");
      const table = await readFile(file, "utf8");
      const rows = Array.from({ length: MAX_RANKS }, (_, index) => rank(index));
      const edited = table.replace(/(\n\s*ranks: \[\n)[\s\S]*?(\n\s*\],\n)/, `$1${rows.join("\n")}$2`);
      assert.ok(edited !== table, "_data/ranks.ts holds a `ranks: [ … ],` table to replace");
      await writeFile(file, edited);

      const built = await buildInProcess(project, output, ROOT_SITE_URL);
      assert.ok(built.ok, built.output);
      const ranks = JSON.parse(await readBuilt(output, paths.ranks)).ranks as { name: string }[];
      assert.equal(ranks.at(-1)?.name, `Tier ${MAX_RANKS} Gemkeeper`, "the fiftieth rank is published");
      assert.match(await readBuilt(output, "index.html"), `>Tier ${MAX_RANKS} Gemkeeper</button>`);
      assert.match(await readBuilt(output, "index.html"), "Tier 50 Gemkeeper (4.9B+)");
      const scripts = await homepageScripts(output, ROOT_SITE_URL);
      assert.is(overBudget(scripts, await rankTableSize(output, scripts)), "");
    }),
  ));

test.run();
