/** Options every JSON Schema made from the contract's zod schemas shares (the contract and the tools). */
import type * as z from "zod/mini";

type Override = NonNullable<z.core.ToJSONSchemaParams["override"]>;

/**
 * zod writes a number literal such as `365` as `{ "type": "number", "const": 365 }`; a whole
 * literal is an integer, as the specification types the time constants.
 */
export const integerLiterals: Override = ({ jsonSchema }) => {
  if (
    jsonSchema.type === "number" &&
    typeof jsonSchema.const === "number" &&
    Number.isInteger(jsonSchema.const)
  ) {
    jsonSchema.type = "integer";
  }
};
