/**
 * The tools' only runtime check of their input, in the page and in Node: the rules and messages
 * of `input-rules.ts`, every problem reported with its field. The zod schemas describe the same
 * shape for JSON Schema and run nowhere; `tests/unit/check-input.test.ts` holds this checker and ajv,
 * reading the published `inputSchema`, to the same answers.
 */
import type { CalculateInput } from "../../contract/calculate-input.ts";
import type { ListRanksInput } from "../../contract/list-ranks-input.ts";
import { unknownKeysMessage, type Issue } from "./issues.ts";
import {
  AMOUNT_RULES,
  DECIMAL_NUMBER,
  LOSSY_NUMBER_MESSAGE,
  NOT_AN_EMPTY_OBJECT,
  NOT_AN_OBJECT,
  decimalMistake,
  durationTotalMistake,
  lossyNumber,
  inRange,
  kindMistake,
  rangeMessage,
  tooLong,
  type AmountRule,
} from "./input-rules.ts";

/** The checked value, or the issues found, each with the offending value as `input`. */
export type CheckResult<T> = { success: true; data: T } | { success: false; error: { issues: Issue[] } };

const FIELDS = AMOUNT_RULES.map((rule) => rule.field);

/**
 * The one problem of a present value, if any. `hard` marks the problems after which the time
 * total is not added up: a value of the wrong kind, or too long to look at. A `custom` issue on a
 * field is one JSON Schema cannot state (a decimal string's value).
 */
function amountIssue(
  value: unknown,
  rule: AmountRule,
): { code: string; message: string; hard?: true } | undefined {
  if (typeof value === "number" && Number.isFinite(value)) {
    if (!inRange(value, rule))
      return { code: value > 0 ? "too_big" : "too_small", message: rangeMessage(rule) };
    return lossyNumber(value) ? { code: "too_big", message: LOSSY_NUMBER_MESSAGE } : undefined;
  }
  if (typeof value !== "string" || tooLong(value))
    return { code: "invalid_union", message: kindMistake(value), hard: true };
  if (!DECIMAL_NUMBER.test(value)) return { code: "invalid_format", message: decimalMistake(value) };
  return inRange(value, rule) ? undefined : { code: "custom", message: rangeMessage(rule) };
}

/** The issue naming every key of `input` outside `known` (as `for…in` lists them), if there is one. */
function unknownKeysIssue(input: object, known: readonly string[]): Issue | undefined {
  const keys: string[] = [];
  for (const key in input) if (!known.includes(key)) keys.push(key);
  if (keys.length === 0) return undefined;
  return { code: "unrecognized_keys", keys, path: [], message: unknownKeysMessage(keys, known), input };
}

const isObject = (input: unknown): input is Record<string, unknown> =>
  typeof input === "object" && input !== null && !Array.isArray(input);

const failure = <T>(issues: Issue[]): CheckResult<T> => ({ success: false, error: { issues } });

/** Checks a `calculate-exp-growth` input: every problem with its field, or the input as checked. */
export function safeParseCalculateInput(input: unknown): CheckResult<CalculateInput> {
  if (!isObject(input)) return failure([{ code: "invalid_type", path: [], message: NOT_AN_OBJECT, input }]);
  const data: Record<string, unknown> = {};
  const issues: Issue[] = [];
  let hard = false;
  for (const rule of AMOUNT_RULES) {
    const value = input[rule.field];
    const present = rule.field in input;
    const issue = value === undefined && !rule.required ? undefined : amountIssue(value, rule);
    if (issue) {
      issues.push({ code: issue.code, path: [rule.field], message: issue.message, input: value });
      hard ||= issue.hard === true;
    }
    if (present) data[rule.field] = value;
  }
  const unknown = unknownKeysIssue(input, FIELDS);
  if (unknown) issues.push(unknown);
  const total = hard ? undefined : durationTotalMistake(data);
  if (total) issues.push({ code: "custom", path: [], message: total, input: data });
  return issues.length > 0 ? failure(issues) : { success: true, data: data as CalculateInput };
}

/** Checks a `list-exp-ranks` input: an empty object. */
export function safeParseListRanksInput(input: unknown): CheckResult<ListRanksInput> {
  if (!isObject(input))
    return failure([{ code: "invalid_type", path: [], message: NOT_AN_EMPTY_OBJECT, input }]);
  const unknown = unknownKeysIssue(input, []);
  return unknown ? failure([unknown]) : { success: true, data: {} };
}
