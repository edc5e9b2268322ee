/**
 * The page's zod-free input checker against the zod schemas it stands in for: on a large,
 * deterministic corpus of inputs (valid, mistaken and hostile) both give the same answer (accept or
 * reject, the parsed value with its key order, every issue's code, path, message, keys and input)
 * and so the same tool error. ajv, reading the published JSON `inputSchema`, is a third opinion on
 * accept or reject wherever JSON Schema can state the rule: it cannot compare a decimal string's
 * value with a bound, nor add up the time fields.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { Ajv2020 } from "ajv/dist/2020.js";
import { CalculateInput, DURATION_MAXIMA, FIELD_GUIDANCE } from "../build/schemas/calculate-input.ts";
import { ListRanksInput } from "../build/schemas/list-ranks-input.ts";
import { safeParseCalculateInput, safeParseListRanksInput, type CheckOptions } from "../assets/input/check-input.ts";
import type { Issue } from "../assets/input/issues.ts";
import { invalidRequest } from "../assets/tools/result.ts";
import { toolDescriptors } from "../build/schemas/tool-descriptors.ts";

const SEED = 20261122;
const CASES = 6000;
const FIELDS = Object.keys(CalculateInput.shape);

/** What either answer says, in a form `assert.equal` compares fully: outcome, data and key order, issues. */
function answer(parse: () => { success: boolean; data?: unknown; error?: { issues: readonly Issue[] } }) {
  let result;
  try {
    result = parse();
  } catch (error) {
    return { threw: (error as Error).constructor.name };
  }
  if (result.success) return { success: true, data: result.data, keys: Object.keys(result.data as object) };
  const issues = result.error!.issues.map((issue) => ({
    code: issue.code,
    path: issue.path,
    message: issue.message,
    ...(issue.code === "unrecognized_keys" ? { keys: issue.keys } : {}),
    ...("input" in issue ? { input: issue.input } : {}),
  }));
  return { success: false, issues, tool: invalidRequest(issues, { fields: FIELD_GUIDANCE, whole: "whole", acrossFields: "across" }) };
}

const ajv = new Ajv2020({ allErrors: true, strict: false });
const publishedSchema = ajv.compile(toolDescriptors[0]!.inputSchema);

/** Checks one input both ways (with and without `reportInput`) and against ajv. */
function agree(input: unknown): void {
  for (const options of [{}, { reportInput: true }] as CheckOptions[]) {
    const fromZod = answer(() => CalculateInput.safeParse(input, options));
    const fromChecker = answer(() => safeParseCalculateInput(input, options));
    assert.equal(fromChecker, fromZod, `${describe(input)} ${JSON.stringify(options)}`);
  }
  const json = jsonText(input);
  if (json === undefined) return;
  const parsed: unknown = JSON.parse(json);
  const checked = safeParseCalculateInput(parsed);
  // Only a string's value against its bounds and the sum of the time fields are beyond JSON Schema.
  const beyondJsonSchema = !checked.success && checked.error.issues.every((issue) => issue.code === "custom");
  assert.is(publishedSchema(parsed), checked.success || beyondJsonSchema, `ajv on ${describe(parsed)}: ${JSON.stringify(publishedSchema.errors)}`);
}

/** The input as JSON, if it has a JSON form at all (a throwing getter or a BigInt has none). */
function jsonText(input: unknown): string | undefined {
  try {
    return JSON.stringify(input);
  } catch {
    return undefined;
  }
}

const describe = (input: unknown) => (jsonText(input) ?? typeof input).slice(0, 300);

// ---- The corpus ---------------------------------------------------------------------------------

const emoji = "\u{1F48E}";
const boundaries = [
  "100000000000000000000", "100000000000000000000.00000001", "99999999999999999999.99999999", 1e20, 1.0000000000000002e20, 2 ** 53, 2 ** 53 + 2,
  ...Object.values(DURATION_MAXIMA).flatMap((max) => [max, max + 0.5, String(max), `${max}.0000001`, max - 1e-9]),
  "0", "0.0", "0.00000001", 0, -0, Number.MIN_VALUE, 1e-300, "36500", 36500.000001, "1216.5", "1216.7",
  "9".repeat(64), "9".repeat(65), `0.${"0".repeat(62)}1`, "1".repeat(63) + emoji, "1".repeat(64) + emoji, emoji.repeat(32), emoji.repeat(33), "\uD800".repeat(65), `${"1".repeat(60)}\uD83D`,
];
const mistakes = ["01000000", "00", "0.", ".5", "5.", "1,000,000", "1,000.5", "2,5", "1,00", "1M", "2.75m", "12k", "1.6B", "3T", "1.5e6", "1E5", "1e+3", "1e-3", "1e999999999", "-5", "+5", "-0", " 12", "12 ", "1 000", "\t", "", "abc", "0x10", "NaN", "Infinity", "\u0663", "１２", "1_000"];

/** A decimal string or number, mostly near the interesting ranges. */
const decimalText = fc.oneof(
  fc.stringMatching(/^(0|[1-9][0-9]{0,22})(\.[0-9]{1,12})?$/),
  fc.stringMatching(/^[0-9.,eE+\-kKmMbBtT ]{0,12}$/),
  fc.tuple(fc.integer({ min: 0, max: 70 }), fc.integer({ min: 0, max: 6 })).map(([digits, pairs]) => "7".repeat(digits) + emoji.repeat(pairs)),
);
const anyValue = fc.oneof(
  { weight: 4, arbitrary: decimalText },
  { weight: 3, arbitrary: fc.oneof(fc.integer({ min: -10, max: 2_000_000 }), fc.double(), fc.double({ min: 0, max: 4e9, noNaN: true })) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...boundaries, ...mistakes) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 70 }) },
  { weight: 1, arbitrary: fc.oneof(fc.constantFrom<unknown>(null, true, false, undefined, [], [1], {}, { value: 1 }), fc.jsonValue({ maxDepth: 2 })) },
);
const nearKeys = ["dayz", "Days", "current_gems", "goal-gems", "currentgems", "hour", "x", "__proto__", "constructor", "toString", "valueOf", ""];
const key = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...FIELDS) }, { weight: 2, arbitrary: fc.constantFrom(...nearKeys) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) });
const object = fc.dictionary(key, anyValue, { maxKeys: 9 });
/** Mostly valid calls, so the duration total and the ranges are reached often. */
const plausible = fc
  .record({ currentGems: anyValue, goalGems: anyValue, years: fc.oneof(fc.integer({ min: 0, max: 101 }), decimalText), days: fc.oneof(fc.integer({ min: 0, max: 36_600 }), decimalText), seconds: anyValue }, { requiredKeys: ["currentGems"] })
  .map((input) => Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)));
const input = fc.oneof(
  { weight: 5, arbitrary: object },
  { weight: 4, arbitrary: plausible },
  // An own `__proto__` key, as JSON.parse makes it, and a prototype that lends fields.
  { weight: 1, arbitrary: object.map((value) => JSON.parse(JSON.stringify(value).replace(/^\{"(\w+)"/, '{"__proto__"')) as unknown) },
  { weight: 1, arbitrary: fc.tuple(object, object).map(([lent, own]) => Object.assign(Object.create(lent) as object, own)) },
  { weight: 1, arbitrary: object.map((value) => Object.assign(Object.create(null) as object, value)) },
  { weight: 1, arbitrary: fc.anything() },
);

test(`zod and the page's checker agree on ${CASES} generated inputs (seed ${SEED}), and ajv agrees where JSON Schema can say`, () => {
  fc.assert(fc.property(input, agree), { seed: SEED, numRuns: CASES });
});

test("they agree on named hostile inputs: huge strings and key counts, throwing getters, proxies", () => {
  const manyKeys = Object.fromEntries(Array.from({ length: 20_000 }, (_, index) => [`key${index}`, index]));
  const throwing = Object.defineProperty({}, "currentGems", { enumerable: true, get: () => { throw new TypeError("no"); } });
  const hostile: unknown[] = [
    { currentGems: "9".repeat(100_000) }, { currentGems: 1, days: "9".repeat(100_000) }, { currentGems: 1, ...manyKeys }, { ["k".repeat(100_000)]: 1 },
    throwing, new Proxy({}, { has: () => true, get: () => 5, ownKeys: () => ["currentGems", "days"], getOwnPropertyDescriptor: () => ({ enumerable: true, configurable: true, value: 5 }) }),
    new Date(0), new Map([["currentGems", 1]]), Object.assign([], { currentGems: 1 }), () => 1, Symbol("x"), 10n, "currentGems=5",
    { currentGems: 1, years: 1e308, days: 1e308 }, { currentGems: 1, years: 100, seconds: `0.${"0".repeat(20)}1` }, { currentGems: "abc", years: 100, seconds: 1 },
    { currentGems: 1, days: undefined }, { currentGems: undefined }, {},
  ];
  for (const value of hostile) agree(value);
});

test("list-exp-ranks: zod and the page's checker agree on generated inputs", () => {
  fc.assert(
    fc.property(fc.oneof(object, fc.anything(), fc.constant({})), (value) => {
      for (const options of [{}, { reportInput: true }] as CheckOptions[]) {
        assert.equal(answer(() => safeParseListRanksInput(value, options)), answer(() => ListRanksInput.safeParse(value, options)), describe(value));
      }
    }),
    { seed: SEED, numRuns: 1000 },
  );
});

test("the corpus reaches every kind of answer, so agreement is not agreement on one case", () => {
  const seen = new Set<string>();
  fc.assert(
    fc.property(input, (value) => {
      const result = safeParseCalculateInput(value);
      if (result.success) seen.add("success");
      else for (const issue of result.error.issues) seen.add(issue.code === "custom" && issue.path.length === 0 ? "total" : issue.code);
    }),
    { seed: SEED, numRuns: CASES },
  );
  assert.equal([...seen].sort(), ["custom", "invalid_format", "invalid_type", "invalid_union", "success", "too_big", "too_small", "total", "unrecognized_keys"]);
});

test.run();
