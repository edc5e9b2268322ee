/**
 * One Nunjucks environment for every build this config runs, given to Eleventy with
 * `setLibrary("njk", …)` (https://www.11ty.dev/docs/languages/nunjucks/#optional-use-your-own-nunjucks-environment).
 * Eleventy makes a new environment for each rebuild of `npm start`, so each rebuild compiled every
 * partial anew; a kept one keeps the partials it compiled (its loader's cache), and Eleventy drops
 * an edited partial from that cache itself (its `templateModified` handler). A config reset runs
 * this again, so an edit to a filter or shortcode gets a new environment.
 *
 * Each build Eleventy adds the site's filters and shortcodes to it again: a shortcode added again
 * replaces the one before (Nunjucks would keep both, and parse with the first).
 *
 * The Markdown twins render each page's source again (twins.ts) with `renderPageSource`: each
 * source's compiled template is kept while its text is unchanged, as a page's is not (Eleventy
 * compiles its pages on each build).
 */
import path from "node:path";
import type UserConfig from "@11ty/eleventy/UserConfig";
import nunjucks from "nunjucks";
import { keptInMemory } from "./kept-in-memory.ts";

/** Every page's undefined name fails the build; every value is escaped as HTML unless a filter built it. */
const OPTIONS = { throwOnUndefined: true, autoescape: true };

/** The parts of Nunjucks' API used here (https://mozilla.github.io/nunjucks/api.html). */
interface Environment {
  addExtension(name: string, extension: object): Environment;
  hasExtension(name: string): boolean;
  removeExtension(name: string): void;
}
interface Template {
  render(data: object, done: (error: Error | null, text?: string | null) => void): void;
}
const { Environment, FileSystemLoader, Template } = nunjucks as unknown as {
  Environment: new (loader: unknown, options: object) => Environment;
  FileSystemLoader: new (searchPaths: string[]) => unknown;
  Template: new (source: string, environment: Environment) => Template;
};

/** A Nunjucks environment that keeps one extension (shortcode) per name, the last added. */
function keptEnvironment(loader: unknown): Environment {
  const environment = new Environment(loader, OPTIONS);
  const add = environment.addExtension.bind(environment);
  environment.addExtension = (name, extension) => {
    if (environment.hasExtension(name)) environment.removeExtension(name);
    return add(name, extension);
  };
  return environment;
}

/** What a JavaScript template is given by Eleventy (its `this`): its page and `eleventy`. */
interface TemplateContext {
  page?: unknown;
  eleventy?: unknown;
}

/** Renders a page's Nunjucks `source` with `data`, as the Render plugin's `renderTemplate(source, "njk", data)`. */
export type RenderPageSource = (source: string, data: Record<string, unknown>) => Promise<string>;

/**
 * Gives Eleventy the kept environment, whose partials are found in `includes` and then in the
 * project folder (as Eleventy's own are), and adds `renderPageSource` for JavaScript templates.
 */
export function keptNunjucks(eleventyConfig: UserConfig, includes: string): void {
  const environment = keptEnvironment(new FileSystemLoader([includes, path.resolve(".")]));
  eleventyConfig.setLibrary("njk", environment);
  /** Compiled templates by their source; one compiled with an error is compiled again on its next render. */
  const compiled = keptInMemory<Template>(100);
  eleventyConfig.addJavaScriptFunction(
    "renderPageSource",
    function (this: TemplateContext, source: string, data: Record<string, unknown>): Promise<string> {
      let template = compiled.get(source);
      if (!template) {
        template = new Template(source, environment);
        compiled.set(source, template);
      }
      // As the Render plugin does, the data names the page being written and Eleventy's own.
      Object.assign(data, { page: this.page, eleventy: this.eleventy });
      const kept = template;
      return new Promise((resolve, reject) =>
        kept.render(data, (error, text) => (error ? reject(error) : resolve(text ?? ""))),
      );
    },
  );
}
