// Derived, not written by hand: the WebMCP tools' descriptors, from the contract and the engine.
/**
 * `tools`: the homepage's WebMCP tools as the docs show them and the page registers them (the
 * bundle ships the same descriptors): name, title, description, JSON Schemas generated from the
 * zod schemas, annotations, the form's inputs, and a worked example computed by the engine.
 */
import { INPUT_EXAMPLE } from "../common/input/input-rules.ts";
import { executeTool } from "../common/tools/execute.ts";
import {
  toolDescriptors,
  toolOutputSchemas,
  type JsonSchema,
  type ToolDescriptor,
} from "../contract/tool-descriptors.ts";
import rankList from "./ranks.ts";

/** The form's label of an input: `currentGems` → "Current gems". */
function labelOf(name: string): string {
  const words = name.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The top-level inputs of a tool, in schema order: the homepage form's fields, each with its label. */
function formFields(schema: ToolDescriptor["inputSchema"]) {
  const { properties = {}, required = [] } = schema as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  return Object.keys(properties).map((name) => ({
    name,
    label: labelOf(name),
    required: required.includes(name),
  }));
}

export interface ToolData extends ToolDescriptor {
  /** What the tool returns as `structuredContent` on success (the docs' output tables). */
  outputSchema: JsonSchema;
  /** The homepage form's inputs. */
  inputFields: ReturnType<typeof formFields>;
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
  inputFields: formFields(tool.inputSchema),
  example: {
    input: exampleInputs[tool.name],
    result: executeTool(tool.name, exampleInputs[tool.name], rankList),
  },
}));

export default tools;
