/**
 * A client generated from the built `/openapi.json` by a real generator (openapi-typescript) types
 * all three resources: a small program that reads `doc.openapi`, `info.dailyInterestRate` and
 * `ranks[0].minGems` type-checks against the generated types, and the same program with a
 * misspelt field does not. Generation and type check run in this process, without files.
 */
import { registerHooks } from "node:module";
import { test } from "uvu";
import * as assert from "uvu/assert";
import ts from "typescript5";
import { paths } from "../../_data/site.ts";
import { builtSite, PATH_SITE_URL, readBuilt } from "../support/build.ts";

// openapi-typescript drives TypeScript 5's compiler API; the type checker of this project is
// TypeScript 7, which has none, so TypeScript 5 is installed as `typescript5` and handed to it here.
registerHooks({
  resolve(specifier, context, nextResolve) {
    const fromGenerator = context.parentURL?.includes("/node_modules/openapi-typescript/") ?? false;
    return nextResolve(fromGenerator && specifier === "typescript" ? "typescript5" : specifier, context);
  },
});
const { default: openapiTS, astToString } = await import("openapi-typescript");

/** What a client writer types: the 200 body of each GET, by path, from the generated `paths`. */
const PROGRAM = `
import type { paths } from "./openapi";
type Body<P extends keyof paths> = paths[P]["get"]["responses"][200]["content"]["application/json"];
declare const doc: Body<"/openapi.json">;
declare const info: Body<"/api/info.json">;
declare const ranks: Body<"/api/ranks.json">;
export const openapiVersion: string = doc.openapi;
export const rate: string = info.dailyInterestRate;
export const firstThreshold: string = ranks.ranks[0].minGems;
`;

const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  // Enough for the generated types and the program; the whole ES2022 library would triple the time.
  lib: ["lib.es5.d.ts"],
  // Only the two files: no @types package of this project's.
  types: [],
};

const host = ts.createCompilerHost(OPTIONS);
const libraries = new Map<string, ts.SourceFile | undefined>();

/** The type errors of `program` next to the generated `openapi.d.ts`, as `line: message` strings. */
function typeErrors(generated: string, program: string): string[] {
  const files = new Map([
    ["/client/openapi.d.ts", generated],
    ["/client/main.ts", program],
  ]);
  const virtualHost: ts.CompilerHost = {
    ...host,
    fileExists: (file) => files.has(file) || host.fileExists(file),
    directoryExists: (folder) => folder === "/client" || (host.directoryExists?.(folder) ?? false),
    readFile: (file) => files.get(file) ?? host.readFile(file),
    getSourceFile: (file, language) => {
      const text = files.get(file);
      if (text !== undefined) return ts.createSourceFile(file, text, language);
      // The library files are the same for every check: parsed once.
      if (!libraries.has(file)) libraries.set(file, host.getSourceFile(file, language));
      return libraries.get(file);
    },
  };
  const checked = ts.createProgram(["/client/main.ts"], OPTIONS, virtualHost);
  return ts.getPreEmitDiagnostics(checked).map((diagnostic) => {
    const line =
      diagnostic.file && diagnostic.start !== undefined
        ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1
        : 0;
    return (
      `${diagnostic.file?.fileName ?? ""}:${line}: ` +
      `${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`
    );
  });
}

let generated = "";

test.before(async () => {
  const contract = JSON.parse(await readBuilt(await builtSite(PATH_SITE_URL), paths.openapi)) as Parameters<
    typeof openapiTS
  >[0];
  generated = astToString(await openapiTS(contract));
});

test("openapi-typescript generates types for all three resources from the built contract", () => {
  for (const path of ["/openapi.json", "/api/info.json", "/api/ranks.json"])
    assert.ok(generated.includes(`"${path}": {`), `paths["${path}"]`);
});

test("a program reading doc.openapi, info.dailyInterestRate and ranks[0].minGems type-checks against them", () => {
  assert.equal(typeErrors(generated, PROGRAM), []);
});

test("the check can fail: each misspelt field is a type error on its line", () => {
  for (const [field, misspelt] of [
    ["doc.openapi", "doc.openApi"],
    ["info.dailyInterestRate", "info.dailyInterestrate"],
    ["ranks[0].minGems", "ranks[0].mingems"],
  ] as const) {
    const line = PROGRAM.slice(0, PROGRAM.indexOf(field)).split("\n").length;
    const errors = typeErrors(generated, PROGRAM.replace(field, misspelt));
    // The document allows extension fields, so `doc.openApi` is `unknown` rather than missing.
    assert.equal(errors.length, 1, `${misspelt}: ${errors.join("; ")}`);
    assert.match(
      errors[0]!,
      new RegExp(
        `^/client/main\\.ts:${line}: (Property '\\w+' does not exist|Type 'unknown' is not assignable ` +
          "to type 'string')",
      ),
      errors[0],
    );
  }
});

test.run();
