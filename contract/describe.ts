import * as z from "zod/mini";

/** What a schema says about itself: read by the contract, the docs tables and the tool descriptions. */
export interface SchemaMeta {
  /**
   * The schema's name: a component of `openapi.json` (`#/components/schemas/<id>`) for an HTTP body,
   * or a definition (`#/$defs/<id>`) of a tool's output schema used in several places; either way,
   * one table of the docs.
   */
  id?: string;
  description: string;
}

/**
 * Attaches a description (and optionally a component id) to a schema, once.
 * zod/mini has no `.describe()`; metadata lives in `z.globalRegistry`, which `z.toJSONSchema` reads.
 * See https://zod.dev/metadata
 */
export function describe<T extends z.ZodMiniType>(schema: T, meta: string | SchemaMeta): T {
  z.globalRegistry.add(schema, typeof meta === "string" ? { description: meta } : { ...meta });
  return schema;
}

type Override = NonNullable<z.core.ToJSONSchemaParams["override"]>;

/**
 * An option every JSON Schema made from the contract's zod schemas shares (the contract and the tools):
 * zod writes a number literal such as `365` as `{ "type": "number", "const": 365 }`; a whole literal
 * is an integer, as the specification types the time constants.
 */
export const integerLiterals: Override = ({ jsonSchema }) => {
  if (jsonSchema.type === "number" && Number.isInteger(jsonSchema.const)) jsonSchema.type = "integer";
};
