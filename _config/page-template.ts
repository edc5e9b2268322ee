/**
 * What a page's template may do. Pages are Markdown rendered by Nunjucks first, and Nunjucks is
 * not a sandbox: `{{ "".constructor.constructor("…")() }}` reaches JavaScript's Function
 * constructor and runs whatever it is given, in the build, with the writer's access to the
 * machine. So before a page renders, its template is parsed with Nunjucks' own parser and every
 * node is held to a short list of what a page needs: text, the site's data (looked up by name,
 * never through `constructor`, `prototype` or `__proto__`), literals, operators, `{% if %}`,
 * `{% for %}`, `{% set %}`, the site's own filters and shortcodes plus Nunjucks' built-in filters,
 * and `{% include %}` of a partial under `_includes/`. Nothing on the list calls a function: a
 * call (`x()`), a macro, `{% call %}`, `{% import %}`, `{% extends %}`, `{% block %}`, a regular
 * expression literal (with it, `| replace` calls what replaces the match) and any other
 * filter or shortcode (Eleventy's `renderContent` and `renderTemplate` render a string as a new
 * template, past this check) fail the build with the file, the line and the fix.
 *
 * Why this and not LiquidJS: LiquidJS cannot call functions either, but moving the pages to it
 * would rewrite every page, the Markdown twins and the writer's error messages (which read
 * Nunjucks' positions), and Eleventy's render filter and shortcodes would still reach Nunjucks
 * from a Liquid page; the pages already use only what this list allows. Layouts and partials are
 * code, reviewed as code, and keep all of Nunjucks.
 * See https://mozilla.github.io/nunjucks/templating.html
 */
import { existsSync } from "node:fs";
import path from "node:path";
import nunjucks from "nunjucks";
import type { SourceProblem } from "./page-source.ts";

/** A node of Nunjucks' syntax tree, as far as this check reads it. */
interface TemplateNode {
  typename: string;
  lineno?: number;
  colno?: number;
  fields: readonly string[];
  children?: TemplateNode[];
  value?: unknown;
  name?: TemplateNode;
  target?: TemplateNode;
  val?: TemplateNode;
  template?: TemplateNode;
  extName?: string;
  contentArgs?: unknown[];
}

/** What the check needs of the Nunjucks environment the pages render with. */
export interface TemplateEnvironment {
  extensionsList: unknown[];
  opts: Record<string, unknown>;
}

export interface TemplateRules {
  /** The filters a page may use: the site's own and Nunjucks' built-in ones. */
  filters: ReadonlySet<string>;
  /** The shortcodes a page may use: the site's own. */
  shortcodes: ReadonlySet<string>;
  /** The folder of layouts and partials, the only files a page may include. */
  includes: string;
}

/** Nunjucks' built-in filters: each takes values and returns a value, and calls nothing it is given. */
export const BUILT_IN_FILTERS = [
  "abs",
  "batch",
  "capitalize",
  "center",
  "default",
  "d",
  "dictsort",
  "dump",
  "escape",
  "e",
  "first",
  "float",
  "forceescape",
  "groupby",
  "indent",
  "int",
  "join",
  "last",
  "length",
  "list",
  "lower",
  "nl2br",
  "random",
  "reject",
  "rejectattr",
  "replace",
  "reverse",
  "round",
  "safe",
  "select",
  "selectattr",
  "slice",
  "sort",
  "string",
  "striptags",
  "sum",
  "title",
  "trim",
  "truncate",
  "upper",
  "urlencode",
  "urlize",
  "wordcount",
];

/** Nodes that hold only text, data, literals, operators and control flow. */
const PLAIN = new Set([
  "Root",
  "NodeList",
  "Output",
  "TemplateData",
  "Literal",
  "Symbol",
  "Group",
  "Array",
  "Dict",
  "Pair",
  "KeywordArgs",
  "If",
  "IfAsync",
  "InlineIf",
  "For",
  "AsyncEach",
  "AsyncAll",
  "Set",
  "Switch",
  "Case",
  "Capture",
  "In",
  "Is",
  "Or",
  "And",
  "Not",
  "Add",
  "Concat",
  "Sub",
  "Mul",
  "Div",
  "FloorDiv",
  "Mod",
  "Pow",
  "Neg",
  "Pos",
  "Compare",
  "CompareOperand",
]);

/** Why each refused kind of node is refused, with the fix. */
const REFUSED: Record<string, string> = {
  FunCall:
    "calls a function, which runs JavaScript in the build; a page uses the site's data and filters " +
    "only (a new filter goes in _config/page-helpers.ts)",
  Macro:
    "{% macro %} is not allowed in a page: a macro is a function, and a page calls none; write the " +
    "markup in a partial under _includes/ and {% include %} it",
  Caller:
    "{% call %} is not allowed in a page: it calls a macro; write the markup in a partial under " +
    "_includes/ and {% include %} it",
  Import:
    "{% import %} is not allowed in a page: it brings in macros, and a page calls none; {% include %} " +
    "a partial instead",
  FromImport:
    "{% from … import %} is not allowed in a page: it brings in macros, and a page calls none; " +
    "{% include %} a partial instead",
  Extends:
    "{% extends %} is not allowed in a page: a page's layout comes from its folder (content/pages/pages.11tydata.ts)",
  Block: "{% block %} is not allowed in a page: blocks belong to layouts under _includes/",
  Super: "super() is not allowed in a page: blocks belong to layouts under _includes/",
};

/** Property names that lead from a value to JavaScript's functions and prototypes. */
const INTERNAL = /^(?:constructor|prototype|__\w*)$/;

/** The 0-based line of a node: a shortcode's node has none of its own, so its arguments' is taken. */
function lineOfNode(node: TemplateNode): number {
  if (typeof node.lineno === "number") return node.lineno;
  for (const { node: child } of nodesOf(node)) if (typeof child.lineno === "number") return child.lineno;
  return 0;
}

/** `{{ "".constructor }}` or `{% for x in … %}`: the 1-based line of a node and its problem. */
function problem(node: TemplateNode, message: string): SourceProblem {
  return { line: lineOfNode(node) + 1, message };
}

/** The problem with one node itself (not its children), or undefined. */
function nodeProblem(
  node: TemplateNode,
  parent: TemplateNode | undefined,
  rules: TemplateRules,
): SourceProblem | undefined {
  const type = node.typename;
  if (type === "FunCall" && isTest(node, parent)) return undefined;
  if (type === "Filter" || type === "FilterAsync") {
    const name = String(node.name?.value);
    if (rules.filters.has(name)) return undefined;
    const allowed = [...rules.filters].sort().join(", ");
    return problem(
      node,
      `the filter "${name}" is not one a page may use (a filter that renders a string as a template ` +
        `would run code past this check); use one of: ${allowed}`,
    );
  }
  if (type === "CallExtension" || type === "CallExtensionAsync") {
    const name = String(node.extName);
    if (rules.shortcodes.has(name) && (node.contentArgs ?? []).length === 0) return undefined;
    return problem(
      node,
      `{% ${name} %} is not a shortcode a page may use; use one of: ${[...rules.shortcodes].sort().join(", ")}`,
    );
  }
  if (type === "LookupVal") {
    const key = node.val;
    if (key?.typename === "Literal" && INTERNAL.test(String(key.value))) {
      return problem(
        node,
        `.${String(key.value)} reaches JavaScript's internals, not the site's data; a page reads data ` +
          "by its name (such as {{ site.name }})",
      );
    }
    if (key && !["Literal", "Symbol", "LookupVal"].includes(key.typename)) {
      return problem(
        node,
        "a key computed by an expression (x[a ~ b]) is not allowed in a page; name the key (x.name or x[0])",
      );
    }
    return undefined;
  }
  if (type === "Literal" && node.value instanceof RegExp) {
    return problem(
      node,
      "a regular expression (r/…/) is not allowed in a page: given one, | replace calls whatever " +
        "replaces the match; replace a plain string",
    );
  }
  if (type === "Include") return includeProblem(node, rules.includes);
  if (PLAIN.has(type)) return undefined;
  return problem(
    node,
    REFUSED[type] ??
      `{% ${type.toLowerCase()} %} is not allowed in a page; use data, filters, {% if %}, {% for %} and {% set %}`,
  );
}

/** `{% include "calculator-form.njk" %}`: a partial named as written, under the includes folder. */
function includeProblem(node: TemplateNode, includes: string): SourceProblem | undefined {
  const name = node.template?.typename === "Literal" ? node.template.value : undefined;
  const inside = typeof name === "string" && !path.isAbsolute(name) && !name.split(/[\\/]/).includes("..");
  if (inside && existsSync(path.join(includes, name))) return undefined;
  const named =
    typeof name === "string"
      ? `"${name}", which is not a partial under ${includes}/`
      : "its file by an expression";
  return problem(
    node,
    `{% include %} names ${named}; ` +
      `a page includes a partial by its name, as in {% include "calculator-form.njk" %}`,
  );
}

/** The nodes directly under `node`. */
function childrenOf(node: TemplateNode): TemplateNode[] {
  return node.fields
    .filter((field) => field !== "extName" && field !== "prop")
    .flatMap((field) => {
      const value = (node as unknown as Record<string, unknown>)[field];
      return (Array.isArray(value) ? value : [value]).filter(
        (child): child is TemplateNode => child instanceof nunjucks.nodes.Node,
      );
    });
}

/** Every node under `node`, itself first, each with the node that holds it. */
function* nodesOf(
  node: TemplateNode,
  parent?: TemplateNode,
): Generator<{ node: TemplateNode; parent: TemplateNode | undefined }> {
  yield { node, parent };
  for (const child of childrenOf(node)) yield* nodesOf(child, node);
}

/** `x is divisibleby(3)`: a test, which Nunjucks looks up by name among its own, not a call of a value. */
function isTest(node: TemplateNode, parent: TemplateNode | undefined): boolean {
  return (
    parent?.typename === "Is" &&
    (parent as { right?: unknown }).right === node &&
    node.name?.typename === "Symbol"
  );
}

/**
 * Every construct of the template `source` that a page may not use, each with its 1-based line in
 * `source`; a template Nunjucks cannot parse is left to the render, whose error names the line.
 */
export function templateProblems(
  source: string,
  environment: TemplateEnvironment,
  rules: TemplateRules,
): SourceProblem[] {
  // No tag at all: nothing but text (most lines of most pages).
  if (!/\{[{%]/.test(source)) return [];
  let root: TemplateNode;
  try {
    root = nunjucks.parser.parse(source, environment.extensionsList, environment.opts) as TemplateNode;
  } catch {
    return [];
  }
  const seen = new Set<string>();
  const problems: SourceProblem[] = [];
  for (const { node, parent } of nodesOf(root)) {
    const found = nodeProblem(node, parent, rules);
    const key = `${found?.line}:${found?.message}`;
    if (found && !seen.has(key)) (seen.add(key), problems.push(found));
  }
  return problems;
}
