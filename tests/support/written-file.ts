/**
 * What a build of an edited project wrote, for the tests in tests/builds/ that read one build's files
 * in several tests.
 */
import * as assert from "uvu/assert";
import type { BuildResult } from "./build.ts";

/** A build and the text of each file it wrote. */
export interface WrittenBuild {
  result: BuildResult;
  files: Map<string, string>;
}

/** The text of `file` as `build` wrote it; the build must have succeeded and written the file. */
export async function writtenFile(build: Promise<WrittenBuild>, file: string): Promise<string> {
  const { result, files } = await build;
  assert.ok(result.ok, result.output);
  const text = files.get(file);
  assert.type(text, "string", `the build wrote ${file}`);
  return text!;
}
