// Derived, not written by hand: the OpenAPI document, from the zod schemas in `contract/` and `endpoints.ts`.
/**
 * `openapi`: the OpenAPI 3.1 contract served at `/openapi.json`. Its schemas are zod's own JSON
 * Schemas of the contract's bodies (`z.toJSONSchema`: OpenAPI 3.1 schemas are JSON Schema 2020-12),
 * each a component the operations name by `$ref`, so the document cannot drift from the schemas or
 * from `endpoints`. See https://spec.openapis.org/oas/v3.1.0 and https://zod.dev/json-schema
 */
import * as z from "zod/mini";
import { API_VERSION, OPENAPI_VERSION } from "../common/constants.ts";
import { CalculatorInfo } from "../contract/calculator-info.ts";
import { ExpRank, RankList } from "../contract/rank-list.ts";
import { ErrorResponse } from "../contract/error-response.ts";
import { integerLiterals } from "../contract/describe.ts";
import { OpenApiDocument } from "../contract/openapi-document.ts";
import endpoints from "./endpoints.ts";
import site from "./site.ts";

/** The HTTP bodies, by component name. */
const bodies = { CalculatorInfo, RankList, ExpRank, ErrorResponse };

/** How every schema of the document is written. */
const OPTIONS = { override: integerLiterals, unrepresentable: "any" } as const;

/** A schema as the document holds it: no `$schema` or `$id` (the document names its dialect and components). */
const inDocument = ({ $schema: _dialect, $id: _id, ...schema }: Record<string, unknown>) => schema;

/** A reference to the body `id`'s schema. */
const component = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** The bodies' schemas, each naming the others as `#/components/schemas/…`. */
const registry = z.registry<{ id: string }>();
for (const [id, schema] of Object.entries(bodies)) registry.add(schema, { id });
const { schemas } = z.toJSONSchema(registry, { ...OPTIONS, uri: (id) => component(id).$ref });

type Endpoint = (typeof endpoints.resources)[number] | typeof endpoints.contract;

const json = (schema: object, example?: unknown) => ({
  [endpoints.contract.mediaType]: example === undefined ? { schema } : { example, schema },
});

const operation = (endpoint: Endpoint, schema: object, example?: unknown) => ({
  get: {
    operationId: endpoint.operationId,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    description: endpoint.description,
    security: [],
    responses: {
      "200": { description: endpoint.responseDescription, content: json(schema, example) },
      "404": { $ref: "#/components/responses/NotFound" },
      default: { $ref: "#/components/responses/UnexpectedError" },
    },
  },
});

const info = {
  title: `${site.name} API`,
  version: API_VERSION,
  summary: `Read-only assumptions and rank thresholds of the ${site.name}.`,
  description:
    "Static, read-only JSON resources describing how a gem balance grows at a fixed daily interest rate " +
    "and which ranks it reaches. No accounts, no credentials, no write operations. Arbitrary " +
    "calculations are not offered over HTTP: they run in the browser through the WebMCP tools on the " +
    `homepage (${site.urls.home}).`,
  termsOfService: site.termsOfService,
  contact: site.contact,
  license: site.license,
};

export default {
  openapi: OPENAPI_VERSION,
  info,
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
    ...Object.fromEntries(
      endpoints.resources.map((resource) => [
        `/${resource.path}`,
        operation(resource, component(resource.schema), resource.example),
      ]),
    ),
    [`/${endpoints.contract.path}`]: operation(
      endpoints.contract,
      inDocument(z.toJSONSchema(OpenApiDocument, OPTIONS)),
    ),
  },
  components: {
    // In the order of `bodies`.
    schemas: Object.fromEntries(Object.keys(bodies).map((id) => [id, inDocument(schemas[id]!)])),
    responses: Object.fromEntries(
      Object.entries(endpoints.errorResponses).map(([name, response]) => [
        name,
        { description: response.description, content: json(component("ErrorResponse"), response.example) },
      ]),
    ),
  },
};
