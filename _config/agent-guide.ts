/**
 * What /llms.txt states that its writer does not type: figures, field lists and the worked example,
 * read from the data, the contract's schemas and the engine, for the prose in `content/llms.txt.liquid`
 * (as `guide`, from `content/llms.txt.11tydata.ts`). Lists come as finished Markdown: the schemas'
 * descriptions are authored Markdown, and values from data are escaped here. /api/llms.txt
 * (`content/api/llms.txt.liquid`) reads its resources' links, and its bullet list and rank line.
 */
import type { CalculatorInfo } from "../contract/calculator-info.ts";
import type { RankList } from "../contract/rank-list.ts";
import type { ToolData } from "../_data/tools.ts";
import { CALCULATE_LIMITS, DURATION_MAXIMA, EXACT_NUMBER_LIMIT } from "../common/input/input-rules.ts";
import { LOSSY_NUMBER_RULE } from "../contract/calculate-input.ts";
import type { DurationUnit } from "../common/engine/duration.ts";
import { calculateGrowth } from "../common/engine/calculate.ts";
import rankList from "../_data/ranks.ts";
import { exactOf, exactToFixed8, multiplyExact } from "../common/engine/exact.ts";
import { markdownText } from "./escape.ts";
import { resolve, type JsonSchema } from "./field-table.ts";
import type endpoints from "../_data/endpoints.ts";

export type GuideData = {
  calculator: CalculatorInfo;
  ranks: RankList;
  tools: ToolData[];
  endpoints: typeof endpoints;
};

type SchemaProperties = Record<string, JsonSchema>;

/** A Markdown bullet list; an item may carry an indented sub-list on its following lines. */
export function bulletList(items: readonly string[]): string {
  return items.map((item) => `- ${item}`).join("\n");
}

/** A rank as both guides list it: `Ethereal: 160000000 gems, label 160M+`. */
export function rankLine(rank: RankList["ranks"][number]): string {
  return `${markdownText(rank.name)}: ${rank.minGems} gems, label ${markdownText(rank.displayValue)}`;
}

/**
 * The fields of an object-valued field (an object, a nullable object, or an array of objects), if
 * it has any; a named object (`#/$defs/Duration`) is looked up in the schema's `defs`.
 */
function fieldsOf(field: JsonSchema, defs: SchemaProperties): SchemaProperties | undefined {
  const schema = resolve(field, defs);
  if (schema.properties) return schema.properties;
  if (schema.items) return fieldsOf(schema.items, defs);
  return schema.anyOf?.map((option) => fieldsOf(option, defs)).find((found) => found !== undefined);
}

/** The part of an input's description that says what it means, without its bounds ("Limits" states them all). */
function meaningOf(description = ""): string {
  return description.replace(/\s*(?:Greater than|At least) 0 and at most \d+\.$/, "");
}

const FIXED_8_SUFFIX = / A decimal string with exactly 8 fractional digits, rounded (half-)?up\.$/;

/** `\`key\`: description`, without the suffix every 8-decimal field shares. */
const fieldLine = (key: string, field: JsonSchema) =>
  `\`${key}\`: ${(field.description ?? "").replace(FIXED_8_SUFFIX, "")}`;

/**
 * The result's fields, with the fields of goal, additional and each milestone as a sub-list (a
 * duration's fields have their own note). A sub-field described the same way under an earlier field,
 * up to its target (goal's `daysToReach` is a milestone's, towards targetGems instead of the rank's
 * minGems), points to the field that last described it instead: the guide says each thing once.
 */
function resultFieldLines(outputs: SchemaProperties, defs: SchemaProperties): string[] {
  /** Whose each sub-field line is, by its text towards a generic target. */
  const owners = new Map<string, string>();
  const generic = (text: string) => text.replaceAll("this rank's minGems", "targetGems");
  return Object.entries(outputs).map(([key, field]) => {
    const line = fieldLine(key, field);
    // nextRank is milestones[0], and a rank's own fields are those of the rank table above.
    const inner = ["milestones", "goal", "additional"].includes(key) ? fieldsOf(field, defs) : undefined;
    if (!inner) return line;
    const owner = key === "milestones" ? "a milestone's" : `\`${key}\`'s`;
    const lines = Object.entries(inner).map(([name, sub]) => {
      const text = fieldLine(name, sub);
      const earlier = owners.get(generic(text));
      owners.set(generic(text), owner);
      if (earlier) return `\`${name}\`: as ${earlier}, towards targetGems.`;
      return name === "duration" ? "`duration`: a Duration (see Durations below)." : text;
    });
    const subject = key === "milestones" ? "Each milestone (and nextRank) has" : `\`${key}\` has`;
    return `${line} ${subject}:\n${lines.map((text) => `  - ${text}`).join("\n")}`;
  });
}

/**
 * Top-level fields of a tool's JSON Schema (a zod object's, in contract/tool-descriptors.ts), with their
 * descriptions; a root `$ref` into `$defs` is followed.
 */
const propertiesOf = (schema: Record<string, unknown>) =>
  fieldsOf(schema, (schema.$defs ?? {}) as SchemaProperties)!;

/** A JSON value over a few lines: top-level fields one a line, arrays one item a line. */
function exampleJson(value: Record<string, unknown>): string {
  const fields = Object.entries(value).map(([key, field]) => {
    const text =
      Array.isArray(field) && field.length > 0
        ? `[\n${field.map((item) => `    ${JSON.stringify(item)}`).join(",\n")}\n  ]`
        : JSON.stringify(field);
    return `  ${JSON.stringify(key)}: ${text}`;
  });
  return `{\n${fields.join(",\n")}\n}`;
}

/** `\`currentGems\`, \`goalGems\``: a schema's top-level fields, as code. */
const keysOf = (schema: Record<string, unknown>) =>
  Object.keys(propertiesOf(schema))
    .map((key) => `\`${key}\``)
    .join(", ");

/** Each input of the calculate tool with what it means; additionalGems with the deposit warning. */
function inputLines(inputs: SchemaProperties): string[] {
  return Object.entries(inputs).map(([key, field]) => {
    const required = key === "currentGems" ? " (required)" : "";
    const warning =
      key === "additionalGems"
        ? " It does not change futureGems: to model a deposit, add it to currentGems."
        : "";
    return `\`${key}\`${required}: ${meaningOf(field.description)}${warning}`;
  });
}

/**
 * The digits before the point of the largest result, the largest balance grown for the longest time,
 * so the recipe can say how many it needs: the limits and the engine are this module's own, and the
 * ranks do not change the balance.
 */
const LARGEST_DIGITS = calculateGrowth(
  { currentGems: CALCULATE_LIMITS.maxGems, days: CALCULATE_LIMITS.maxDurationDays },
  rankList.ranks,
).futureGems.split(".")[0]!.length;

/** Everything `content/llms.txt.liquid` reads as `guide`. */
export function agentGuide(data: GuideData) {
  // The tools in the order of TOOL_NAMES (contract/tool-descriptors.ts): calculate, then list.
  const [calculate, list] = data.tools as [ToolData, ToolData];
  const inputs = propertiesOf(calculate.inputSchema);
  const outputs = propertiesOf(calculate.outputSchema);
  const { structuredContent: result } = calculate.example.result as {
    structuredContent: Record<string, unknown> & { profitPerHour: string };
  };
  const timeKeys = Object.keys(inputs).filter((key) => !key.endsWith("Gems"));
  const defs = (calculate.outputSchema.$defs ?? {}) as SchemaProperties;
  // Duration is a named schema (contract/calculate-output.ts) every milestone and target uses: one of the $defs.
  const durationFields = defs.Duration!.properties!;
  return {
    calculateName: calculate.name,
    listName: list.name,
    limits: CALCULATE_LIMITS,
    timeKeys: timeKeys.join(", "),
    timeMaxima: timeKeys.map((key) => `${key} ${DURATION_MAXIMA[key as DurationUnit]}`).join(", "),
    ranks: bulletList(data.ranks.ranks.map(rankLine)),
    inputs: bulletList(inputLines(inputs)),
    results: bulletList(resultFieldLines(outputs, defs)),
    durationFields: bulletList(Object.entries(durationFields).map(([key, field]) => fieldLine(key, field))),
    example: calculate.example,
    exampleOutput: exampleJson(result),
    largestDigits: LARGEST_DIGITS,
    exactNumberLimit: EXACT_NUMBER_LIMIT,
    // hours × the hourly profit, exactly: what a day would earn if the hourly figure were simple.
    dayOfHourlyProfit: exactToFixed8(
      multiplyExact(exactOf(result.profitPerHour), exactOf(data.calculator.timeNormalization.hoursPerDay)),
    ),
    lossyNumberRule: LOSSY_NUMBER_RULE,
    // Each JSON resource as both guides link it (`- [name](url): note`): method and path, then its
    // summary, operation, body schema and type.
    resources: data.endpoints.resources.map(
      ({ method, path, url, summary, operationId, schema, mediaType }) => ({
        name: `${method} /${path}`,
        url,
        note: `${summary} (operation \`${operationId}\`, body ${schema}, ${mediaType}).`,
      }),
    ),
    calculateTakes: keysOf(calculate.inputSchema),
    calculateReturns: keysOf(calculate.outputSchema),
    listReturns: keysOf(list.outputSchema),
  };
}
