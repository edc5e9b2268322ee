import type * as z from "zod/mini";

type Issue = z.core.$ZodIssue;

/** `ranks[6].minGems`: the path of an issue as a reader would write it. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === "number") return `${text}[${key}]`;
    return text ? `${text}.${String(key)}` : String(key);
  }, "");
}

function shown(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  if (value !== null && typeof value === "object") return "an object";
  const text = typeof value === "string" ? JSON.stringify(value) : String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** One issue as `field: problem`, the field named by its path. */
export function describeIssue(issue: Issue, root = ""): string {
  const field = fieldPath(issue.path) || root || "(the whole value)";
  if (issue.code === "unrecognized_keys") {
    const keys = issue.keys.map((key) => `"${key}"`).join(", ");
    const where = fieldPath(issue.path) || root || "the top level";
    return `${where}: unknown key ${keys}; remove it or correct its spelling`;
  }
  if (issue.code === "invalid_value") {
    const allowed = issue.values.map((value) => JSON.stringify(value)).join(" or ");
    return `${field}: must be ${allowed}${"input" in issue ? ` (got ${shown(issue.input)})` : ""}`;
  }
  // An object or array is not echoed: a rule over the whole value (such as a total of several
  // fields) names its fields in its message, and a type error already says what was sent.
  const isStructure = typeof issue.input === "object" && issue.input !== null;
  const echo = !isStructure || (issue.path.length > 0 && issue.code !== "invalid_type");
  const got = issue.input === undefined ? (issue.code === "invalid_type" ? " (it is missing)" : "") : echo ? ` (got ${shown(issue.input)})` : "";
  return `${field}: ${issue.message}${got}`;
}
