/**
 * `openapi`: the OpenAPI 3.1 contract served at `/openapi.json`, built from the zod schemas
 * (`z.toJSONSchema` into `components.schemas`) and the resource bodies, so it cannot drift from them.
 */
import * as z from "zod/mini";
import { API_VERSION, OPENAPI_VERSION } from "../assets/contract/constants.ts";
import { CalculatorInfo } from "../assets/contract/calculator-info.ts";
import { ExpRank, RankList } from "../assets/contract/rank-list.ts";
import { ErrorResponse } from "../assets/contract/error-response.ts";
import { integerLiterals } from "../assets/contract/json-schema.ts";
import info from "./info.ts";
import ranks from "./ranks.ts";
import site from "./site.ts";

/** The HTTP bodies, by component name. Importing them registers their ids. */
export const componentSchemas = { CalculatorInfo, RankList, ExpRank, ErrorResponse };

const ref = (id: keyof typeof componentSchemas) => ({ $ref: `#/components/schemas/${id}` });

/** JSON Schema 2020-12 of each body, referencing each other by component name. */
function schemaComponents(): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(componentSchemas)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: "draft-2020-12",
    metadata: z.globalRegistry,
    uri: (id) => `#/components/schemas/${id}`,
    override: integerLiterals,
  });
  // A fragment `$id` and a per-schema `$schema` are not valid inside an OpenAPI document's components.
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $id, $schema, ...schema }]) => [id, schema]),
  );
}

/** The two static JSON resources, in the order the docs list them. */
export const resources = [
  {
    key: "info",
    path: site.paths.info,
    operationId: "getCalculatorInfo",
    tag: "Calculator",
    summary: "Get the calculator's assumptions",
    responseDescription: "The calculator's assumptions.",
    description: "Returns the daily interest rate, the growth formula, the time constants, where arbitrary calculations can be done, and links to the guides. A static file: no parameters, no request body, no credentials.",
    schema: "CalculatorInfo",
    example: info,
  },
  {
    key: "ranks",
    path: site.paths.ranks,
    operationId: "listExpRanks",
    tag: "Ranks",
    summary: "List the rank thresholds",
    responseDescription: "The rank thresholds, lowest first.",
    description: "Returns every rank with its minimum gem balance and display label, lowest first, and the daily interest rate they are computed with. A static file: no parameters, no request body, no credentials.",
    schema: "RankList",
    example: ranks,
  },
] as const;

/** The `default` response: any failure to serve a resource. */
const UNEXPECTED_ERROR = "The server could not complete the request.";

export const errorExamples = {
  notFound: {
    error: {
      code: "not_found",
      message: "No resource exists at this path.",
      resolution: `Request one of the published resources: ${site.urls.info} or ${site.urls.ranks}; the list is at ${site.urls.api}.`,
    },
  },
  internalError: {
    error: {
      code: "internal_error",
      message: UNEXPECTED_ERROR,
      resolution: `Retry the request. If the problem persists, read the docs at ${site.urls.docs} or contact support at ${site.contact.url}.`,
    },
  },
} satisfies Record<string, z.infer<typeof ErrorResponse>>;

const json = (schema: unknown, example: unknown) => ({ "application/json": { schema, example } });

const operation = (resource: (typeof resources)[number]) => ({
  get: {
    operationId: resource.operationId,
    tags: [resource.tag],
    summary: resource.summary,
    description: resource.description,
    security: [],
    responses: {
      "200": { description: resource.responseDescription, content: json(ref(resource.schema), resource.example) },
      "404": { $ref: "#/components/responses/NotFound" },
      default: { $ref: "#/components/responses/UnexpectedError" },
    },
  },
});

export default {
  openapi: OPENAPI_VERSION,
  info: {
    title: `${site.name} API`,
    version: API_VERSION,
    summary: `Read-only assumptions and rank thresholds of the ${site.name}.`,
    description: `Static, read-only JSON resources describing how a gem balance grows at a fixed daily interest rate and which ranks it reaches. No accounts, no credentials, no write operations. Arbitrary calculations are not offered over HTTP: they run in the browser through the WebMCP tools on the homepage (${site.urls.home}).`,
    termsOfService: site.termsOfService,
    contact: site.contact,
    license: site.license,
  },
  externalDocs: { description: "API docs", url: site.urls.docs },
  // Paths start with "/" and are appended to the server URL, so it carries no trailing slash.
  servers: [{ url: site.url.replace(/\/$/, ""), description: "Public deployment" }],
  security: [],
  tags: [
    { name: "Calculator", description: "The calculator's assumptions." },
    { name: "Ranks", description: "Rank thresholds over gem balances." },
    { name: "Contract", description: "This OpenAPI document." },
  ],
  paths: {
    ...Object.fromEntries(resources.map((resource) => [`/${resource.path}`, operation(resource)])),
    [`/${site.paths.openapi}`]: {
      get: {
        operationId: "getOpenApiDocument",
        tags: ["Contract"],
        summary: "Get this OpenAPI contract",
        description: "Returns this document: the OpenAPI 3.1 contract of the service.",
        security: [],
        responses: {
          "200": {
            description: "The OpenAPI 3.1.0 document.",
            content: { "application/json": { schema: { type: "object", description: "An OpenAPI 3.1 document." } } },
          },
        },
      },
    },
  },
  components: {
    schemas: schemaComponents(),
    responses: {
      NotFound: {
        description: "No resource exists at this path.",
        content: json(ref("ErrorResponse"), errorExamples.notFound),
      },
      UnexpectedError: {
        description: UNEXPECTED_ERROR,
        content: json(ref("ErrorResponse"), errorExamples.internalError),
      },
    },
  },
};
