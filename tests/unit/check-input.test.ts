/**
 * The tools' input checker (`check-input.ts`, the only runtime validator) against ajv reading the
 * published `inputSchema`, an independent JSON Schema 2020-12 validator: on a large, seeded corpus
 * of JSON inputs (valid, mistaken and hostile) both accept or both refuse, and both name the same
 * fields. The checker's only further refusals are the rules JSON Schema cannot state, each named
 * here: a decimal string's value against its bounds and the time total (a JSON number of 2^53 or
 * more, which cannot be known to have arrived exactly, is refused by the published schema too). The zod
 * input schemas describe shapes only: no messages, no refinements.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import type * as z from "zod/mini";
import { CalculateInput } from "../../contract/calculate-input.ts";
import { ListRanksInput } from "../../contract/list-ranks-input.ts";
import { safeParseCalculateInput, safeParseListRanksInput } from "../../common/input/check-input.ts";
import type { Issue } from "../../common/input/issues.ts";
import { toolDescriptors } from "../../contract/tool-descriptors.ts";
import { EXTREME_NUMBERS, MISTAKEN_AMOUNTS, NOT_NUMBERS, UNIT_MAXIMA } from "../support/random-inputs.ts";

const SEED = 20261122;
const CASES = 6000;
const FIELDS = Object.keys(CalculateInput.shape);

const ajv = new Ajv2020({ allErrors: true, strict: false });
const [calculateTool, listTool] = toolDescriptors;
const publishedCalculate = ajv.compile(calculateTool!.inputSchema);
const publishedList = ajv.compile(listTool!.inputSchema);

/** The whole input, when a problem is not one field's. */
const WHOLE = "(input)";

/** What the checker refuses beyond JSON Schema: its `custom` issues (a string's value, the time total). */
const beyondJsonSchema = (issue: Issue) => issue.code === "custom";

function namedByChecker(issues: readonly Issue[]): string[] {
  const fields = issues.flatMap((issue) =>
    issue.code === "unrecognized_keys" ? (issue.keys ?? []) : [String(issue.path[0] ?? WHOLE)],
  );
  return [...new Set(fields)].sort();
}

/** The field an ajv error is about: the property it is under, the missing or the unknown one. */
function namedByAjv(errors: readonly ErrorObject[] | null | undefined): string[] {
  const fields = (errors ?? []).map((error) => {
    if (error.keyword === "required") return String(error.params.missingProperty);
    if (error.keyword === "additionalProperties") return String(error.params.additionalProperty);
    const [, first] = error.instancePath.split("/");
    return first === undefined ? WHOLE : first.replace(/~1/g, "/").replace(/~0/g, "~");
  });
  return [...new Set(fields)].sort();
}

/** The input as it reaches a tool: through JSON. Undefined when it has no JSON form. */
function asJson(input: unknown): unknown {
  try {
    const text = JSON.stringify(input);
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** The input in a failure message: its JSON form, or its type where it has none. */
const shown = (input: unknown) => (JSON.stringify(asJson(input)) ?? typeof input).slice(0, 300);

/** Checks a JSON input with the checker and ajv: same answer, same fields named; returns the checker's issues. */
function agree(
  json: unknown,
  validate = publishedCalculate,
  check: (input: unknown) => { success: boolean; error?: { issues: Issue[] } } = safeParseCalculateInput,
): Issue[] {
  const checked = check(json);
  const issues = checked.success ? [] : checked.error!.issues;
  const statable = issues.filter((issue) => !beyondJsonSchema(issue));
  const valid = validate(json);
  const where =
    `${shown(json)}: checker ${JSON.stringify(issues.map((issue) => issue.message))}, ajv ` +
    `${JSON.stringify(validate.errors?.map((error) => `${error.instancePath} ${error.message}`))}`;
  assert.is(valid, statable.length === 0, `accept or refuse, ${where}`);
  assert.equal(namedByChecker(statable), namedByAjv(validate.errors), `the fields named, ${where}`);
  return issues;
}

// ---- The corpus ---------------------------------------------------------------------------------

const emoji = "\u{1F48E}";
const boundaries = [
  "100000000000000000000",
  "100000000000000000000.00000001",
  "99999999999999999999.99999999",
  ...EXTREME_NUMBERS,
  28164430411862642682,
  "28164430411862642682",
  ...Object.values(UNIT_MAXIMA).flatMap((max) => [
    max + 1,
    max + 0.5,
    String(max),
    `${max}.0000001`,
    max - 1e-9,
  ]),
  "0",
  "0.0",
  "0.00000001",
  1e308,
  "36500",
  36500.000001,
  "1216.5",
  "1216.7",
  "9".repeat(64),
  "9".repeat(65),
  `0.${"0".repeat(62)}1`,
  "1".repeat(63) + emoji,
  "1".repeat(64) + emoji,
  emoji.repeat(32),
  emoji.repeat(33),
  "\uD800".repeat(65),
  `${"1".repeat(60)}\uD83D`,
];

/**
 * Any code point but a lone surrogate, as fast-check's `unit: "binary"`, drawing the same values from
 * the same seed. Its unmapper lets fast-check split its built-in hostile strings (`__proto__`,
 * `constructor` …) into this unit cheaply; the built-in unit first maps all 1.1 million code points
 * back to their indexes to do so, which costs seconds.
 */
const SURROGATES = { first: 0xd800, count: 0x800 };
const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff - SURROGATES.count }).map(
  (index) => String.fromCodePoint(index < SURROGATES.first ? index : index + SURROGATES.count),
  (value) => {
    if (typeof value !== "string" || [...value].length !== 1) throw new Error("not one code point");
    const point = value.codePointAt(0)!;
    if (point >= SURROGATES.first && point < SURROGATES.first + SURROGATES.count)
      throw new Error("a lone surrogate");
    return point < SURROGATES.first ? point : point - SURROGATES.count;
  },
);

/** A decimal string or number, mostly near the interesting ranges. */
const decimalText = fc.oneof(
  fc.stringMatching(/^(0|[1-9][0-9]{0,22})(\.[0-9]{1,12})?$/),
  fc.stringMatching(/^[0-9.,eE+\-kKmMbBtT ]{0,12}$/),
  fc
    .tuple(fc.integer({ min: 0, max: 70 }), fc.integer({ min: 0, max: 6 }))
    .map(([digits, pairs]) => "7".repeat(digits) + emoji.repeat(pairs)),
);
const anyValue = fc.oneof(
  { weight: 4, arbitrary: decimalText },
  {
    weight: 3,
    arbitrary: fc.oneof(
      fc.integer({ min: -10, max: 2_000_000 }),
      fc.double(),
      fc.double({ min: 0, max: 4e9, noNaN: true }),
      fc.double({ min: 2 ** 52, max: 2e20, noNaN: true }),
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...boundaries, ...MISTAKEN_AMOUNTS, null) },
  { weight: 1, arbitrary: fc.string({ unit: anyCodePoint, maxLength: 70 }) },
  {
    weight: 1,
    arbitrary: fc.oneof(fc.constantFrom<unknown>(...NOT_NUMBERS), fc.jsonValue({ maxDepth: 2 })),
  },
);
const nearKeys = [
  "dayz",
  "Days",
  "current_gems",
  "goal-gems",
  "currentgems",
  "hour",
  "x",
  "__proto__",
  "constructor",
  "toString",
  "valueOf",
  "",
  "a/b",
  "~0",
];
const key = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...FIELDS) },
  { weight: 2, arbitrary: fc.constantFrom(...nearKeys) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);
const object = fc.dictionary(key, anyValue, { maxKeys: 9 });
/** Mostly valid calls, so the duration total and the ranges are reached often. */
const plausible = fc
  .record(
    {
      currentGems: anyValue,
      goalGems: anyValue,
      years: fc.oneof(fc.integer({ min: 0, max: 101 }), decimalText),
      days: fc.oneof(fc.integer({ min: 0, max: 36_600 }), decimalText),
      seconds: anyValue,
    },
    { requiredKeys: ["currentGems"] },
  )
  .map((input) => Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)));
const input = fc
  .oneof(
    { weight: 5, arbitrary: object },
    { weight: 4, arbitrary: plausible },
    // An own `__proto__` key, as JSON.parse makes it.
    {
      weight: 1,
      arbitrary: object.map((value) => JSON.stringify(value).replace(/^\{"(\w+)"/, '{"__proto__"')),
    },
    { weight: 1, arbitrary: fc.jsonValue() },
  )
  .map((value) =>
    typeof value === "string" && value.startsWith("{") ? (JSON.parse(value) as unknown) : asJson(value),
  );

test(`the checker and ajv over the published inputSchema agree on ${CASES} seeded JSON inputs (seed \
${SEED}): accept or refuse, and the fields named; the corpus reaches every kind of answer, the rules beyond \
JSON Schema included, so agreement is not agreement on one case`, () => {
  const seen = new Set<string>();
  fc.assert(
    fc.property(input, (json) => {
      if (json === undefined) return;
      const issues = agree(json);
      if (issues.length === 0) seen.add("success");
      for (const issue of issues)
        seen.add(
          issue.code === "custom"
            ? issue.path.length === 0
              ? "total"
              : "string out of range"
            : /2\^53/.test(issue.message)
              ? "lossy number"
              : issue.code,
        );
    }),
    { seed: SEED, numRuns: CASES },
  );
  assert.equal([...seen].sort(), [
    "invalid_format",
    "invalid_type",
    "invalid_union",
    "lossy number",
    "string out of range",
    "success",
    "too_big",
    "too_small",
    "total",
    "unrecognized_keys",
  ]);
});

test(`they agree on named inputs: huge strings and key counts, keys JSON Pointer escapes, every unit at \
its limit and one past it`, () => {
  const manyKeys = Object.fromEntries(Array.from({ length: 2_000 }, (_, index) => [`key${index}`, index]));
  const named: unknown[] = [
    { currentGems: "9".repeat(100_000) },
    { currentGems: 1, days: "9".repeat(100_000) },
    { currentGems: 1, ...manyKeys },
    { ["k".repeat(100_000)]: 1 },
    { currentGems: 1, "a/b~c": 2 },
    { currentGems: 1, years: 1e308, days: 1e308 },
    { currentGems: 1, years: 100, seconds: `0.${"0".repeat(20)}1` },
    { currentGems: "abc", years: 100, seconds: 1 },
    { currentGems: null },
    {},
    [],
    "currentGems=5",
    5,
    null,
    // Numbers a double cannot tell from others: both refuse them, as the published schema says.
    ...["10000000000000001", "9007199254740993", "100000000000000000001", "9007199254740991"].map(
      (text) => JSON.parse(`{"currentGems": ${text}, "goalGems": ${text}}`) as unknown,
    ),
    ...Object.entries(UNIT_MAXIMA).flatMap(([unit, max]) => [
      { currentGems: 1, [unit]: max },
      { currentGems: 1, [unit]: max + 1 },
      { currentGems: 1, [unit]: `${max}.5` },
    ]),
  ];
  for (const value of named) agree(value);
});

test("list-exp-ranks: the checker and ajv agree on seeded inputs", () => {
  fc.assert(
    fc.property(fc.oneof(object, fc.jsonValue(), fc.constant({})), (value) => {
      const json = asJson(value);
      if (json !== undefined) agree(json, publishedList, safeParseListRanksInput);
    }),
    { seed: SEED, numRuns: 1000 },
  );
});

test("the checker answers values JSON cannot carry too: proxies, prototypes, BigInt, NaN", () => {
  const hostile: unknown[] = [
    new Proxy(
      {},
      {
        has: () => true,
        get: () => 5,
        ownKeys: () => ["currentGems", "days"],
        getOwnPropertyDescriptor: () => ({ enumerable: true, configurable: true, value: 5 }),
      },
    ),
    new Date(0),
    new Map([["currentGems", 1]]),
    Object.assign([], { currentGems: 1 }),
    () => 1,
    Symbol("x"),
    10n,
    { currentGems: 10n },
    { currentGems: Number.NaN },
    { currentGems: Infinity },
    Object.assign(Object.create({ currentGems: 1 }) as object, { days: 1 }),
    Object.assign(Object.create(null) as object, { currentGems: 1 }),
    { currentGems: 1, days: undefined },
  ];
  for (const value of hostile) assert.type(safeParseCalculateInput(value).success, "boolean", shown(value));
});

/** Every schema under `schema`: object fields, union options, optional and nullable inner types. */
function* schemasUnder(schema: z.ZodMiniType): Generator<z.ZodMiniType> {
  yield schema;
  const def = schema._zod.def as {
    shape?: Record<string, z.ZodMiniType>;
    options?: z.ZodMiniType[];
    innerType?: z.ZodMiniType;
  };
  for (const child of [
    ...Object.values(def.shape ?? {}),
    ...(def.options ?? []),
    ...(def.innerType ? [def.innerType] : []),
  ])
    yield* schemasUnder(child);
}

test("the zod input schemas describe shapes only: no error messages or callbacks, no refinements", () => {
  for (const root of [CalculateInput, ListRanksInput] as z.ZodMiniType[]) {
    let count = 0;
    for (const schema of schemasUnder(root)) {
      count += 1;
      const def = schema._zod.def as {
        type: string;
        error?: unknown;
        checks?: { _zod: { def: { check: string; error?: unknown } } }[];
      };
      assert.is(def.error, undefined, `an error message on a ${def.type} schema`);
      for (const check of def.checks ?? []) {
        assert.is.not(check._zod.def.check, "custom", `a refinement on a ${def.type} schema`);
        assert.is(
          check._zod.def.error,
          undefined,
          `a message on the ${check._zod.def.check} check of a ${def.type} schema`,
        );
      }
    }
    assert.ok(count > 0);
  }
});

test.run();
