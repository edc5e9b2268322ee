/**
 * `tools`: the homepage's WebMCP tools as the docs show them and the page registers them (the
 * bundle ships the same descriptors): name, title, description, JSON Schemas generated from the
 * zod schemas, annotations, flat field lists for tables, and a worked example computed by the engine.
 */
import { DURATION_UNITS } from "../assets/engine/duration.ts";
import { INPUT_EXAMPLE } from "../assets/contract/calculate-input.ts";
import { calculateExpGrowth } from "../assets/tools/calculate-exp-growth.ts";
import { listExpRanks } from "../assets/tools/list-exp-ranks.ts";
import { toolDescriptors, type JsonSchema, type ToolDescriptor } from "../assets/tools/descriptors.ts";

/** One row of a field table. */
export interface ToolField {
  /** Dotted path, such as `nextRank.duration.years`. */
  name: string;
  /** The form's label for an input: "Current gems" for `currentGems`. */
  label: string;
  /** `gems` or `time` for an input, by what it measures. */
  kind: "gems" | "time" | "other";
  required: boolean;
  /** Types as JSON Schema names them, such as `number or string`. */
  type: string;
  /** Bounds and format in words, such as `> 0, ≤ 100000000000000000000; string: ≤ 64 characters, pattern …`. */
  bounds: string;
  description: string;
}

const isSchema = (value: unknown): value is JsonSchema => typeof value === "object" && value !== null && !Array.isArray(value);

function variants(schema: JsonSchema): JsonSchema[] {
  return Array.isArray(schema.anyOf) ? schema.anyOf.filter(isSchema) : [schema];
}

function typeOf(schema: JsonSchema): string {
  return variants(schema)
    .map((variant) => ("const" in variant ? JSON.stringify(variant.const) : String(variant.type ?? "object")))
    .join(" or ");
}

function boundsOf(schema: JsonSchema): string {
  const words: Record<string, string> = { exclusiveMinimum: ">", minimum: "≥", maximum: "≤", maxLength: "length ≤", minLength: "length ≥", pattern: "pattern" };
  return variants(schema)
    .map((variant) => Object.entries(words).filter(([key]) => key in variant).map(([key, word]) => `${word} ${String(variant[key])}`).join(", "))
    .filter(Boolean)
    .join("; ");
}

function labelOf(name: string): string {
  const words = name.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A schema with a local `$ref` (`#/$defs/ExpRank`) replaced by its definition. */
function resolved(schema: JsonSchema, root: JsonSchema): JsonSchema {
  const ref = typeof schema.$ref === "string" ? schema.$ref : undefined;
  const defs = isSchema(root.$defs) ? root.$defs : {};
  const target = ref?.startsWith("#/$defs/") ? defs[ref.slice("#/$defs/".length)] : undefined;
  return isSchema(target) ? { ...target, ...schema, $ref: undefined } : schema;
}

/**
 * Every property of an object schema, nested objects (also when nullable or in an array, as
 * `ranks[].name`) flattened after their parent.
 */
function fieldsOf(rootOrSchema: JsonSchema, prefix = "", root: JsonSchema = rootOrSchema): ToolField[] {
  const schema = resolved(rootOrSchema, root);
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  return Object.entries(properties).flatMap(([key, property]) => {
    if (!isSchema(property)) return [];
    const value = resolved(property, root);
    const name = prefix + key;
    const kind = prefix ? "other" : (DURATION_UNITS as readonly string[]).includes(key) ? "time" : key.endsWith("Gems") ? "gems" : "other";
    const items = isSchema(value.items) ? resolved(value.items, root) : undefined;
    const nested = items ?? variants(value).map((variant) => resolved(variant, root)).find((variant) => isSchema(variant.properties));
    const description = String(value.description ?? nested?.description ?? "");
    const type = items ? `array of ${typeOf(items)}` : typeOf(value);
    const field: ToolField = { name, label: labelOf(key), kind, required: required.includes(key), type, bounds: boundsOf(value), description };
    return [field, ...(nested ? fieldsOf(nested, items ? `${name}[].` : `${name}.`, root) : [])];
  });
}

export interface ToolData extends ToolDescriptor {
  inputFields: ToolField[];
  outputFields: ToolField[];
  /** A real call and what the tool returns for it, computed at build time. */
  example: { input: Record<string, unknown>; result: unknown };
}

const examples: Record<ToolDescriptor["name"], { input: Record<string, unknown>; result: unknown }> = {
  "calculate-exp-growth": { input: { ...INPUT_EXAMPLE }, result: calculateExpGrowth(INPUT_EXAMPLE) },
  "list-exp-ranks": { input: {}, result: listExpRanks({}) },
};

const tools: ToolData[] = toolDescriptors.map((tool) => ({
  ...tool,
  inputFields: fieldsOf(tool.inputSchema),
  outputFields: fieldsOf(tool.outputSchema),
  example: examples[tool.name],
}));

export default tools;
