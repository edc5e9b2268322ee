/**
 * The tools' only runtime check of their input, in the page and in Node: the rules of `input-rules.ts`
 * and the messages that name each mistake, every problem reported with its field. The zod schemas describe the same
 * shape for JSON Schema and run nowhere; `tests/unit/check-input.test.ts` holds this checker and ajv,
 * reading the published `inputSchema`, to the same answers.
 */
import type { CalculateInput } from "../../contract/calculate-input.ts";
import type { ListRanksInput } from "../../contract/list-ranks-input.ts";
import { unknownKeysMessage, type Issue } from "./issues.ts";
import { shiftPoint } from "../engine/exact.ts";
import {
  AMOUNT_RULES,
  CALCULATE_LIMITS,
  DECIMAL_NUMBER,
  EXACT_NUMBER_LIMIT,
  boundsText,
  durationTotalMistake,
  inRange,
  type AmountRule,
} from "./input-rules.ts";

const { maxStringLength } = CALCULATE_LIMITS;
/** The tool's fields, in the order the schema lists them. */
const FIELDS = AMOUNT_RULES.map((rule) => rule.field);

/**
 * The message of a JSON number that may not be the amount the caller wrote. A JSON number is read as
 * the double it parses to, and from 2^53 up a double skips whole numbers: `9007199254740993` arrives as
 * 9007199254740992 and `10000000000000001` as 10000000000000000, indistinguishable from the numbers
 * they became. The tool sees only the double, so it refuses them all.
 */
const LOSSY_NUMBER_MESSAGE =
  `is a JSON number of 2^53 (${EXACT_NUMBER_LIMIT}) or more, which arrives as the nearest double ` +
  "(9007199254740993 arrives as 9007199254740992), so the tool cannot know the digits that were sent; " +
  "send the digits as a decimal string, in quotes";

/** Whether a string is longer than a decimal string may be, counted in code points. */
const tooLong = (text: string) =>
  text.length > maxStringLength && (text.length > 2 * maxStringLength || [...text].length > maxStringLength);

const SUFFIX_ZEROS: Record<string, number> = { k: 3, m: 6, b: 9, t: 12 };

/**
 * What is wrong with a string that is not a plain decimal, named as the caller would say it, with
 * the string to send instead where it can be worked out. Strings here are at most 64 characters.
 */
function decimalMistake(text: string): string {
  const plain = 'plain decimal digits, such as "1000000" or "1000000.5"';
  if (text === "") return `is an empty string; send ${plain}`;
  if (/\s/.test(text))
    return `contains spaces; send the digits alone, such as "${text.replace(/\s/g, "") || "1000000"}"`;
  if (/^[+-]/.test(text)) return `has a sign ("${text[0]}"); amounts are never negative, so send ${plain}`;
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) {
    const digits = text.replace(/,/g, "");
    return `groups digits with commas; send ${digits} or "${digits}"`;
  }
  if (/,/.test(text))
    return `has a comma; the decimal separator is a point, such as "${text.replace(",", ".")}"`;
  const suffix = /^(\d+(?:\.\d+)?)([kmbt])$/i.exec(text);
  if (suffix)
    return (
      `has a suffix ("${suffix[2]}"); write the amount out, such as ` +
      `"${shiftPoint(suffix[1] as string, SUFFIX_ZEROS[(suffix[2] as string).toLowerCase()] as number)}"`
    );
  const exponent = /^(\d+(?:\.\d+)?)e\+?(\d{1,2})$/i.exec(text);
  if (exponent)
    return (
      "has an exponent; write the amount out in digits, such as " +
      `"${shiftPoint(exponent[1] as string, Number(exponent[2]))}"`
    );
  if (/e[+-]?\d+$/i.test(text)) return `has an exponent; write the amount out in ${plain}`;
  if (/^0\d+(\.\d+)?$/.test(text)) return `has a leading zero; send "${text.replace(/^0+(?=\d)/, "")}"`;
  if (/^\.\d+$/.test(text)) return `needs a digit before the point; send "0${text}"`;
  if (/^\d+\.$/.test(text)) return `needs a digit after the point; send "${text.slice(0, -1)}"`;
  return `must be written in ${plain}`;
}

/** The message of a value that is neither a finite number nor a decimal string of at most 64 characters. */
function kindMistake(input: unknown): string {
  if (input === undefined) return "is required";
  if (typeof input === "string")
    return `is ${input.length} characters long; a decimal string may have at most ${maxStringLength}`;
  const type = typeof input;
  if (type === "number") return "must be a finite number or a decimal string, not NaN or Infinity";
  if (input === null)
    return (
      "must be a number or a decimal string, not null (a JSON number too large for a double, such as " +
      "1e400, arrives as null; send large amounts as decimal strings)"
    );
  const kind = Array.isArray(input) ? "an array" : `${/^[aeiou]/.test(type) ? "an" : "a"} ${type}`;
  return `must be a number or a decimal string, not ${kind}`;
}

/** The message of an input that is not an object. */
const NOT_AN_OBJECT = 'must be an object of named inputs, such as {"currentGems": 1000000, "days": 30}';

/** The checked value, or the issues found, each with the offending value as `input`. */
export type CheckResult<T> = { success: true; data: T } | { success: false; error: { issues: Issue[] } };

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
      return { code: value > 0 ? "too_big" : "too_small", message: `must be ${boundsText(rule)}` };
    return value >= EXACT_NUMBER_LIMIT ? { code: "too_big", message: LOSSY_NUMBER_MESSAGE } : undefined;
  }
  if (typeof value !== "string" || tooLong(value))
    return { code: "invalid_union", message: kindMistake(value), hard: true };
  if (!DECIMAL_NUMBER.test(value)) return { code: "invalid_format", message: decimalMistake(value) };
  return inRange(value, rule) ? undefined : { code: "custom", message: `must be ${boundsText(rule)}` };
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
    return failure([{ code: "invalid_type", path: [], message: "must be an empty object {}", input }]);
  const unknown = unknownKeysIssue(input, []);
  return unknown ? failure([unknown]) : { success: true, data: {} };
}
