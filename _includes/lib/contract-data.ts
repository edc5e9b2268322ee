/**
 * Global data `contract`: what the pages need from the contract beyond the `_data` modules, taken
 * from the OpenAPI document and the schema constants so the prose cannot restate them wrongly.
 */
import openapi, { errorExamples, resources } from "../../_data/openapi.ts";
import { ERROR_CODES } from "../../assets/contract/constants.ts";
import { ErrorResponse } from "../../assets/contract/error-response.ts";
import site from "../../_data/site.ts";

type Operation = { responses: Record<string, { $ref?: string; content?: Record<string, unknown> }> };

/** The method, declared statuses and success media type of the one operation at a path. */
function operationOf(path: string): { method: string; statuses: string[]; mediaType: string } {
  const item = (openapi.paths as Record<string, Record<string, Operation>>)[`/${path}`];
  const [method, operation] = Object.entries(item ?? {})[0] ?? [];
  if (!method || !operation) throw new Error(`The contract has no operation at /${path}`);
  const mediaType = Object.keys(operation.responses["200"]?.content ?? {})[0];
  if (!mediaType) throw new Error(`The contract's operation at /${path} declares no 200 media type`);
  return { method: method.toUpperCase(), statuses: Object.keys(operation.responses), mediaType };
}

/** Each JSON resource with its method, absolute URL, declared statuses and media type. */
const resourceList = resources.map((resource) => ({
  ...resource,
  ...operationOf(resource.path),
  url: site.urls[resource.key],
}));

/** The contract's own path, read the same way. */
const contractOperation = operationOf(site.paths.openapi);

/** The status each shared error response is declared under, read from the resources' operations. */
const statusOfResponse = new Map<string, string>();
for (const resource of resources) {
  const item = (openapi.paths as Record<string, Record<string, Operation>>)[`/${resource.path}`] ?? {};
  for (const operation of Object.values(item)) {
    for (const [status, response] of Object.entries(operation.responses)) {
      const name = response.$ref?.split("/").pop();
      if (name) statusOfResponse.set(name, status);
    }
  }
}

/** Each error code, the HTTP status the contract declares it under (null: none) and why. */
const responseCodes = Object.entries(openapi.components.responses).map(([name, response]) => ({
  name,
  description: response.description,
  code: ErrorResponse.parse(response.content["application/json"].example).error.code,
}));
const errorCodes = ERROR_CODES.map((code) => {
  const declared = responseCodes.find((response) => response.code === code);
  return {
    code,
    status: declared ? (statusOfResponse.get(declared.name) ?? null) : null,
    description: declared?.description ?? null,
  };
});

export default {
  resources: resourceList,
  errorExamples,
  errorCodes,
  componentNames: Object.keys(openapi.components.schemas),
  openapiVersion: openapi.openapi,
  apiVersion: openapi.info.version,
  apiTitle: openapi.info.title,
  serverUrl: openapi.servers[0]?.url ?? site.url,
  contractMethod: contractOperation.method,
  contractMediaType: contractOperation.mediaType,
};
