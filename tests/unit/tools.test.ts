/**
 * The two browser tools as plain functions in Node: real results against the output schema (zod
 * and, independently, ajv against the generated JSON Schema), and every kind of bad input the
 * issue lists answered with an `invalid_request` that names the field, fast, without throwing,
 * printing or touching a prototype.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { Ajv2020 } from "ajv/dist/2020.js";
import calculator from "../../_data/calculator.ts";
import rankList from "../../_data/ranks.ts";
import tools from "../../_data/tools.ts";
import { DAILY_INTEREST_RATE, TOOL_NAMES } from "../../common/constants.ts";
import { CalculateInput } from "../../contract/calculate-input.ts";
import { CALCULATE_LIMITS } from "../../common/input/input-rules.ts";
import { CalculateOutput } from "../../contract/calculate-output.ts";
import { ErrorResponse } from "../../contract/error-response.ts";
import { DURATION_DAYS_FORMULA, GROWTH_FORMULA } from "../../contract/formulas.ts";
import { calculateGrowth } from "../../common/engine/calculate.ts";
import { executeTool } from "../../common/tools/execute.ts";
import { toolDescriptors, toolOutputSchemas } from "../../contract/tool-descriptors.ts";
import type { ToolResult } from "../../common/tools/result.ts";
import { EXTREME_NUMBERS, MISTAKEN_AMOUNTS, NOT_NUMBERS, UNIT_MAXIMA } from "../support/random-inputs.ts";

const calculateExpGrowth = (input: unknown) => executeTool("calculate-exp-growth", input, rankList);
const listExpRanks = (input: unknown) => executeTool("list-exp-ranks", input, rankList);

const ajv = new Ajv2020({ allErrors: true, strict: false });
const [calculateTool] = toolDescriptors;
const validateInput = ajv.compile(calculateTool!.inputSchema);
const validateOutput = ajv.compile(toolOutputSchemas["calculate-exp-growth"]);
const validateRanks = ajv.compile(toolOutputSchemas["list-exp-ranks"]);

/**
 * Calls a tool and checks what every result must be: never a throw, text = JSON of structuredContent, no
 * console output.
 */
function call(execute: (input: unknown) => ToolResult<unknown>, input: unknown): ToolResult<unknown> {
  const printed: unknown[] = [];
  const methods = ["log", "info", "warn", "error", "debug", "trace"] as const;
  const saved = methods.map((name) => console[name]);
  for (const name of methods) console[name] = (...args: unknown[]) => void printed.push(args);
  let result: ToolResult<unknown>;
  try {
    result = execute(input);
  } finally {
    methods.forEach((name, index) => (console[name] = saved[index]!));
  }
  assert.equal(printed, [], "the tool printed to the console");
  assert.is(result.content.length, 1);
  assert.is(result.content[0]!.type, "text");
  assert.equal(JSON.parse(result.content[0]!.text), result.structuredContent);
  return result;
}

/**
 * The result is `invalid_request`, its message names `field`, and its resolution says what to send.
 * Returns the message.
 */
function assertInvalid(result: ToolResult<unknown>, field: string, resolutionMentions = field): string {
  assert.is(result.isError, true);
  const body = ErrorResponse.parse(result.structuredContent);
  assert.is(body.error.code, "invalid_request");
  assert.ok(body.error.message.includes(field), `message should name ${field}: ${body.error.message}`);
  assert.ok(body.error.resolution.startsWith("Send"), body.error.resolution);
  assert.ok(
    body.error.resolution.includes(resolutionMentions),
    `resolution should mention ${resolutionMentions}: ${body.error.resolution}`,
  );
  return body.error.message;
}

/** calculate-exp-growth's result for an input it must accept. */
function accepted(input: unknown): CalculateOutput {
  const result = call(calculateExpGrowth, input);
  assert.is(result.isError, undefined, JSON.stringify({ input, answer: result.structuredContent }));
  return result.structuredContent as CalculateOutput;
}

/** calculate-exp-growth answers `input` as `assertInvalid` says; returns the message. */
const invalid = (input: unknown, field: string, resolutionMentions = field) =>
  assertInvalid(call(calculateExpGrowth, input), field, resolutionMentions);

/** The message of the error calculate-exp-growth answers `input` with. */
const message = (input: object) =>
  ErrorResponse.parse(call(calculateExpGrowth, input).structuredContent).error.message;

// ---- Results ----------------------------------------------------------------------------------

// Its figures for this input are engine.test.ts's "1,000,000 gems grow to 1,094,026.87487131 in 30 days".
test("calculate-exp-growth returns the engine's result as structuredContent and as JSON text", () => {
  const result = accepted({ currentGems: 1000000, days: 30 });
  assert.equal(result, calculateGrowth({ currentGems: 1000000, days: 30 }, rankList.ranks));
});

test("a number and the same decimal string give the same result", () => {
  const asNumber = call(calculateExpGrowth, { currentGems: 2500000.5, goalGems: 3000000, hours: 36 });
  const asString = call(calculateExpGrowth, { currentGems: "2500000.5", goalGems: "3000000", hours: "36" });
  assert.equal(asNumber.structuredContent, asString.structuredContent);
});

test("30 significant digits, balances of 1e20 (as a string) and 100 years are accepted", () => {
  const digits = accepted({ currentGems: "123456789012345678.901234567890", days: 1 });
  assert.is(digits.currentGems, "123456789012345678.90123457");
  const years = CALCULATE_LIMITS.maxDurationDays / calculator.timeNormalization.yearDays;
  for (const currentGems of [2 ** 53 - 1, CALCULATE_LIMITS.maxGems]) accepted({ currentGems, years });
});

test("the smallest and largest inputs give bounded results quickly", () => {
  const tiniest = [Number.MIN_VALUE, 1e-300, `0.${"0".repeat(61)}1`];
  const { maxGems } = CALCULATE_LIMITS;
  for (const currentGems of tiniest) {
    const result = accepted({ currentGems, goalGems: maxGems, additionalGems: maxGems, years: 100 });
    assert.ok(CalculateOutput.safeParse(result).success);
  }
});

test("real results match the output schema, in zod and in the published JSON Schema", () => {
  const gems = fc.oneof(
    fc.integer({ min: 1, max: 1e9 }),
    fc.stringMatching(/^[1-9][0-9]{0,19}(\.[0-9]{1,10})?$/),
  );
  const time = fc.integer({ min: 0, max: 300 });
  // At most 29 years: 300 days and hours on top stay within the 100-year limit.
  const inputs = fc.record(
    {
      currentGems: gems,
      goalGems: gems,
      additionalGems: gems,
      years: fc.integer({ min: 0, max: 29 }),
      days: time,
      hours: time,
    },
    { requiredKeys: ["currentGems"] },
  );
  fc.assert(
    fc.property(inputs, (input) => {
      assert.ok(validateInput(input), JSON.stringify(validateInput.errors));
      const result = accepted(input);
      assert.ok(CalculateOutput.safeParse(result).success);
      assert.ok(validateOutput(result), JSON.stringify(validateOutput.errors));
    }),
    { numRuns: 200 },
  );
});

test("list-exp-ranks returns the body of /api/ranks.json, for an empty or absent input", () => {
  for (const input of [{}, undefined]) {
    const result = call(listExpRanks, input);
    assert.is(result.isError, undefined);
    assert.equal(result.structuredContent, rankList);
    assert.ok(validateRanks(result.structuredContent), JSON.stringify(validateRanks.errors));
  }
});

// ---- Bad input ----------------------------------------------------------------------------------

test("a missing, zero or negative currentGems is invalid_request naming currentGems", () => {
  for (const input of [
    {},
    { days: 3 },
    { currentGems: 0 },
    { currentGems: "0" },
    { currentGems: "0.000" },
    { currentGems: -5 },
    { currentGems: "-5" },
  ])
    invalid(input, "currentGems");
  assert.ok(message({}).includes("currentGems: is required"));
});

test("non-numeric, empty, hex, exponent, spaced and other mistaken strings are invalid_request", () => {
  for (const text of MISTAKEN_AMOUNTS) {
    invalid({ currentGems: text }, "currentGems");
    invalid({ currentGems: 1, goalGems: text }, "goalGems");
  }
});

test("null, booleans, arrays, objects, NaN and infinities are invalid_request for any field; NaN and the \
infinities are named as such for JavaScript callers", () => {
  for (const value of [...NOT_NUMBERS, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
    const message = invalid({ currentGems: value }, "currentGems");
    if (typeof value === "number") assert.match(message, /finite number/);
    invalid({ currentGems: 1, minutes: value }, "minutes");
  }
});

test("an input that is not an object is invalid_request with an example to send", () => {
  for (const input of [null, undefined, 42, "currentGems=5", [], [{ currentGems: 5 }], true])
    invalid(input, "input", JSON.stringify({ currentGems: 1000000, days: 30 }));
});

test("amounts above 1e20, huge and negative durations, and more than 100 years in all are invalid_request", () => {
  invalid({ currentGems: 1e21 }, "currentGems");
  invalid({ currentGems: "100000000000000000000.00000001" }, "currentGems");
  invalid({ currentGems: 1, additionalGems: "1".padEnd(25, "0") }, "additionalGems");
  invalid({ currentGems: 1, years: 1e9 }, "years");
  invalid({ currentGems: 1, seconds: "9".repeat(60) }, "seconds");
  invalid({ currentGems: 1, days: -1 }, "days");
  invalid({ currentGems: 1, hours: "-0.5" }, "hours");
  const total = "years, months, days, hours, minutes and seconds come to 36500.00001157 days";
  invalid({ currentGems: 1, years: 100, seconds: 1 }, total, "36500 days");
});

test("a time field over its own maximum is reported once, without a total", () => {
  assert.not.match(invalid({ currentGems: 1, years: 101 }, "years"), /come to/);
  const huge = message({ currentGems: 1, years: 1e308, days: 1e308 });
  assert.ok(huge.length < 400, huge);
});

test(`each time field alone may be sent at its advertised maximum, the whole 36,500 days in its unit; one \
more is refused`, () => {
  // 36,500 days are 1,216.67 months: 1,216 can be sent, 1,217 (36,510 days) could not.
  const properties = calculateTool!.inputSchema.properties as Record<
    string,
    { anyOf: { maximum?: number }[]; description: string }
  >;
  for (const [unit, max] of Object.entries(UNIT_MAXIMA)) {
    accepted({ currentGems: 1, [unit]: max });
    invalid({ currentGems: 1, [unit]: max + 1 }, unit, `at most ${max}`);
    assert.is(properties[unit]!.anyOf[0]!.maximum, max, `${unit} in inputSchema`);
    assert.match(properties[unit]!.description, new RegExp(`at most ${max}\\.$`));
  }
  assert.not.match(JSON.stringify(calculateTool!.inputSchema), /1217/);
  invalid({ currentGems: 1, months: "1216.5" }, "months", "at most 1216");
  assert.match(message({ currentGems: 1, months: 1216, days: 21 }), /come to 36501 days/);
});

test(`a JSON number that cannot have arrived exactly is refused, naming the field; its digits as a string \
are accepted`, () => {
  // 28164430411862642682 arrives as the double 28164430411862643000 (17 significant digits).
  const lossy = invalid(JSON.parse('{"currentGems": 28164430411862642682}'), "currentGems", "decimal string");
  assert.match(lossy, /currentGems: .*2\^53.*send the digits as a decimal string/);
  for (const field of ["goalGems", "additionalGems"])
    invalid({ currentGems: 1, [field]: 2 ** 53 + 2 }, field, "decimal string");
  const exact = accepted({ currentGems: "28164430411862642682" });
  assert.is(exact.currentGems, "28164430411862642682.00000000");
  // From 2^53 up a double skips whole numbers, and the tool sees only the double: each of these
  // arrives as a number some other text also parses to (10000000000000001 as 1e16, 9007199254740993
  // as 2^53, 100000000000000000001, over the limit, as 1e20), so all are refused with the fix.
  for (const text of [
    "10000000000000001",
    "9007199254740993",
    "100000000000000000001",
    "9007199254740992",
    "100000000000000000000",
    "25000000000000000000",
  ]) {
    assert.match(
      invalid(JSON.parse(`{"currentGems": ${text}}`), "currentGems", "decimal string"),
      /currentGems: is a JSON number of 2\^53 \(9007199254740992\) or more.*send the digits as a decimal string/,
      text,
    );
  }
  // Below 2^53 every whole number is what was sent.
  for (const currentGems of [2 ** 53 - 1, 123456789012345, 1e15]) accepted({ currentGems });
});

test("null, as an overflowing literal such as 1e400 arrives, is explained as such", () => {
  assert.match(
    invalid(JSON.parse('{"currentGems": 1000, "goalGems": null}'), "goalGems"),
    new RegExp(
      String.raw`goalGems: must be a number or a decimal string, not null \(a JSON number too large for ` +
        String.raw`a double, such as 1e400, arrives as null`,
    ),
  );
});

test("no accepted input yields internal_error: every field drawn from extreme JSON numbers (seeded)", () => {
  const field = fc.option(
    fc.oneof(
      fc.constantFrom(...EXTREME_NUMBERS),
      fc.double({ min: 0, max: 1e-300, noNaN: true }),
      fc.double({ min: 0, max: 4e9, noNaN: true }),
    ),
    { nil: undefined, freq: 2 },
  );
  const fields = Object.fromEntries(
    Object.keys(CalculateInput.shape).map((key) => [
      key,
      key === "currentGems"
        ? fc.oneof(fc.constantFrom(...EXTREME_NUMBERS), fc.double({ min: 1e-8, max: 1e20, noNaN: true }))
        : field,
    ]),
  );
  let accepted = 0;
  fc.assert(
    fc.property(fc.record(fields), (record) => {
      const input = JSON.parse(JSON.stringify(record)) as Record<string, unknown>;
      const result = call(calculateExpGrowth, input);
      const error = result.isError ? ErrorResponse.parse(result.structuredContent).error : undefined;
      assert.is.not(error?.code, "internal_error", JSON.stringify(input));
      if (!error) {
        accepted += 1;
        assert.ok(CalculateOutput.safeParse(result.structuredContent).success, JSON.stringify(input));
      }
    }),
    { seed: 20261123, numRuns: 400 },
  );
  assert.ok(accepted > 100, `${accepted} of 400 accepted: the property must reach the engine`);
});

test("unknown keys are invalid_request naming the key, also next to valid ones", () => {
  invalid({ currentGems: 1000, dayz: 30 }, '"dayz"', "currentGems");
  assertInvalid(call(listExpRanks, { limit: 3 }), '"limit"', "{}");
  assertInvalid(call(listExpRanks, null), "input", "{}");
  assertInvalid(call(listExpRanks, [1]), "input", "{}");
});

test("the over-limit total is shown with the digits that put it over, never as a rounded 36500", () => {
  assert.match(
    message({ currentGems: 1000, days: 36500, seconds: "0.0001" }),
    /come to 36500\.0000000012 days/,
  );
  assert.match(
    message({ currentGems: 1000, years: 100, seconds: `0.${"0".repeat(20)}1` }),
    /come to 36500\.0{25}12 days/,
  );
  accepted({ currentGems: 1000, days: 36500, seconds: 0 });
});

test("decimal strings are told their real mistake and what to send", () => {
  const cases: [string, RegExp][] = [
    ["01000000", /leading zero; send "1000000"/],
    [".5", /digit before the point; send "0\.5"/],
    ["1000000.", /digit after the point; send "1000000"/],
    ["1,000,000", /groups digits with commas; send 1000000 or "1000000"/],
    ["2,5", /comma; the decimal separator is a point, such as "2\.5"/],
    ["1M", /suffix \("M"\); write the amount out, such as "1000000"/],
    ["2.75m", /suffix \("m"\); write the amount out, such as "2750000"/],
    ["1.5e6", /exponent; write the amount out in digits, such as "1500000"/],
    ["1e999999999", /exponent/],
    ["-5", /sign \("-"\)/],
    ["+5", /sign \("\+"\)/],
    ["1 000", /spaces; send the digits alone, such as "1000"/],
    ["", /empty string/],
    ["abc", /plain decimal digits/],
  ];
  for (const [text, expected] of cases)
    assert.match(invalid({ currentGems: text }, "currentGems"), expected, text);
});

test("unknown keys: at most five named, each cut, the rest counted, with a did-you-mean", () => {
  assert.match(message({ currentGems: 1, dayz: 1 }), /"dayz" \(did you mean "days"\?\)/);
  assert.match(message({ currentGems: 1, Days: 1 }), /"Days" \(did you mean "days"\?\)/);
  assert.match(message({ current_gems: 1 }), /"current_gems" \(did you mean "currentGems"\?\)/);
  assert.match(message({ currentGems: 1, "goal-gems": 1 }), /did you mean "goalGems"/);
  assert.not.match(message({ currentGems: 1, colour: 1 }), /did you mean/);
  const keys = Array.from({ length: 100_000 }, (_, index) => [`key${index}`, index]);
  const text = message(Object.fromEntries([["currentGems", 1], ...keys]));
  assert.ok(text.length < 600, `${text.length} characters`);
  assert.match(text, /"key0", "key1", "key2", "key3", "key4" and 99995 more/);
  const long = message({ currentGems: 1, ["k".repeat(100_000)]: 1 });
  assert.ok(long.length < 400, `${long.length} characters`);
});

test("a 100,000-digit string is rejected at once, before any decimal work", () => {
  for (const field of ["currentGems", "days"]) {
    const message = invalid({ currentGems: 1, [field]: "9".repeat(100_000) }, field);
    // The length check aborts the field's other checks, so the pattern and the range never run.
    assert.match(
      message,
      new RegExp(
        `${field}: is 100000 characters long; a decimal string may have at most ${CALCULATE_LIMITS.maxStringLength}`,
      ),
    );
    assert.not.match(message, /plain decimal digits|at most 100000000000000000000 \(/);
    assert.ok(message.length < 400);
  }
});

test("__proto__, constructor and prototype keys are invalid_request and pollute nothing", () => {
  const before = Object.getOwnPropertyNames(Object.prototype).sort();
  const inputs = [
    JSON.parse('{"currentGems": 1, "__proto__": {"polluted": true}}'),
    JSON.parse('{"__proto__": {"currentGems": 5}}'),
    JSON.parse('{"currentGems": 1, "constructor": {"prototype": {"polluted": true}}}'),
    JSON.parse('{"currentGems": {"__proto__": {"polluted": true}}}'),
    Object.assign(Object.create(null), { currentGems: Object.create(null) }),
  ];
  for (const input of inputs) {
    const result = call(calculateExpGrowth, input);
    assert.is(result.isError, true);
    assert.is((result.structuredContent as ErrorResponse).error.code, "invalid_request");
  }
  assertInvalid(call(listExpRanks, JSON.parse('{"__proto__": {"polluted": true}}')), "__proto__", "{}");
  assert.is(({} as Record<string, unknown>).polluted, undefined);
  assert.equal(Object.getOwnPropertyNames(Object.prototype).sort(), before);
});

test("generated garbage never throws and is answered invalid_request or a valid result", () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.jsonValue(),
        fc.dictionary(
          fc.constantFrom(...Object.keys(CalculateInput.shape), "__proto__", "x"),
          fc.jsonValue(),
        ),
      ),
      (input) => {
        const result = call(calculateExpGrowth, input);
        if (result.isError)
          assert.is(ErrorResponse.parse(result.structuredContent).error.code, "invalid_request");
        else assert.ok(CalculateOutput.safeParse(result.structuredContent).success);
      },
    ),
    { numRuns: 500 },
  );
});

// ---- What agents and the docs read --------------------------------------------------------------

const names = (list: readonly { name: string }[]) => list.map((item) => item.name);

test("the descriptors name both tools, read-only, with the rate, units and formula in the description", () => {
  assert.equal(names(toolDescriptors), [...TOOL_NAMES]);
  for (const tool of toolDescriptors) {
    assert.equal(Object.keys(tool).sort(), ["annotations", "description", "inputSchema", "name", "title"]);
    assert.equal(tool.annotations, { readOnlyHint: true });
    assert.ok(tool.title.length > 0);
  }
  const description = calculateTool!.description;
  const facts = [
    DAILY_INTEREST_RATE,
    GROWTH_FORMULA,
    DURATION_DAYS_FORMULA,
    "milestones",
    "nextRank is milestones[0]",
    "from the current balance",
    "not a deposit",
    "add a deposit to currentGems",
    "simple: currentGems × r",
    "8 decimals, rounded half-up",
    "daysToReach is rounded up to 8 decimals",
    "rounded up to the whole second",
  ];
  for (const fact of facts) assert.ok(description.includes(fact), fact);
  assert.ok(description.length < 1200, `${description.length} characters`);
  const inputRules = calculateTool!.inputSchema.description as string;
  assert.match(inputRules, /2\^53/);
  assert.match(inputRules, /decimal strings?/);
});

// The worked example's input and figures: where it is published (llms-txt.test.ts, docs-drift.test.ts) and
// by hand in engine.test.ts's "1,000,000 gems grow to 1,094,026.87487131 in 30 days".
test("_data/tools.ts lists both tools with the form's inputs", () => {
  assert.equal(names(tools), [...TOOL_NAMES]);
  const [calculate] = tools;
  assert.equal(names(calculate!.inputFields), Object.keys(CalculateInput.shape));
  assert.equal(calculate!.inputFields.map((field) => field.label).slice(0, 4), [
    "Current gems",
    "Goal gems",
    "Additional gems",
    "Years",
  ]);
  assert.equal(names(calculate!.inputFields.filter((field) => field.required)), ["currentGems"]);
});

test.run();
