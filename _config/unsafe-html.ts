/**
 * What a visitor receives from a page: its HTML after its template has rendered and markdown-it
 * has run (before the layout wraps it), parsed once with parse5, the HTML parser that follows the
 * WHATWG specification browsers implement, and held to an allow-list. Every element, attribute
 * and URL scheme must be one that Markdown (markdown-it with the site's plugins) or the site's own
 * partials and filters write: so whatever the template assembled (`<{{ "" }}meta …>`,
 * `{{ ("<"~"script>") | safe }}`, `| replace(…) | safe`) is judged as the browser will read it.
 *
 * URLs (`href`, `src`, `cite`) are read as a browser reads them: entities decoded (by the parser),
 * leading and trailing control characters and spaces stripped, tabs and newlines removed, then the
 * scheme is taken; only `http:`, `https:`, `mailto:` and scheme-less (relative) URLs pass. Words
 * that merely look like a scheme or an event handler (`<abbr title="data: the raw values">`, a
 * URL with `online=1`) and tags named in a comment are text, and pass. HTML with a `<noscript>`
 * is parsed both as a browser with scripts reads it (its content is text) and as one without
 * (its content is markup), since markup hidden in one reading may be live in the other.
 */
import type { OutputNeedle as Needle } from "./page-source.ts";
import { defaultTreeAdapter, html as htmlSpec, parseFragment, type DefaultTreeAdapterTypes } from "parse5";

type Element = DefaultTreeAdapterTypes.Element;
type Node = DefaultTreeAdapterTypes.Node;

/** A refused element or attribute, and the text that may find its line in the page's source, most specific first. */
export interface HtmlProblem {
  message: string;
  needles: Needle[];
  /** Where the element starts in the HTML, for reading order (-1 when unknown). */
  offset: number;
}

const exactly = (texts: string[]): Needle[] => texts.map((text) => ({ text, exact: true }));
const words = (texts: string[]): Needle[] => texts.map((text) => ({ text, exact: false }));

/** Elements refused with a reason of their own, for the message. */
const REASONS: Record<string, string> = {
  script: "runs code",
  iframe: "embeds another page",
  frame: "embeds another page",
  frameset: "embeds other pages",
  object: "embeds a plugin or another page",
  embed: "embeds a plugin or another page",
  applet: "runs a plugin",
  base: "changes where every link on the page goes",
  meta: "can send every visitor to another address or change the page's security policy",
  link: "loads a resource the page did not ask for",
  style: "restyles the page outside its stylesheet",
  template: "holds markup a script would stamp out",
  animate: "changes another attribute as it runs, a link's target included",
  animateMotion: "runs an animation",
  animateTransform: "runs an animation",
  set: "changes another attribute as it runs, a link's target included",
  foreignObject: "embeds HTML in a drawing, past these checks",
  use: "draws a copy of something, possibly from another file",
  image: "loads an image from anywhere",
};

const FIX =
  "move it into a layout or partial under _includes/, or write it in a code span if the page shows it as an example";

/** Attributes any element may carry, besides `aria-*` and `data-*`. */
const GLOBAL = ["id", "class", "title", "lang", "dir", "hidden", "role", "translate", "tabindex"];

const FIELD = ["name", "disabled", "required", "autocomplete"];

/** HTML elements and their own attributes: what markdown-it writes, prose markup, and the calculator form's partial. */
const HTML: Record<string, string[]> = {
  ...Object.fromEntries(
    ["p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "pre", "code", "em", "strong", "s", "hr", "br"].map(
      (name) => [name, []],
    ),
  ),
  ...Object.fromEntries(["table", "thead", "tbody", "tfoot", "tr", "caption"].map((name) => [name, []])),
  ...Object.fromEntries(
    ["div", "span", "section", "article", "aside", "header", "footer", "nav", "figure", "figcaption"].map(
      (name) => [name, []],
    ),
  ),
  ...Object.fromEntries(
    ["summary", "dl", "dt", "dd", "abbr", "b", "i", "u", "mark", "small", "sub", "sup", "kbd"].map((name) => [
      name,
      [],
    ]),
  ),
  ...Object.fromEntries(
    ["samp", "var", "cite", "dfn", "wbr", "noscript", "legend"].map((name) => [name, []]),
  ),
  ol: ["start", "reversed", "type"],
  li: ["value"],
  a: ["href", "rel", "hreflang"],
  img: ["src", "alt", "width", "height", "loading", "decoding"],
  th: ["scope", "colspan", "rowspan", "abbr", "headers"],
  td: ["colspan", "rowspan", "headers"],
  colgroup: ["span"],
  col: ["span"],
  blockquote: ["cite"],
  q: ["cite"],
  del: ["cite", "datetime"],
  ins: ["cite", "datetime"],
  time: ["datetime"],
  data: ["value"],
  details: ["open"],
  // No action, method or target: a form in a page submits to the page itself, and sends nowhere.
  form: ["novalidate", "name", "autocomplete"],
  fieldset: ["name", "disabled"],
  label: ["for"],
  input: [
    ...FIELD,
    "type",
    "value",
    "maxlength",
    "minlength",
    "min",
    "max",
    "step",
    "inputmode",
    "enterkeyhint",
    "spellcheck",
    "placeholder",
    "readonly",
    "checked",
    "size",
    "pattern",
    "list",
  ],
  select: [...FIELD, "multiple", "size"],
  option: ["value", "selected", "disabled", "label"],
  button: ["type", "name", "value", "disabled"],
  output: ["for", "name"],
  progress: ["max", "value"],
  meter: ["min", "max", "value", "low", "high", "optimum"],
};

/** Presentation attributes every SVG element may carry. */
const SVG_PAINT = [
  "fill",
  "fill-opacity",
  "stroke",
  "stroke-width",
  "stroke-opacity",
  "stroke-dasharray",
  "stroke-linecap",
  "stroke-linejoin",
  "opacity",
  "transform",
  "vector-effect",
  "shape-rendering",
  "font-size",
  "font-weight",
];

const SVG_TEXT = ["x", "y", "dx", "dy", "text-anchor", "dominant-baseline"];

/** SVG elements and their own attributes: the shapes and text of the growth chart (`growthChart`). */
const SVG: Record<string, string[]> = {
  svg: ["viewBox", "width", "height", "xmlns", "preserveAspectRatio", "focusable"],
  g: [],
  path: ["d"],
  line: ["x1", "y1", "x2", "y2"],
  polyline: ["points"],
  polygon: ["points"],
  circle: ["cx", "cy", "r"],
  ellipse: ["cx", "cy", "rx", "ry"],
  rect: ["x", "y", "width", "height", "rx", "ry"],
  text: SVG_TEXT,
  tspan: SVG_TEXT,
  title: [],
  desc: [],
};

/** Attributes whose value is a URL. */
const URL_ATTRIBUTES = new Set(["href", "src", "cite"]);

/** Schemes a page's URL may have; a URL without one is relative to the page. */
const SCHEMES = new Set(["http", "https", "mailto"]);

/** Each namespace's elements, each with every attribute it may carry (its own and the global ones). */
const ALLOWED = new Map<string, Map<string, Set<string>>>([
  [
    htmlSpec.NS.HTML,
    new Map(Object.entries(HTML).map(([name, own]) => [name, new Set([...GLOBAL, ...own])])),
  ],
  [
    htmlSpec.NS.SVG,
    new Map(Object.entries(SVG).map(([name, own]) => [name, new Set([...GLOBAL, ...SVG_PAINT, ...own])])),
  ],
]);

/**
 * A URL as a browser reads it: the scheme, lower case, or "" for a relative URL; a control character left
 * inside is reported.
 */
export function urlScheme(value: string): { scheme: string; control: boolean } {
  // The URL parser strips C0 controls and spaces at both ends, and removes every tab and newline.
  const url = value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "").replace(/[\t\n\r]/g, "");
  return {
    scheme: /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(url)?.[1]?.toLowerCase() ?? "",
    control: /[\u0000-\u001f\u007f]/.test(url),
  };
}

/** The text of `html` between two offsets of parse5's source locations, when it has them. */
function slice(
  html: string,
  location: { startOffset: number; endOffset: number } | undefined | null,
): string[] {
  return location ? [html.slice(location.startOffset, location.endOffset)] : [];
}

/** A name from the page as a message shows it: control characters spelt out, so none reaches a terminal. */
function shown(name: string): string {
  return name.replace(
    /[\u0000-\u001f\u007f-\u009f]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** What is wrong with one attribute of an element that may be written, or undefined. */
function attributeProblem(
  element: Element,
  attributeName: string,
  value: string,
  allowed: ReadonlySet<string>,
): string | undefined {
  const tag = `<${element.tagName}>`;
  const name = shown(attributeName);
  if (!allowed.has(attributeName) && !/^(?:aria|data)-[a-z0-9-]+$/.test(attributeName)) {
    if (/^on/i.test(name))
      return (
        `the ${name.toLowerCase()}= attribute on ${tag} is not allowed in a page: it runs code; remove ` +
        "it (a page ships no script of its own)"
      );
    if (name === "style")
      return (
        `the style= attribute on ${tag} is not allowed in a page: the pages' security policy refuses ` +
        "inline styles; use a class the stylesheet has"
      );
    return (
      `the ${name}= attribute on ${tag} is not allowed in a page: it is not among those Markdown and ` +
      `the site's partials write; remove it, or ${FIX}`
    );
  }
  if (!URL_ATTRIBUTES.has(attributeName)) return undefined;
  const { scheme, control } = urlScheme(value);
  if (scheme && !SCHEMES.has(scheme))
    return (
      `a ${scheme}: URL on ${tag} is not allowed in a page: it runs code or hides a document; link to a ` +
      "page or an https:// address"
    );
  if (control)
    return (
      `the ${name}= of ${tag} holds a control character, which browsers read in ways a reader cannot ` +
      "see; write the URL plainly"
    );
  if (attributeName === "src" && (scheme || /^[\s/\\]{2}/.test(value.trim()))) {
    return (
      `the src= of ${tag} loads from another site, a third-party request the pages' security policy ` +
      "(img-src 'self') refuses; publish the file with the site and give its path"
    );
  }
  return undefined;
}

/** A refused element: its message, and where its line may be found. */
function refusedElement(element: Element, html: string): HtmlProblem {
  const location = element.sourceCodeLocation;
  const equiv =
    element.tagName === "meta" && element.attrs.some((attribute) => attribute.name === "http-equiv");
  const reason = REASONS[element.tagName]
    ? `it ${REASONS[element.tagName]}`
    : "it is not among the elements Markdown and the site's partials write";
  const attributes = element.attrs.flatMap((attribute) =>
    slice(html, location?.attrs?.[attribute.name.toLowerCase()]),
  );
  const message =
    `<${shown(element.tagName)}${equiv ? " http-equiv" : ""}> is not allowed in a page: ` +
    `${reason}; ${FIX}`;
  const needles = [
    ...exactly(slice(html, location?.startTag)),
    ...words([`<${element.tagName}`]),
    ...exactly(attributes),
    ...words([element.tagName]),
  ];
  return { message, needles, offset: location?.startOffset ?? -1 };
}

/** The problems of one element's attributes, with where each line may be found. */
function attributeProblems(element: Element, allowed: ReadonlySet<string>, html: string): HtmlProblem[] {
  const location = element.sourceCodeLocation;
  return element.attrs.flatMap((attribute): HtmlProblem[] => {
    const message = attributeProblem(element, attribute.name, attribute.value, allowed);
    if (!message) return [];
    const written = slice(html, location?.attrs?.[attribute.name.toLowerCase()]);
    const tagText = slice(html, location?.startTag);
    const needles = [
      ...exactly([...written, ...tagText]),
      ...words([`${attribute.name}=`, attribute.value, element.tagName]),
    ];
    return [{ message, needles, offset: location?.startOffset ?? -1 }];
  });
}

/** The context a page's HTML is parsed in: the layout puts it inside `<main>`. */
const MAIN = defaultTreeAdapter.createElement("main", htmlSpec.NS.HTML, []);

/** The problems in `html` as a browser with scripts on (`scripting`) or off parses it. */
function scan(html: string, scripting: boolean, locations: boolean): HtmlProblem[] {
  const fragment = parseFragment(MAIN, html, {
    scriptingEnabled: scripting,
    sourceCodeLocationInfo: locations,
  });
  const problems: HtmlProblem[] = [];
  const visit = (node: Node): void => {
    if ("tagName" in node) {
      const allowed = ALLOWED.get(node.namespaceURI)?.get(node.tagName);
      if (!allowed) return void problems.push(refusedElement(node, html));
      for (const attribute of node.attrs) {
        if (!allowed.has(attribute.name) || URL_ATTRIBUTES.has(attribute.name)) {
          problems.push(...attributeProblems(node, allowed, html));
          break;
        }
      }
    }
    if ("childNodes" in node) for (const child of node.childNodes) visit(child);
  };
  visit(fragment);
  return problems;
}

/**
 * The problems in `html` as browsers parse it, with scripts on and, where it has a `<noscript>`,
 * off: the two read `<noscript>`'s content differently (as text, or as markup), and markup hidden
 * in one reading can be live in the other.
 */
function scanBoth(html: string, locations: boolean): HtmlProblem[] {
  const problems = scan(html, true, locations);
  if (!/<noscript/i.test(html)) return problems;
  const seen = new Set(problems.map((problem) => `${problem.message}\u0000${problem.needles[0]?.text}`));
  const hidden = scan(html, false, locations).filter(
    (problem) => !seen.has(`${problem.message}\u0000${problem.needles[0]?.text}`),
  );
  return [...problems, ...hidden].sort((a, b) => a.offset - b.offset);
}

/**
 * Every element, attribute or URL in a page's rendered HTML that no page may have. A page that
 * passes is parsed once (twice with a `<noscript>`); a page that fails is parsed again with
 * source locations, to find each problem's line.
 */
export function unsafeHtml(html: string): HtmlProblem[] {
  return scanBoth(html, false).length === 0 ? [] : scanBoth(html, true);
}
