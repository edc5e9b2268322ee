/**
 * `tools`: the homepage's WebMCP tools as the docs show them and the page registers them (the
 * bundle ships the same descriptors): name, title, description, JSON Schemas generated from the
 * zod schemas, annotations, flat field lists for tables, and a worked example computed by the engine.
 */
import { DURATION_UNITS } from "../assets/engine/duration.ts";
import { INPUT_EXAMPLE } from "../assets/contract/calculate-input.ts";
import { executeTool } from "../assets/tools/execute.ts";
import { toolDescriptors, toolOutputSchemas, type JsonSchema, type ToolDescriptor } from "../assets/tools/descriptors.ts";
import rankList from "./ranks.ts";
import { fieldRows, type JsonSchema as FieldSchema } from "../_includes/lib/field-table.ts";

/** One row of a field table. */
export interface ToolField {
  /** Dotted path, such as `nextRank.duration.years`. */
  name: string;
  /** The form's label for an input: "Current gems" for `currentGems`. */
  label: string;
  /** `gems` or `time` for an input, by what it measures. */
  kind: "gems" | "time" | "other";
  required: boolean;
  /** Type, bounds and format in words, as the docs' field tables show them. */
  type: string;
  description: string;
}

/** The form's label of an input: `currentGems` → "Current gems". */
function labelOf(name: string): string {
  const words = name.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Every field of a tool schema, nested ones after their parent, as the docs' field tables list them. */
function fieldsOf(schema: JsonSchema): ToolField[] {
  const root = schema as FieldSchema;
  return fieldRows(root, { root }).map(({ field, type, required, description }) => {
    const topLevel = !field.includes(".");
    const kind = !topLevel ? "other" : (DURATION_UNITS as readonly string[]).includes(field) ? "time" : field.endsWith("Gems") ? "gems" : "other";
    return { name: field, label: labelOf(field), kind, required, type, description };
  });
}

export interface ToolData extends ToolDescriptor {
  /** What the tool returns as `structuredContent` on success (the docs' output tables). */
  outputSchema: JsonSchema;
  inputFields: ToolField[];
  outputFields: ToolField[];
  /** A real call and what the tool returns for it, computed at build time. */
  example: { input: Record<string, unknown>; result: unknown };
}

const exampleInputs: Record<ToolDescriptor["name"], Record<string, unknown>> = {
  "calculate-exp-growth": { ...INPUT_EXAMPLE },
  "list-exp-ranks": {},
};

const tools: ToolData[] = toolDescriptors.map((tool) => ({
  ...tool,
  outputSchema: toolOutputSchemas[tool.name],
  inputFields: fieldsOf(tool.inputSchema),
  outputFields: fieldsOf(toolOutputSchemas[tool.name]),
  example: { input: exampleInputs[tool.name], result: executeTool(tool.name, exampleInputs[tool.name], rankList) },
}));

export default tools;
