/**
 * The rendered-page rule: what a visitor receives. Every HTML file the build writes, whatever its
 * template, engine, front matter or layout, is read in the posthtml tree Eleventy's HTML transformer
 * parses (before its URL rewriting, which only prefixes paths) and held to these rules, failing the
 * build with the file, the line and the fix:
 *
 * - In the whole document: no element that runs code, embeds another page or changes where links
 *   go, no `on…=` handler or `style=`, no URL whose scheme is not http(s) or mailto, no image from
 *   another site, no form that posts elsewhere, no HTML link to a page's file (`pageFileLinks`); `<script>` and `<style>` only in the head, and only
 *   the site's own (the texts `_config/after-paint-scripts.ts` and `_config/inline-stylesheet.ts`
 *   wrote this build, which the Content-Security-Policy allows by hash); `<meta http-equiv>` only
 *   for that policy, in the head.
 * - In the page's content area (`<main>`): only the elements and attributes Markdown and the site's
 *   partials write (the allow-list below).
 * - Nothing the transformer's parser and a browser's would read differently: a comment a browser
 *   would end early (`<![CDATA[--><meta …>]]>` is such a comment), markup inside text (`<title>`
 *   in a drawing), an entity or control character in a URL's scheme.
 */
import { createHash } from "node:crypto";
import type UserConfig from "@11ty/eleventy/UserConfig";
import { fileText, lineOfOutput, projectPath } from "./page-source.ts";
import { isPageFileLink } from "./pages.ts";

/** Words separated by spaces, as a list. */
const words = (text: string) => text.split(" ").filter(Boolean);

/** Elements refused with a reason of their own, for the message. */
const REASONS: Record<string, string> = Object.fromEntries(
  Object.entries({
    "runs code": "script applet",
    "embeds another page or a plugin": "iframe frame frameset object embed",
    "changes where every link on the page goes": "base",
    "can send every visitor to another address or change the page's security policy": "meta",
    "loads a resource the page did not ask for": "link image",
    "restyles the page outside its stylesheet": "style",
    "holds markup a script would stamp out": "template",
    "changes another attribute as it runs, a link's target included":
      "animate set animateMotion animateTransform",
    "embeds HTML in a drawing, past these checks": "foreignObject",
    "draws a copy of something, possibly from another file": "use",
  }).flatMap(([reason, tags]) => words(tags).map((tag) => [tag, reason])),
);

const FIX =
  "move it into a layout or partial under _includes/, or write it in a code span if the page shows it as an example";

/** Elements, each with the attributes it may carry besides the shared ones: `"a:href rel"` (`|` between elements). */
function allowList(table: string, shared: string): Map<string, Set<string>> {
  return new Map(
    table.split("|").map((entry) => {
      const [name = "", own = ""] = entry.trim().split(":");
      return [name, new Set([...words(shared), ...words(own)])];
    }),
  );
}

/** Attributes any element may carry, besides `aria-*` and `data-*`. */
const GLOBAL = "id class title lang dir hidden role translate tabindex";
const FIELD = "name disabled required autocomplete";

/**
 * HTML elements and their own attributes: what markdown-it writes, prose markup, and the calculator
 * form's partial. A form has no action, method or target: it submits to the page itself.
 */
const HTML_ALLOWED = allowList(
  "p|h1|h2|h3|h4|h5|h6|ul|pre|code|em|strong|s|hr|br|table|thead|tbody|tfoot|tr|caption|div|span|section|" +
    "article|aside|header|footer|nav|figure|figcaption|summary|dl|dt|dd|abbr|b|i|u|mark|small|sub|sup|kbd|" +
    "samp|var|cite|dfn|wbr|noscript|legend|ol:start reversed type|li:value|a:href rel hreflang|" +
    "img:src alt width height loading decoding|th:scope colspan rowspan abbr headers|td:colspan rowspan headers|" +
    "colgroup:span|col:span|blockquote:cite|q:cite|del:cite datetime|ins:cite datetime|time:datetime|" +
    "data:value|details:open|form:novalidate name autocomplete|fieldset:name disabled|label:for|" +
    `input:${FIELD} type value maxlength minlength min max step inputmode enterkeyhint spellcheck placeholder ` +
    `readonly checked size pattern list|select:${FIELD} multiple size|option:value selected disabled label|` +
    "button:type name value disabled|output:for name|progress:max value|meter:min max value low high optimum",
  GLOBAL,
);

/** SVG elements and their own attributes: the shapes and text of the growth chart (`growthChart`). */
const SVG_TEXT = "x y dx dy text-anchor dominant-baseline";
const SVG_ALLOWED = allowList(
  "svg:viewBox width height xmlns preserveAspectRatio focusable|g|path:d|line:x1 y1 x2 y2|polyline:points|" +
    `polygon:points|circle:cx cy r|ellipse:cx cy rx ry|rect:x y width height rx ry|text:${SVG_TEXT}|` +
    `tspan:${SVG_TEXT}|title|desc`,
  `${GLOBAL} fill fill-opacity stroke stroke-width stroke-opacity stroke-dasharray stroke-linecap ` +
    "stroke-linejoin opacity transform vector-effect shape-rendering font-size font-weight",
);

/** Attributes whose value is a URL. */
const URL_ATTRIBUTES = new Set(["href", "src", "cite", "action", "formaction", "xlink:href", "poster"]);

/** Schemes a URL may have; a URL without one is relative to the page. */
const SCHEMES = new Set(["http", "https", "mailto"]);

/** What the layout's head may hold besides the site's own `<script>` and `<style>`. */
const HEAD = new Set(["meta", "title", "link"]);

/** The texts of the site's own inline scripts and styles this build, by hash. */
const siteInline = new Set<string>();
const hashOf = (text: string) => createHash("sha256").update(text).digest("base64");

/** Records an inline script or stylesheet the site wrote, so the rule lets it through. */
export function siteInlineText(text: string): string {
  siteInline.add(hashOf(text));
  return text;
}

/** A node of posthtml's tree (a string is text, a comment or a doctype). */
type Node = { tag?: string | boolean; attrs?: Record<string, string | boolean | undefined>; content?: Tree };
type Tree = (Node | string)[];
/** A problem, and the texts that may find its line in the page's source. */
type Problem = { message: string; needles: string[] };

/** A name from the page as a message shows it: control characters spelt out. */
const shown = (name: string) =>
  name.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** What is wrong with a URL, as a browser reads its scheme, or undefined. */
export function urlProblem(tag: string, name: string, value: string): string | undefined {
  const url = value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  const head = /^[^/?#]*/.exec(url)![0];
  if (/[&\u0000-\u001f\u007f]/.test(head))
    return `the ${name}= of <${tag}> has an entity or control character before its path, which browsers read in ways a reader cannot see; write the URL plainly`;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(head)?.[1]?.toLowerCase();
  if (scheme && !SCHEMES.has(scheme))
    return `a ${shown(scheme)}: URL on <${tag}> is not allowed: it runs code or hides a document; link to a page or an https:// address`;
  if (name === "src" && (scheme || /^[\s/\\]{2}/.test(url)))
    return `the src= of <${tag}> loads from another site, a third-party request the pages' security policy refuses; publish the file with the site and give its path`;
  if (name === "action" && (scheme || /^[\s/\\]{2}/.test(url)))
    return `the action= of <${tag}> sends the form to another site; a page's forms stay on the site`;
  return undefined;
}

/** Why a comment is read differently by a browser: it ends early, or hides a CDATA section. */
function commentProblem(comment: string): string | undefined {
  const inner = comment.slice(4, -3);
  if (/^-?>|-->|--!>|<!--|<!-$|^\[CDATA\[/.test(inner))
    return `a comment or CDATA section that a browser ends early, so what follows it is live markup; remove it`;
  return undefined;
}

/** Where an element stands, as the rules read it. */
type Place = { inHead: boolean; inMain: boolean; inSvg: boolean };

/** What is wrong with one attribute, or undefined; `allowed` is the element's list inside `<main>`. */
function attributeProblem(
  tag: string,
  name: string,
  value: string,
  allowed?: Set<string>,
): string | undefined {
  const attribute = `the ${shown(name)}= attribute on <${tag}>`;
  if (/^on/i.test(name)) return `${attribute} runs code; remove it (a page ships no script of its own)`;
  if (name.toLowerCase() === "style")
    return `${attribute} is refused by the pages' security policy; use a class the stylesheet has`;
  if (allowed && !allowed.has(name) && !/^(?:aria|data)-[a-z0-9-]+$/.test(name))
    return `${attribute} is not among those Markdown and the site's partials write; remove it, or ${FIX}`;
  if (name === "href" && isPageFileLink(value))
    return `the href="${value}" of <${tag}> names a page's file, which only a Markdown link turns into its URL; write [text](${value}) or {{ "key" | href }}`;
  if (/[<>]/.test(value) && !URL_ATTRIBUTES.has(name) && tag !== "meta")
    return `the ${shown(name)}= of <${tag}> holds "<" or ">", which a browser may read as markup; write &lt; and &gt;`;
  return URL_ATTRIBUTES.has(name) ? urlProblem(tag, shown(name), value) : undefined;
}

function attributeProblems(tag: string, attrs: Node["attrs"], allowed?: Set<string>): Problem[] {
  return Object.entries(attrs ?? {}).flatMap(([name, raw]) => {
    const value = typeof raw === "string" ? raw : "";
    const message = attributeProblem(tag, name, value, allowed);
    return message ? [{ message, needles: [`${name}="${value}"`, `${name}=`] }] : [];
  });
}

/** The problems of one element (not its children). */
function elementProblems(node: Node, tag: string, place: Place): Problem[] {
  const needles = [`<${tag}`, tag];
  const refuse = (why: string): Problem[] => [{ message: `<${shown(tag)}> ${why}; ${FIX}`, needles }];
  if (tag === "script" || tag === "style") {
    if (!place.inHead) return refuse(`is not allowed outside the layout's head: it ${REASONS[tag]}`);
    const text = (node.content ?? []).filter((child) => typeof child === "string").join("");
    if (!siteInline.has(hashOf(text)) || node.attrs?.src !== undefined)
      return refuse(`is not one of the site's own: it ${REASONS[tag]}`);
    return [];
  }
  if (tag === "meta" && node.attrs?.["http-equiv"] !== undefined) {
    const csp = String(node.attrs["http-equiv"]).toLowerCase() === "content-security-policy";
    if (!csp || !place.inHead) return refuse(`http-equiv is not allowed: it ${REASONS.meta}`);
    return [];
  }
  const allowed = place.inMain
    ? (place.inSvg || tag === "svg" ? SVG_ALLOWED : HTML_ALLOWED).get(tag)
    : undefined;
  if (place.inHead && HEAD.has(tag)) return attributeProblems(tag, node.attrs);
  if (REASONS[tag] || (place.inMain && !allowed))
    return refuse(
      `is not allowed in a page: it ${REASONS[tag] ?? "is not among the elements Markdown and the site's partials write"}`,
    );
  return attributeProblems(tag, node.attrs, allowed);
}

/** Every problem in a parsed page. */
export function renderedPageProblems(tree: Tree): Problem[] {
  const problems: Problem[] = [];
  const visit = (nodes: Tree, place: Place, rawText: boolean) => {
    for (const node of nodes) {
      if (typeof node === "string") {
        if (node.startsWith("<!--")) {
          const why = commentProblem(node);
          if (why) problems.push({ message: why, needles: [node.slice(0, 40), "CDATA", "<!--"] });
        } else if (!rawText && /<[a-zA-Z!/?]/.test(node) && !/^<!doctype html>$/i.test(node.trim())) {
          problems.push({
            message: `markup inside text ("${shown(node.trim().slice(0, 40))}") that a browser may read as live elements; write it in a code span`,
            needles: [node.trim().slice(0, 40)],
          });
        }
        continue;
      }
      const tag = typeof node.tag === "string" ? node.tag : "";
      if (!tag) {
        visit(node.content ?? [], place, rawText);
        continue;
      }
      problems.push(...elementProblems(node, tag, place));
      const inner = {
        inHead: place.inHead || tag === "head",
        inMain: place.inMain || tag === "main",
        inSvg: place.inSvg || tag === "svg",
      };
      visit(node.content ?? [], inner, tag === "script" || tag === "style");
    }
  };
  visit(tree, { inHead: false, inMain: false, inSvg: false }, false);
  return problems;
}

/** The page's problems as one error: each at the line of its source that wrote it, when found. */
function pageError(inputPath: string, problems: Problem[]): Error {
  const file = projectPath(inputPath);
  const text = fileText(inputPath);
  const lines = problems.map((problem) => {
    const line = lineOfOutput(text, problem.needles);
    return `  ${file}${line > 0 ? `:${line}` : ""}: ${problem.message}`;
  });
  return new Error(`Unsafe HTML in a page (${problems.length}) in ${file}:\n${lines.join("\n")}`);
}

type Plugin = (context: { inputPath: string }) => (tree: Tree) => Tree;
type HtmlTransformer = { addPosthtmlPlugin(extensions: string, plugin: Plugin, options: object): void };

/** Wires the rule into Eleventy's HTML transformer, for every `.html` output. */
export function renderedPageRule(eleventyConfig: UserConfig): void {
  eleventyConfig.on("eleventy.before", () => siteInline.clear());
  // Eleventy's JSDoc types do not list `htmlTransformer`: https://www.11ty.dev/docs/config-events/
  const { htmlTransformer } = eleventyConfig as unknown as { htmlTransformer: HtmlTransformer };
  htmlTransformer.addPosthtmlPlugin(
    "html",
    (context: { inputPath: string }) => (tree: Tree) => {
      const problems = renderedPageProblems(tree);
      if (problems.length > 0) throw pageError(context.inputPath, problems);
      return tree;
    },
    { name: "rendered-page-rule" },
  );
}
