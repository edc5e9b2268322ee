/**
 * Directory data for the documentation pages in this folder: the layout, the `docs` tag (the
 * pages that are listed in the navigation, the sitemap and llms.txt, and have a Markdown twin), and
 * the permalink, read from `site.paths` by the page's `pageKey`. Machine outputs live outside this
 * folder and need none of it.
 * See https://www.11ty.dev/docs/data-template-dir/
 */
import { href } from "../../build/eleventy/site-links.ts";

export default {
  layout: "layouts/base.njk",
  tags: ["docs"],
  permalink: (data: { pageKey?: string; page: { inputPath: string } }) => {
    if (!data.pageKey) throw new Error(`${data.page.inputPath}: a documentation page needs a pageKey (a key of site.paths)`);
    return href(data.pageKey);
  },
};
