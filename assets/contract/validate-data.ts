/**
 * Build-time validation of the `_data` modules: a bad edit fails the build with the file, each
 * field's path and the rule it breaks. Only `_data/` imports this; the browser never runs it.
 */
import type * as z from "zod/mini";
import { describeIssue } from "./issues.ts";

/** `_data/ranks.ts` from a module's `import.meta.url`, for error messages. */
export function dataFileName(moduleUrl: string): string {
  const path = new URL(moduleUrl).pathname;
  const at = path.lastIndexOf("/_data/");
  return at >= 0 ? path.slice(at + 1) : path;
}

/** The value, parsed with its schema; otherwise an error naming the file, each field and its rule. */
export function validateData<S extends z.ZodMiniType>(schema: S, value: unknown, moduleUrl: string): z.infer<S> {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  - ${describeIssue(issue)}`);
  throw new Error(`${dataFileName(moduleUrl)} has invalid data:\n${lines.join("\n")}`);
}
