/**
 * Build-time validation of the `_data` modules: a bad edit fails the build with the file, each
 * field's path and the rule it breaks. Only `_data/` imports this; the browser never runs it.
 */
import type * as z from "zod/mini";
import { describeIssue, shown } from "../common/input/issues.ts";

/** The project's folder as a URL: this module is `contract/validate-data.ts`. */
const PROJECT = new URL("../", import.meta.url).href;

type Issue = z.core.$ZodIssue;

/** What a value is, in words: `the number 160000000`, `an object`. */
const kindOf = (input: unknown) =>
  typeof input === "object" || typeof input === "function"
    ? shown(input)
    : `the ${typeof input} ${shown(input)}`;

/** zod's type errors say "Invalid input"; a data file's writer needs the rule: required, and of which type. */
function withRule(issue: Issue): Issue {
  if (issue.code !== "invalid_type") return issue;
  const expected =
    issue.expected === "string"
      ? 'a string (a decimal value goes in quotes, such as "160000000")'
      : `${/^[aeiou]/.test(issue.expected) ? "an" : "a"} ${issue.expected}`;
  const message =
    issue.input === undefined
      ? `is required: ${expected}`
      : `must be ${expected}, not ${kindOf(issue.input)}`;
  return { code: "custom", path: issue.path, message, input: undefined } as Issue;
}

/** The value, parsed with its schema; otherwise an error naming the file, each field and its rule. */
export function validateData<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  moduleUrl: string,
): z.infer<S> {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  - ${describeIssue(withRule(issue))}`);
  throw new Error(`${moduleUrl.replace(PROJECT, "")} has invalid data:\n${lines.join("\n")}`);
}
