/**
 * Directory data: every file in this folder is a documentation page, a Markdown file of its own. It
 * gets the layout, the `docs` tag (the navigation, the sitemap, llms.txt, llms-full.txt and a Markdown
 * twin) and its URL from its file name (`faq.md` is `/faq/`, `index.md` is `/`), unless its front
 * matter sets `slug` or `permalink`. A new page needs nothing here.
 *
 * Before anything renders, Eleventy hands each page's data to `eleventyDataSchema`: a page that is not
 * a plain Markdown file, sets its own layout, lacks a field, is served at anything but a page URL or
 * sets another engine fails the build, naming the file, the line or field, and the fix.
 * See https://www.11ty.dev/docs/data-template-dir/ and https://www.11ty.dev/docs/data-validate/
 */
import { lstatSync } from "node:fs";
import * as z from "zod/mini";
import { fileLine, projectPath } from "../../_config/page-source.ts";
import { paths } from "../../_data/site.ts";

const LAYOUT = "layouts/base.liquid";
/** The keys of `site.paths` a page may list in `scripts`: the site's modules. */
const MODULES = Object.entries(paths).flatMap(([key, file]) => (file.endsWith(".js") ? [key] : []));
const SCRIPTS = `a list of the site's modules by key of site.paths, such as scripts: [${MODULES[0]}]`;

type PageData = { slug?: unknown; page: { filePathStem: string; inputPath: string; url: string | false } };

/** A text field's rule: present and not blank, with what it is for and an example. */
const text = (use: string) => z.string({ error: use }).check(z.trim(), z.minLength(1, use));
/** A string that matches `pattern`, else fails with `fix` (and with `error` when it is no string). */
const matching = (pattern: RegExp, fix: string, error?: string) =>
  z.string({ error }).check(z.regex(pattern, fix));
/** A value only the site's data sets: refused in front matter, with the fix. */
const notInFrontMatter = (why: string) =>
  z.optional(z.undefined({ error: `${why}; remove it from the front matter` }));

const Page = z.looseObject({
  title: text(
    "the page's title, in the browser's tab and llms.txt, such as title: Frequently asked questions",
  ),
  description: text(
    "one sentence for search results and llms.txt, such as description: Answers players need.",
  ),
  navLabel: text("the link text in the navigation, such as navLabel: FAQ"),
  order: z.number({ error: "the page's place in the navigation and llms.txt, a number such as order: 5" }),
  slug: z.optional(
    matching(
      /^[a-z0-9]+(?:[-/][a-z0-9]+)*$/,
      "lowercase letters, digits and hyphens, such as slug: faq-page",
    ),
  ),
  toc: z.optional(z.boolean({ error: "toc: true lists the page's ## headings before its first one" })),
  // The page's own modules and stylesheets, which the layout starts and inlines (`partials/head.liquid`).
  scripts: z.optional(z.array(z.enum(MODULES, { error: SCRIPTS }), { error: SCRIPTS })),
  styles: z.optional(
    z.array(z.string(), { error: "a list of names in assets/styles/, such as styles: [calculator]" }),
  ),
  layout: z.literal(LAYOUT, {
    error: "every page has the site's layout; remove layout (markup belongs in _includes/)",
  }),
  permalinkBypassOutputDir: notInFrontMatter("a page is written inside the site"),
  templateEngineOverride: notInFrontMatter("a page is Markdown with Liquid"),
  page: z.object({
    inputPath: matching(/\.md$/, "a page is a Markdown file: rename it to end in .md").check(
      z.refine(
        (file) => !lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink(),
        "a page is a file of its own, not a symbolic link: copy the file here",
      ),
    ),
    url: matching(
      /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*\/)*$/,
      "a page's URL is a folder: write slug: faq or permalink: /faq/",
      "a page is published: remove permalink: false",
    ),
  }),
});

/** Each problem as `file:line: field: fix`, the line where the front matter sets the field. */
function pageSchema(data: unknown): void {
  const result = Page.safeParse(data);
  if (result.success) return;
  const inputPath = (data as PageData).page.inputPath;
  const file = projectPath(inputPath);
  const problems = result.error.issues.map((issue) => {
    const field = issue.path[0] === "page" ? String(issue.path[1]) : issue.path.join(".");
    const key = field === "url" ? /^(slug|permalink)\s*:/ : new RegExp(`^${field}\\s*:`);
    return `  ${fileLine(inputPath, (text) => key.test(text))}: ${field}: ${issue.message}`;
  });
  throw new Error(`${file} is not a page as the site writes them:\n${problems.join("\n")}`);
}

export default {
  layout: LAYOUT,
  tags: ["docs"],
  permalink: (data: PageData) =>
    data.slug === undefined
      ? `${data.page.filePathStem.replace(/^\/pages|\/?index$/g, "")}/`
      : `/${data.slug}/`,
  eleventyDataSchema: pageSchema,
  eleventyComputed: {
    /** The page's class in the stylesheet: `page-docs`, `page-home` for the homepage. */
    pageKey: (data: PageData) => (data.page.url === "/" ? "home" : data.page.filePathStem.split("/").pop()),
  },
};
