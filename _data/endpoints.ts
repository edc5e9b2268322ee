// Derived, not written by hand: the site's JSON resources, from `calculator.ts`, `ranks.ts` and the contract.
/**
 * `endpoints`: every JSON resource the site serves, as the OpenAPI document (`_data/openapi.ts`)
 * and the docs describe it, and the error responses the contract declares. Written here once; the
 * document is assembled from it, and the pages read it rather than the document.
 */
import { ERROR_CODES } from "../common/constants.ts";
import type { ErrorResponse } from "../contract/error-response.ts";
import calculator from "./calculator.ts";
import ranks from "./ranks.ts";
import site from "./site.ts";

/** What every operation answers with: GET, JSON, the declared failures. */
const common = { method: "GET", mediaType: "application/json", statuses: ["200", "404", "default"] } as const;

/** A resource's key in `site.paths`, its path and its absolute URL. */
const at = <Key extends "info" | "ranks" | "openapi">(key: Key) =>
  ({ key, path: site.paths[key], url: site.urls[key] }) as const;

/** The two static JSON resources, in the order the docs list them. */
const resources = [
  {
    ...common,
    ...at("info"),
    operationId: "getCalculatorInfo",
    tag: "Calculator",
    summary: "Get the calculator's assumptions",
    responseDescription: "The calculator's assumptions.",
    description:
      "Returns the daily interest rate, the growth formula, the time constants, where arbitrary " +
      "calculations can be done, and links to the guides. A static file: no parameters, no request " +
      "body, no credentials.",
    schema: "CalculatorInfo",
    example: calculator,
  },
  {
    ...common,
    ...at("ranks"),
    operationId: "listExpRanks",
    tag: "Ranks",
    summary: "List the rank thresholds",
    responseDescription: "The rank thresholds, lowest first.",
    description:
      "Returns every rank with its minimum gem balance and display label, lowest first, and the daily " +
      "interest rate they are computed with. A static file: no parameters, no request body, no " +
      "credentials.",
    schema: "RankList",
    example: ranks,
  },
] as const;

/** The OpenAPI document itself, served beside the resources. */
const contract = {
  ...common,
  ...at("openapi"),
  operationId: "getOpenApiDocument",
  tag: "Contract",
  summary: "Get this OpenAPI contract",
  responseDescription: "The OpenAPI 3.1.0 document.",
  description: "Returns this document: the OpenAPI 3.1 contract of the service.",
} as const;

/** The `default` response: any failure to serve a resource. */
const UNEXPECTED_ERROR = "The server could not complete the request.";

/** The shared error responses, by component name, with the status each is declared under. */
const errorResponses = {
  NotFound: {
    status: "404",
    description: "No resource exists at this path.",
    example: {
      error: {
        code: "not_found",
        message: "No resource exists at this path.",
        resolution:
          `Request one of the published resources: ${site.urls.info} or ${site.urls.ranks}; the list is ` +
          `at ${site.urls.api}.`,
      },
    },
  },
  UnexpectedError: {
    status: "default",
    description: UNEXPECTED_ERROR,
    example: {
      error: {
        code: "internal_error",
        message: UNEXPECTED_ERROR,
        resolution:
          `Retry the request. If the problem persists, read the docs at ${site.urls.docs} or contact ` +
          `support at ${site.contact.url}.`,
      },
    },
  },
} satisfies Record<string, { status: string; description: string; example: ErrorResponse }>;

/** Each error code, the HTTP status the contract declares it under (null: none) and why. */
const errorCodes = ERROR_CODES.map((code) => {
  const declared = Object.values(errorResponses).find((response) => response.example.error.code === code);
  return { code, status: declared?.status ?? null, description: declared?.description ?? null };
});

export default { resources, contract, errorResponses, errorCodes };
