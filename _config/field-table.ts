/**
 * Field tables for the docs, rendered from JSON Schema (the output of `z.toJSONSchema` on the
 * contract's zod schemas), so every field, type, bound and description on the page is the one the
 * contract and the tools use. Nested objects become dotted rows (`timeNormalization.yearDays`);
 * a reference to a named component links to that component's own table, and an object schema used
 * in more than one place (a Duration, a Milestone) gets one table of its own, linked from each use.
 * Kept: no maintained library renders JSON Schema 2020-12 as Markdown tables with bounds in words.
 */
import { slugify } from "./heading-anchors.ts";
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
  default?: unknown;
}

type FieldRow = { field: string; type: string; required: boolean; description: string };

/** Where `$ref`s point: named components (linked by name) and local `$defs` (inlined). */
export interface RefContext {
  /** `#/components/schemas/ExpRank` → its schema; shown as a link to the component's table. */
  components?: Record<string, JsonSchema>;
  /** The root schema, whose `#/$defs/…` references are expanded in place. */
  root?: JsonSchema;
  /** Object schemas with a table of their own, by `shapeKey`: their name and the anchor of that table. */
  shared?: Map<string, { name: string; anchor: string }>;
}

const COMPONENT_REF = "#/components/schemas/";
const DEF_REF = "#/$defs/";

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

/** A schema with local `$defs` references expanded, so its fields can be listed. */
function expand(schema: JsonSchema, context: RefContext): JsonSchema {
  if (!schema.$ref?.startsWith(DEF_REF)) return schema;
  const { $ref, ...rest } = schema;
  const target = context.root?.$defs?.[$ref.slice(DEF_REF.length)];
  if (!target) throw new Error(`Field table: ${$ref} is not defined in the schema's $defs`);
  return { ...target, ...rest };
}

/** The type column: base type, then literal values, then bounds. */
function typeText(input: JsonSchema, context: RefContext = {}): string {
  const schema = expand(input, context);
  const shared = schema.properties && context.shared?.get(shapeKey(schema));
  if (shared) return `[${shared.name}](#${shared.anchor})`;
  if (schema.$ref?.startsWith(COMPONENT_REF)) {
    const name = schema.$ref.slice(COMPONENT_REF.length);
    if (!context.components?.[name])
      throw new Error(`Field table: ${schema.$ref} is not a component of the contract`);
    return `[${name}](#${name.toLowerCase()})`;
  }
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((variant) => typeText(variant, context)).join("; or ");
  if (schema.allOf?.length === 1 && schema.allOf[0]) return typeText(schema.allOf[0], context);
  let base = Array.isArray(schema.type)
    ? schema.type.join(" or ")
    : (schema.type ?? (schema.const !== undefined ? typeof schema.const : "any"));
  if (base === "array" && schema.items) base = `array of ${typeText(schema.items, context)}`;
  const parts = [base];
  if (schema.const !== undefined) parts.push(`constant ${literal(schema.const)}`);
  if (schema.enum) parts.push(`one of ${schema.enum.map(literal).join(", ")}`);
  const bounds = boundText(schema);
  if (bounds.length) parts.push(bounds.join(", "));
  return parts.join(", ");
}

function childObject(schema: JsonSchema, context: RefContext): { schema: JsonSchema; suffix: string } | null {
  const expanded = expand(schema, context);
  if (expanded.properties) return { schema: expanded, suffix: "" };
  if (expanded.type === "array" && expanded.items) {
    const items = expand(expanded.items, context);
    if (items.properties) return { schema: items, suffix: "[]" };
  }
  const variants = expanded.anyOf ?? expanded.oneOf;
  const objects =
    variants?.map((variant) => expand(variant, context)).filter((variant) => variant.properties) ?? [];
  if (objects.length === 1 && objects[0]) return { schema: objects[0], suffix: "" };
  return null;
}

/** One row per field, depth first, nested fields under their parent's dotted name. */
function fieldRows(schema: JsonSchema, context: RefContext = {}, prefix = ""): FieldRow[] {
  const object = expand(schema, context);
  if (!object.properties)
    throw new Error(`Field table: the schema${prefix ? ` at ${prefix}` : ""} has no properties to list`);
  const required = new Set(object.required ?? []);
  const rows: FieldRow[] = [];
  for (const [name, property] of Object.entries(object.properties)) {
    const field = prefix ? `${prefix}.${name}` : name;
    rows.push({
      field,
      type: typeText(property, context),
      required: required.has(name),
      description: expand(property, context).description ?? "",
    });
    const child = childObject(property, context);
    if (child && !context.shared?.has(shapeKey(child.schema)))
      rows.push(...fieldRows(child.schema, context, `${field}${child.suffix}`));
  }
  return rows;
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");
}

/** An object schema's identity, whatever a particular use says about it in its description. */
function shapeKey(schema: JsonSchema): string {
  const { description: _description, ...shape } = schema;
  return JSON.stringify(shape);
}

/** A use of an object schema, by the name a reader knows it by (`Duration` for `duration`). */
type Use = { schema: JsonSchema; name: string; fromArray: boolean };

/** Every object schema under `schema`'s properties, in document order, with the name of each use. */
function objectUses(schema: JsonSchema, context: RefContext, uses: Use[] = []): Use[] {
  for (const [name, property] of Object.entries(expand(schema, context).properties ?? {})) {
    const expanded = expand(property, context);
    const items = expanded.type === "array" && expanded.items ? expand(expanded.items, context) : null;
    const found = [
      expanded,
      ...(expanded.anyOf ?? expanded.oneOf ?? []).map((variant) => expand(variant, context)),
    ].filter((entry) => entry.properties);
    const named = name.charAt(0).toUpperCase() + name.slice(1);
    for (const object of found) uses.push({ schema: object, name: named, fromArray: false });
    if (items?.properties) uses.push({ schema: items, name: named.replace(/s$/, ""), fromArray: true });
    for (const object of [...found, ...(items?.properties ? [items] : [])]) objectUses(object, context, uses);
  }
  return uses;
}

function table(rows: FieldRow[]): string {
  return [
    "| Field | Type | Required | Description |",
    "| --- | --- | --- | --- |",
    ...rows.map(
      (row) =>
        `| \`${row.field}\` | ${cell(row.type)} | ${row.required ? "yes" : "no"} | ${cell(row.description)} |`,
    ),
  ].join("\n");
}

/**
 * The rows as a Markdown table (field, type, required, description). With a `scope` (such as the
 * tool's name), each object schema used more than once is listed once, in its own table under a
 * heading "Name (scope)", after the main table, and every use links to it.
 */
export function fieldTable(schema: JsonSchema, context: RefContext = {}, scope?: string): string {
  const shared = new Map<string, { name: string; anchor: string }>();
  const sections: { heading: string; schema: JsonSchema }[] = [];
  if (scope) {
    const byShape = new Map<string, Use[]>();
    for (const use of objectUses(schema, context))
      byShape.set(shapeKey(use.schema), [...(byShape.get(shapeKey(use.schema)) ?? []), use]);
    const components = new Map(
      Object.entries(context.components ?? {}).map(([name, component]) => [shapeKey(component), name]),
    );
    for (const [key, group] of byShape) {
      if (group.length < 2) continue;
      // A contract component already has its table on the page.
      const component = components.get(key);
      if (component) {
        shared.set(key, { name: component, anchor: component.toLowerCase() });
        continue;
      }
      const name = (group.find((use) => use.fromArray) ?? group[0]!).name;
      const heading = `${name} (${scope})`;
      shared.set(key, { name, anchor: slugify(heading) });
      sections.push({ heading, schema: group[0]!.schema });
    }
  }
  const scoped = { ...context, shared };
  const rows = fieldRows(schema, scoped);
  if (rows.length === 0) return "This object has no fields: send `{}`.";
  const parts = sections.flatMap(({ heading, schema }) => [
    `#### ${heading}`,
    cell(schema.description ?? ""),
    table(fieldRows(schema, scoped)),
  ]);
  return [table(rows), ...parts].join("\n\n");
}
