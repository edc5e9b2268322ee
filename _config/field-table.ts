/**
 * Field tables for the docs, rendered from JSON Schema (the output of `z.toJSONSchema` on the
 * contract's zod schemas), so every field, type, bound and description on the page is the one the
 * contract and the tools use. Nested objects become dotted rows (`timeNormalization.yearDays`). A
 * named schema (its zod id: a contract component such as `ExpRank`, or a `$defs` entry such as
 * `Duration`) has one table of its own, and every use links to it.
 * Kept: no maintained library renders JSON Schema 2020-12 as Markdown tables with bounds in words.
 */
import { slugify } from "../common/text/slugify.ts";
import { groupDigits } from "../common/text/group-digits.ts";

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  description?: string;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

function literal(value: unknown): string {
  return `\`${JSON.stringify(value)}\``;
}

/** Bounds with grouped digits, so 1e20 reads as 100,000,000,000,000,000,000. */
function boundText(schema: JsonSchema): string[] {
  const bounds: string[] = [];
  if (schema.exclusiveMinimum !== undefined) bounds.push(`> ${groupDigits(schema.exclusiveMinimum)}`);
  // zod's `.int()` adds ±(2^53 − 1) bounds that say nothing a reader needs.
  if (schema.minimum !== undefined && Math.abs(schema.minimum) !== Number.MAX_SAFE_INTEGER)
    bounds.push(`≥ ${groupDigits(schema.minimum)}`);
  if (schema.exclusiveMaximum !== undefined) bounds.push(`< ${groupDigits(schema.exclusiveMaximum)}`);
  if (schema.maximum !== undefined && Math.abs(schema.maximum) !== Number.MAX_SAFE_INTEGER)
    bounds.push(`≤ ${groupDigits(schema.maximum)}`);
  if (schema.minLength === 1) bounds.push("not empty");
  else if (schema.minLength !== undefined) bounds.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) bounds.push(`at most ${schema.maxLength} characters`);
  if (schema.minItems === 1) bounds.push("not empty");
  else if (schema.minItems !== undefined && schema.minItems > 1)
    bounds.push(`at least ${schema.minItems} items`);
  if (schema.maxItems !== undefined) bounds.push(`at most ${schema.maxItems} items`);
  if (schema.format) bounds.push(`format ${schema.format}`);
  if (schema.pattern) bounds.push(`pattern \`${schema.pattern}\``);
  return bounds;
}

/** The named schemas by name: the contract's components and a root's `$defs`. */
type Named = Record<string, JsonSchema>;

/**
 * The named schema a `$ref` points to (`#/components/schemas/ExpRank`, `#/$defs/Duration`) and its
 * name. zod's registry ids are unique, so a name is one schema, with one table and one anchor.
 */
export function target(ref: string, named: Named): { name: string; schema: JsonSchema } {
  const name = ref.replace(/^#\/(?:components\/schemas|\$defs)\//, "");
  const schema = name in Object.prototype ? undefined : named[name];
  if (!schema)
    throw new Error(
      `"${name}" (${ref}) is not a schema of the contract; use one of: ${Object.keys(named).join(", ")}`,
    );
  return { name, schema };
}

/** A schema, or the named schema it points to. */
export const resolve = (schema: JsonSchema, named: Named) =>
  schema.$ref ? target(schema.$ref, named).schema : schema;

/** The type column: base type, then literal values, then bounds. */
function typeText(schema: JsonSchema, named: Named): string {
  if (schema.$ref) {
    const { name } = target(schema.$ref, named);
    return `[${name}](#${slugify(name)})`;
  }
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((variant) => typeText(variant, named)).join("; or ");
  if (schema.allOf?.length === 1 && schema.allOf[0]) return typeText(schema.allOf[0], named);
  let base = Array.isArray(schema.type)
    ? schema.type.join(" or ")
    : (schema.type ?? (schema.const !== undefined ? typeof schema.const : "any"));
  if (base === "array" && schema.items) base = `array of ${typeText(schema.items, named)}`;
  const parts = [base];
  if (schema.const !== undefined) parts.push(`constant ${literal(schema.const)}`);
  if (schema.enum) parts.push(`one of ${schema.enum.map(literal).join(", ")}`);
  const bounds = boundText(schema);
  if (bounds.length) parts.push(bounds.join(", "));
  return parts.join(", ");
}

/** An unnamed object under a field (itself, its items, or its one object variant), listed in dotted rows. */
function childObject(schema: JsonSchema): { schema: JsonSchema; suffix: string } | null {
  if (schema.properties) return { schema, suffix: "" };
  if (schema.type === "array" && schema.items?.properties) return { schema: schema.items, suffix: "[]" };
  const objects = (schema.anyOf ?? schema.oneOf)?.filter((variant) => variant.properties) ?? [];
  if (objects.length === 1 && objects[0]) return { schema: objects[0], suffix: "" };
  return null;
}

/**
 * One table row per field (field, type, required, description), depth first, nested fields under
 * their parent's dotted name.
 */
function fieldRows(schema: JsonSchema, named: Named, prefix = ""): string[] {
  if (!schema.properties)
    throw new Error(`Field table: the schema${prefix ? ` at ${prefix}` : ""} has no properties to list`);
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).flatMap(([name, property]) => {
    const field = prefix ? `${prefix}.${name}` : name;
    const type = typeText(property, named);
    // A use of a named schema says what it is here, or the schema's own description does.
    const description = property.description ?? resolve(property, named).description ?? "";
    const row = `| \`${field}\` | ${cell(type)} | ${required.has(name) ? "yes" : "no"} | ${cell(description)} |`;
    const child = childObject(property);
    return child ? [row, ...fieldRows(child.schema, named, `${field}${child.suffix}`)] : [row];
  });
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");
}

function table(rows: string[]): string {
  return ["| Field | Type | Required | Description |", "| --- | --- | --- | --- |", ...rows].join("\n");
}

/**
 * The rows as a Markdown table (field, type, required, description), then a table for each of the
 * root's `$defs` that is not a contract component (whose table the page already has), under its
 * name; every use of a named schema links to its table.
 */
export function fieldTable(schema: JsonSchema, components: Named = {}): string {
  const named = { ...schema.$defs, ...components };
  const rows = fieldRows(resolve(schema, named), named);
  if (rows.length === 0) return "This object has no fields: send `{}`.";
  const definitions = Object.entries(schema.$defs ?? {}).filter(([name]) => !components[name]);
  const parts = definitions.flatMap(([name, definition]) => [
    `#### ${name}`,
    cell(definition.description ?? ""),
    table(fieldRows(definition, named)),
  ]);
  return [table(rows), ...parts].join("\n\n");
}
