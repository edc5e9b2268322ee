/**
 * MCP `CallToolResult`s: the result as `structuredContent` and the same JSON as a text block, the
 * MCP convention; failures carry `isError: true` and an `ErrorResponse`.
 * See https://modelcontextprotocol.io/specification/2025-06-18/server/tools#tool-result
 */
import type { ErrorResponse } from "../../contract/error-response.ts";
import { describeIssue, type Issue } from "../input/issues.ts";

export interface ToolResult<T> {
  content: [{ type: "text"; text: string }];
  structuredContent: T;
  isError?: true;
}

export function toolResult<T>(structured: T): ToolResult<T> {
  return { content: [{ type: "text", text: JSON.stringify(structured) }], structuredContent: structured };
}

export function errorResult(error: ErrorResponse["error"]): ToolResult<ErrorResponse> {
  return { ...toolResult({ error }), isError: true };
}

/** What went wrong with one input, and what to send instead. */
export interface InputGuidance {
  /** `Send currentGems as …`, by field name. */
  fields: Readonly<Record<string, string>>;
  /** What to send when the input as a whole is wrong (not an object, unknown keys, a rule across fields). */
  whole: string;
  /** What to send when a rule across several fields fails. */
  acrossFields?: string;
}

/** At most this many problems are listed in one message; the rest follow once those are fixed. */
const LISTED_ISSUES = 5;

/** An `invalid_request` result listing each problem by field, with the fix for each field named. */
export function invalidRequest(issues: readonly Issue[], guidance: InputGuidance): ToolResult<ErrorResponse> {
  const listed = issues.slice(0, LISTED_ISSUES);
  const fixes = new Set<string>();
  for (const issue of listed) {
    const field = issue.path[0];
    const fix =
      typeof field === "string" && issue.code !== "unrecognized_keys" ? guidance.fields[field] : undefined;
    const acrossFields =
      issue.code === "custom" && issue.path.length === 0 ? guidance.acrossFields : undefined;
    fixes.add(fix ?? acrossFields ?? guidance.whole);
  }
  const more = issues.length > listed.length ? ` (and ${issues.length - listed.length} more)` : "";
  return errorResult({
    code: "invalid_request",
    message:
      "Invalid input: " +
      `${listed.map((issue) => describeIssue(issue, "input", Object.keys(guidance.fields))).join("; ")}${more}.`,
    resolution: [...fixes].join(" "),
  });
}

/** The result for a failure inside the tool itself, never expected for valid input. */
export function internalError(): ToolResult<ErrorResponse> {
  return errorResult({
    code: "internal_error",
    message: "The calculation could not be completed.",
    resolution:
      "Retry the call. If the problem persists, follow the Support section of this site's API docs to " +
      "report the input you sent.",
  });
}
