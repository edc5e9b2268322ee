/**
 * Runs the browser test files whose names match the pattern given, one after another in this process,
 * as `uvu tests/browser PATTERN` does, sharing one Chromium (support/browser.ts `testBrowser`), which
 * it closes once the last file is done, so that the process ends. tests/run.ts starts a few of these.
 */
import { parse } from "uvu/parse";
import { run } from "uvu/run";
import { closeTestBrowser } from "./browser.ts";

const { suites } = await parse("tests/browser", process.argv[2]);
try {
  await run(suites);
} finally {
  await closeTestBrowser();
}
