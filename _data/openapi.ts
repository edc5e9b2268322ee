// Derived, not written by hand: the OpenAPI document, from the zod schemas in `contract/` and `endpoints.ts`.
/**
 * `openapi`: the OpenAPI 3.1 contract served at `/openapi.json`, assembled by zod-openapi from the
 * zod schemas (the bodies) and `endpoints` (the operations), so it cannot drift from either.
 * See https://github.com/samchungy/zod-openapi
 */
import type * as z from "zod/mini";
import { createDocument } from "zod-openapi";
import { API_VERSION, OPENAPI_VERSION } from "../common/constants.ts";
import { CalculatorInfo } from "../contract/calculator-info.ts";
import { ExpRank, RankList } from "../contract/rank-list.ts";
import { ErrorResponse } from "../contract/error-response.ts";
import { integerLiterals } from "../contract/json-schema.ts";
import { OpenApiDocument } from "../contract/openapi-document.ts";
import endpoints from "./endpoints.ts";
import site from "./site.ts";

/** The HTTP bodies, by component name (each schema's registered id). */
const bodies = { CalculatorInfo, RankList, ExpRank, ErrorResponse };

type Endpoint = (typeof endpoints.resources)[number] | typeof endpoints.contract;

const json = (schema: z.ZodMiniType, example?: unknown) => ({
  [endpoints.contract.mediaType]: example === undefined ? { schema } : { schema, example },
});

const operation = (endpoint: Endpoint, schema: z.ZodMiniType, example?: unknown) => ({
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

/** `info.summary` is OpenAPI 3.1; zod-openapi's type of `info` predates it. */
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

const document = createDocument(
  {
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
          operation(resource, bodies[resource.schema], resource.example),
        ]),
      ),
      [`/${endpoints.contract.path}`]: operation(endpoints.contract, OpenApiDocument),
    },
    components: {
      schemas: bodies,
      responses: Object.fromEntries(
        Object.entries(endpoints.errorResponses).map(([name, response]) => [
          name,
          { description: response.description, content: json(ErrorResponse, response.example) },
        ]),
      ),
    },
  },
  { override: integerLiterals },
);

export default {
  ...document,
  info,
  components: {
    ...document.components,
    // zod-openapi lists components in the order it meets them; the docs list them in the order above.
    schemas: Object.fromEntries(
      Object.keys(bodies).map((id) => [id, document.components?.schemas?.[id] ?? {}]),
    ),
  },
};
