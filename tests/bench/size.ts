/** Part 5: the homepage's JavaScript, gzip -9, against its budget. */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { builtSite } from "./common.ts";

const BUDGET = 20 * 1024;
const gzipped = (text: string) => gzipSync(text, { level: 9 }).length;

export async function sizeBench(): Promise<void> {
  const site = await builtSite();
  const bundle = gzipped(await readFile(path.join(site, "assets/calculator.js"), "utf8"));
  const html = await readFile(path.join(site, "index.html"), "utf8");
  const inline = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
  const total = bundle + gzipped(inline.join("\n"));
  console.log("5. Homepage JavaScript, gzip -9 (calculator.js + the inline module script)");
  console.log(
    `    ${bundle} + ${total - bundle} = ${total} bytes (${(total / 1024).toFixed(1)} KB) of the 20 KB ` +
      `budget: ${((100 * total) / BUDGET).toFixed(0)}%`,
  );
}
