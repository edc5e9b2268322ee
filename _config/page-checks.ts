/**
 * What a writer hears about a Markdown page, in `npm run build` and each rebuild of `npm start`,
 * with the file, the line in the file (front matter counted) and the fix:
 *
 * - before it renders, no figure or name of the data is typed by hand (`drift.ts`);
 * - a template that fails to render (a misspelt data name or filter), the page's or its Markdown
 *   twin's (`renderNunjucks`), says which name, and the closest one there is (`template-errors.ts`).
 *
 * The page's needs Eleventy's `md` engine overridden: Eleventy 3 has no other hook between a failed
 * render and its report (ARCHITECTURE.md, Upstream gaps). See https://www.11ty.dev/docs/config-preprocessors/ and
 * https://www.11ty.dev/docs/languages/custom/#overriding-an-existing-template-language
 */
import type UserConfig from "@11ty/eleventy/UserConfig";
import type { MarkdownIt } from "markdown-it";
import nunjucks from "nunjucks";
import { dataValues, typedValues, type DriftData } from "./drift.ts";
import { fileLine, frontMatterLines, projectPath } from "./page-source.ts";
import { templateError } from "./template-errors.ts";

/**
 * A page's source: its problems, or nothing. Throws one error listing them all, each as
 * `file:line: message` with the line in the file (front matter counted).
 */
export function checkPageSource(inputPath: string, body: string, data: DriftData): void {
  const typed = typedValues(body, dataValues(data));
  if (typed.length === 0) return;
  const file = projectPath(inputPath);
  const offset = frontMatterLines(inputPath, body);
  const lines = typed.map((problem) => `  ${file}:${problem.line + offset}: ${problem.message}`);
  throw new Error(`Data typed by hand in a Markdown page (${typed.length}) in ${file}:\n${lines.join("\n")}`);
}

type Data = Record<string, unknown>;
type PageData = DriftData & { page: { inputPath: string } };
type Template = { render(data: object, done: (error: Error | null, text?: string) => void): void };
/** The pages' Nunjucks (set by `pageChecks`), and its templates by file and text: this build's and the last's. */
let environment: { filters: object; extensionsList: unknown[]; opts: object };
let [compiled, lastBuild] = [new Map<string, Template>(), new Map<string, Template>()];

/**
 * What Nunjucks in Markdown may hold (nunjucks/src/nodes.js): data and text, filters and shortcodes,
 * `if`, `for` and `set`, and the operators of their conditions.
 */
const MARKDOWN_NODES = new Set([
  ...["Root", "NodeList", "Output", "TemplateData", "Literal", "Symbol", "LookupVal", "Group", "Array"],
  ...["Dict", "Pair", "Filter", "KeywordArgs", "CallExtension", "CallExtensionAsync"],
  ...["If", "InlineIf", "For", "Set", "Compare", "CompareOperand"],
  ...["And", "Or", "Not", "In", "Is", "Add", "Concat"],
]);
type TemplateNode = { typename: string; lineno: number; value?: unknown; [field: string]: unknown };
/** A name or key that reaches an object's internals, and through them any code (`"".constructor.constructor`). */
const internal = (key: TemplateNode) => ["constructor", "__proto__", "prototype"].includes(String(key.value));
const key = (lookup: TemplateNode) => lookup.val as TemplateNode;

/** `node` and every node under it, through lists too (a comparison's operands), which Nunjucks' `findAll` skips. */
function nodesIn(node: TemplateNode, Node: Function): TemplateNode[] {
  const values = (node.fields as string[]).flatMap((field) => [node[field]].flat(2));
  const children = values.filter((value): value is TemplateNode => value instanceof Node);
  return [node, ...children.flatMap((child) => nodesIn(child, Node))];
}

/**
 * Nunjucks is no sandbox: `{{ "".constructor.constructor("…")() }}` in a page would run code in the build, past
 * every check. So the Markdown's template is parsed as Nunjucks compiles it, and anything but what
 * MARKDOWN_NODES lists (a call, an include, an import, a macro), a computed key or an internal name fails.
 */
function refuseCode(source: string, inputPath: string): void {
  const { parser, nodes } = nunjucks as unknown as Record<string, Record<string, Function>>;
  const root = parser!.parse!(source, environment.extensionsList, environment.opts);
  const code = nodesIn(root, nodes!.Node!).find(
    (node) =>
      !MARKDOWN_NODES.has(node.typename) ||
      (node.typename === "Symbol" && internal(node)) ||
      (node.typename === "LookupVal" && (key(node).typename !== "Literal" || internal(key(node)))),
  );
  if (!code) return;
  const text = source.split("\n")[code.lineno]!.trim();
  const at = fileLine(inputPath, (line) => line.includes(text));
  throw new Error(
    `${at}: Nunjucks in a page writes data, filters and shortcodes with if, for and set, not code ` +
      `(${code.typename}): remove it, or write a filter in _config/page-helpers.ts`,
  );
}

/**
 * The data a Markdown page's Nunjucks reads: values only, as JSON has them. No function is left for a filter to be
 * handed and call, and no Eleventy object (`collections`, whose templates reach the Nunjucks environment).
 */
const plainData = ({ collections: _, ...data }: Data): Data => JSON.parse(JSON.stringify(data));

/** A template's `source` (a page's, its twin's) rendered with the pages' Nunjucks; failures as `templateError` says. */
export function renderNunjucks(source: string, inputPath: string, data: Data): Promise<string> {
  return new Promise((resolve, reject) => {
    const key = `${inputPath}\n${source}`;
    if (inputPath.endsWith(".md") && !compiled.has(key) && !lastBuild.has(key)) refuseCode(source, inputPath);
    const template: Template =
      compiled.get(key) ?? lastBuild.get(key) ?? new nunjucks.Template(source, environment, inputPath);
    compiled.set(key, template);
    const filters = Object.keys(environment.filters);
    template.render(inputPath.endsWith(".md") ? plainData(data) : data, (error, text) =>
      error ? reject(templateError(error, inputPath, source, data, filters)) : resolve(text ?? ""),
    );
  });
}

export function pageChecks(eleventyConfig: UserConfig, includes: string): void {
  // A preprocessor that returns nothing leaves the page's text as it is. Another engine for a Markdown
  // file (`templateEngineOverride: liquid` in content/404.md, say) would skip `refuseCode`.
  eleventyConfig.addPreprocessor("page-source", "md", (data: PageData, content: string) => {
    if ("templateEngineOverride" in data) {
      const at = fileLine(data.page.inputPath, (line) => /^templateEngineOverride\s*:/.test(line));
      throw new Error(`${at}: Markdown is Nunjucks; remove templateEngineOverride`);
    }
    checkPageSource(data.page.inputPath, content, data);
  });
  // One Nunjucks environment for the process, not Eleventy's new one each build: `npm start` compiles a
  // template (a page and its twin share one), layout or include again only once its text changes (Eleventy
  // drops an edited include from this loader itself). Misspelt data names fail (`throwOnUndefined`), and
  // values are escaped as HTML unless a filter built them as Markdown (`page-helpers.ts`).
  const loader = new nunjucks.FileSystemLoader([includes, "."]);
  environment = new nunjucks.Environment(loader, { throwOnUndefined: true, autoescape: true });
  [compiled, lastBuild] = [new Map(), new Map()];
  eleventyConfig.on("eleventy.before", () => ([lastBuild, compiled] = [compiled, new Map()]));
  eleventyConfig.setLibrary("njk", environment);
  let markdown: MarkdownIt | undefined;
  eleventyConfig.amendLibrary("md", (library: MarkdownIt) => (markdown = library));
  // Templates, layouts and permalinks in front matter (`/{{ site.paths.notFound }}`) render with it too.
  const nunjucksOf = (source: unknown, inputPath: string) =>
    typeof source === "string" ? (data: Data) => renderNunjucks(source, inputPath, data) : source;
  eleventyConfig.addExtension("njk", { compileOptions: { permalink: nunjucksOf }, compile: nunjucksOf });
  eleventyConfig.addExtension("md", {
    compileOptions: { permalink: nunjucksOf },
    compile: (source: string, inputPath: string) => async (data: Data) =>
      markdown!.render(await renderNunjucks(source, inputPath, data), data),
  });
}
