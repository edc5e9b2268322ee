/**
 * The built JSON resources and contract, for a site served under a path: each body validates
 * against the schema published inside the built `openapi.json` (ajv, independent of zod), the
 * contract passes an OpenAPI 3.1 validator, and the values the specification fixes are there.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { validate } from "@readme/openapi-parser";
import { builtSite, PATH_SITE_URL, readBuilt } from "../support/build.ts";

type Json = Record<string, any>;

const site = await builtSite(PATH_SITE_URL);
const readJson = async (file: string): Promise<Json> => JSON.parse(await readBuilt(site, file));
const contract = await readJson("openapi.json");
const info = await readJson("api/info.json");
const ranks = await readJson("api/ranks.json");

/** The built contract in ajv, added once, so that its components resolve their `#/components/...` refs. */
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
ajv.addSchema({ ...contract, $id: "https://contract.local/openapi.json" });

/** A validator for one component of the built contract. */
function componentValidator(name: string) {
  const validator = ajv.getSchema(`https://contract.local/openapi.json#/components/schemas/${name}`);
  if (!validator) throw new Error(`openapi.json has no components.schemas.${name}`);
  return validator;
}

function assertValid(name: string, body: unknown) {
  const validator = componentValidator(name);
  assert.ok(validator(body), `${name}: ${JSON.stringify(validator.errors, null, 2)}`);
}

function assertInvalid(name: string, body: unknown) {
  assert.not.ok(componentValidator(name)(body), `${name} accepted ${JSON.stringify(body)}`);
}

test("/api/info.json and /api/ranks.json validate against CalculatorInfo and RankList in the built contract", () => {
  assertValid("CalculatorInfo", info);
  assertValid("RankList", ranks);
});

test("the published schemas reject extra fields, wrong constants and missing fields", () => {
  for (const edit of [
    { extra: true },
    { dailyInterestRate: "0.004" },
    { dailyInterestPercent: "0.4" },
    { url: "not a url" },
    { timeNormalization: { ...info.timeNormalization, yearDays: 360 } },
    { calculationAccess: { ...info.calculationAccess, webMcpTools: ["other-tool"] } },
  ])
    assertInvalid("CalculatorInfo", { ...info, ...edit });
  const { links, ...withoutLinks } = info;
  assertInvalid("CalculatorInfo", withoutLinks);
  assertInvalid("RankList", { ...ranks, ranks: [{ name: "Member", minGems: "0" }] });
  assertInvalid("ExpRank", { name: "Member", minGems: "12B", displayValue: "12B+" });
  assertInvalid("ErrorResponse", { error: { code: "teapot", message: "m", resolution: "r" } });
});

test("every error example in the contract validates against ErrorResponse", () => {
  const responses = Object.entries<Json>(contract.components.responses);
  const names = responses.map(([name]) => name);
  assert.equal(names, ["NotFound", "UnexpectedError"]);
  for (const [name, response] of responses) {
    const example = response.content["application/json"].example;
    assertValid("ErrorResponse", example);
    assert.is(example.error.code, name === "NotFound" ? "not_found" : "internal_error", name);
  }
});

test("the 200 examples in the contract are the actual bodies", () => {
  const example = (path: string) =>
    contract.paths[path].get.responses["200"].content["application/json"].example;
  assert.equal(example("/api/info.json"), info);
  assert.equal(example("/api/ranks.json"), ranks);
});

test("openapi.json passes an OpenAPI 3.1 validator", async () => {
  const result = await validate(structuredClone(contract) as Parameters<typeof validate>[0]);
  assert.ok(result.valid, JSON.stringify(result, null, 2));
  assert.equal(result.specification, "OpenAPI");
});

test("the OpenAPI validator rejects a broken copy of the contract", async () => {
  const broken = structuredClone(contract);
  broken.paths["/api/ranks.json"].get.operationId = "getCalculatorInfo";
  delete broken.info.title;
  assert.not.ok((await validate(broken as Parameters<typeof validate>[0])).valid);
});

test("the contract fixes what the specification fixes", () => {
  assert.is(contract.openapi, "3.1.0");
  assert.is(contract.info.version, "1.0.0");
  assert.is(contract.info.title, "EXP Bank Calculator API");
  assert.ok(contract.info.contact?.url, "contact");
  assert.ok(contract.info.license?.name, "license");
  assert.ok(contract.info.termsOfService, "termsOfService");
  assert.is(contract.externalDocs.url, "https://example.github.io/exp-bank/docs/");
  assert.equal(contract.servers, [
    { url: "https://example.github.io/exp-bank", description: "Public deployment" },
  ]);
  assert.equal(contract.components.schemas.ErrorResponse.properties.error.properties.code.enum, [
    "invalid_request",
    "not_found",
    "internal_error",
  ]);
  assert.not.ok(contract.components.securitySchemes, "no security schemes");
});

test("both JSON resources declare 200, 404 and default, with no parameters and no credentials", () => {
  const expected = { "/api/info.json": "getCalculatorInfo", "/api/ranks.json": "listExpRanks" };
  for (const [path, operationId] of Object.entries(expected)) {
    const operation = contract.paths[path].get;
    assert.is(operation.operationId, operationId);
    assert.equal(operation.security, []);
    assert.is(operation.parameters, undefined);
    assert.is(operation.requestBody, undefined);
    assert.equal(Object.keys(operation.responses).sort(), ["200", "404", "default"]);
    assert.ok(operation.responses["200"].content["application/json"].schema.$ref);
    assert.is(Object.keys(contract.paths[path]).join(), "get", `${path} has only GET`);
  }
  // Each error example's code is "every error example in the contract validates against ErrorResponse".
  const failure = contract.components.responses.UnexpectedError;
  assert.is(failure.description, "The server could not complete the request.");
  assert.match(
    failure.content["application/json"].example.error.resolution,
    /^Retry.*persists.*docs.*contact support/,
  );
  assert.ok(contract.paths["/openapi.json"].get, "the contract describes itself");
});

test("the resources carry the values the specification fixes", () => {
  assert.is(info.name, "EXP Bank Calculator");
  assert.is(info.dailyInterestRate, "0.003");
  assert.is(info.dailyInterestPercent, "0.3");
  const fixed = contract.components.schemas.CalculatorInfo.properties;
  assert.is(fixed.dailyInterestRate.const, "0.003", "the rate is a constant of the contract");
  assert.is(fixed.dailyInterestPercent.const, "0.3", "the percent is a constant of the contract");
  assert.equal(info.timeNormalization, {
    yearDays: 365,
    monthDays: 30,
    hoursPerDay: 24,
    minutesPerDay: 1440,
    secondsPerDay: 86400,
  });
  assert.equal(info.calculationAccess, {
    staticJson: false,
    webMcp: true,
    webMcpTools: ["calculate-exp-growth", "list-exp-ranks"],
  });
  assert.is(ranks.name, info.name);
  assert.is(ranks.dailyInterestRate, "0.003");
  assert.equal(
    ranks.ranks.map((rank: Json) => [rank.name, rank.minGems, rank.displayValue]),
    [
      ["Member", "0", "0M+"],
      ["Ethereal", "160000000", "160M+"],
      ["Luminary", "800000000", "800M+"],
      ["Radiant", "1600000000", "1.6B+"],
      ["Catalyst", "4000000000", "4B+"],
      ["Divine", "12000000000", "12B+"],
      ["Cosmic", "48000000000", "48B+"],
    ],
  );
});

test("every absolute URL in the JSON outputs starts with SITE_URL", () => {
  const urls = [info, ranks, contract].flatMap(
    (body) => JSON.stringify(body).match(/https?:\/\/[^"\s)]+/g) ?? [],
  );
  assert.ok(urls.length > 5);
  for (const url of urls) {
    const isServer = url === PATH_SITE_URL.replace(/\/$/, "");
    assert.ok(url.startsWith(PATH_SITE_URL) || isServer, url);
  }
  assert.equal(info.links, {
    documentation: "https://example.github.io/exp-bank/docs/",
    openapi: "https://example.github.io/exp-bank/openapi.json",
    agentGuide: "https://example.github.io/exp-bank/llms.txt",
  });
  assert.is(info.url, PATH_SITE_URL);
});

test("JSON outputs are UTF-8, two-space indented and end with one newline", async () => {
  for (const file of ["openapi.json", "api/info.json", "api/ranks.json"]) {
    const text = await readBuilt(site, file);
    assert.is(text, JSON.stringify(JSON.parse(text), null, 2) + "\n", file);
  }
});

test.run();
