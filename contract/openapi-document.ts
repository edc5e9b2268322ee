import * as z from "zod/mini";
import { describe } from "./describe.ts";

/**
 * The body of `/openapi.json` as its own operation describes it: an OpenAPI 3.1 document, with the
 * fields every such document has typed, so a generated client can read them. Other fields pass.
 * See https://spec.openapis.org/oas/v3.1.0#openapi-object
 */
export const OpenApiDocument = describe(
  z.looseObject({
    openapi: describe(z.string(), "The OpenAPI version the document is written in, such as `3.1.0`."),
    info: describe(
      z.looseObject({
        title: describe(z.string(), "Name of the API."),
        version: describe(z.string(), "Version of the contract; it changes when the contract does."),
        summary: z.optional(describe(z.string(), "One-line summary of the API.")),
        description: z.optional(describe(z.string(), "What the API offers.")),
      }),
      "Metadata about the API.",
    ),
    servers: z.optional(
      describe(
        z.array(z.looseObject({ url: describe(z.string(), "Base URL the paths are appended to.") })),
        "Where the API is served.",
      ),
    ),
    paths: describe(z.record(z.string(), z.looseObject({})), "The operations, by path."),
    components: z.optional(describe(z.looseObject({}), "Reusable schemas and responses.")),
  }),
  "An OpenAPI 3.1 document: this contract.",
);
