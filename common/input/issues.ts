/**
 * A problem found in a value, as zod's `safeParse` reports it and as the page's own checker
 * (`check-input.ts`) does: the fields messages are made of, so zod's issues fit as they are.
 */
import { didYouMean, nearestNames } from "../text/closest-name.ts";

export interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  input?: unknown;
  /** The unknown keys of an `unrecognized_keys` issue. */
  keys?: string[];
  /** The allowed values of an `invalid_value` issue. */
  values?: readonly unknown[];
}

/** `ranks[6].minGems`: the path of an issue as a reader would write it. */
function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === "number") return `${text}[${key}]`;
    return text ? `${text}.${String(key)}` : String(key);
  }, "");
}

/** A value as a message shows it; never calls a caller's own code (a function's or object's `toString`). */
export function shown(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  if (value !== null && typeof value === "object") return "an object";
  if (typeof value === "function") return "a function";
  const text = typeof value === "string" ? JSON.stringify(value.slice(0, 41)) : String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** Unknown keys named in one message; the rest are counted. */
const NAMED_KEYS = 5;

/** A key as compared for "did you mean": case, `_` and `-` ignored. */
const folded = (key: string) => key.toLowerCase().replace(/[_-]/g, "");

/**
 * `unknown key "dayz" (did you mean "days"?); remove it or correct the spelling`: a bounded list,
 * whatever was sent (`"dayz" (did you mean "days"?), "x" and 3 more`), each key with the known field
 * closest to it, at most 2 edits apart once folded.
 */
export function unknownKeysMessage(keys: readonly string[], fields: readonly string[]): string {
  const named = keys.slice(0, NAMED_KEYS).map((key) => {
    const suggestion = nearestNames(key.slice(0, 40), fields, 2, folded)[0];
    return `${shown(key)}${suggestion ? ` (${didYouMean(suggestion)})` : ""}`;
  });
  const rest = keys.length - named.length;
  const plural = keys.length > 1;
  return (
    `unknown key${plural ? "s" : ""} ${named.join(", ")}${rest > 0 ? ` and ${rest} more` : ""}; ` +
    `remove ${plural ? "them" : "it"} or correct the spelling`
  );
}

/**
 * One issue as `field: problem`, the field named by its path. `fields` are the keys the value may
 * have, for a "did you mean" on an unknown key.
 */
export function describeIssue(issue: Issue, root = "", fields: readonly string[] = []): string {
  const at = fieldPath(issue.path) || root;
  if (issue.code === "unrecognized_keys")
    return `${at || "the top level"}: ${unknownKeysMessage(issue.keys ?? [], fields)}`;
  const field = at || "(the whole value)";
  if (issue.code === "invalid_value") {
    const allowed = (issue.values ?? []).map((value) => JSON.stringify(value)).join(" or ");
    return `${field}: must be ${allowed}${"input" in issue ? ` (got ${shown(issue.input)})` : ""}`;
  }
  if (issue.input === undefined)
    return `${field}: ${issue.message}${issue.code === "invalid_type" ? " (it is missing)" : ""}`;
  // An object or array is not echoed: a rule over the whole value (such as a total of several
  // fields) names its fields in its message, and a type error already says what was sent.
  const isStructure = typeof issue.input === "object" && issue.input !== null;
  const echo = !isStructure || (issue.path.length > 0 && issue.code !== "invalid_type");
  return `${field}: ${issue.message}${echo ? ` (got ${shown(issue.input)})` : ""}`;
}
