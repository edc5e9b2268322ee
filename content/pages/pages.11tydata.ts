/**
 * Directory data: every Markdown file in this folder is a documentation page. It gets the layout,
 * the `docs` tag (the navigation, the sitemap, llms.txt, llms-full.txt and a Markdown twin), its
 * key and its URL from its file name, unless its front matter sets `slug` or `permalink`
 * (`_config/pages.ts`). A new page needs nothing here.
 * See https://www.11ty.dev/docs/data-template-dir/
 */
import { pageKeyOf, pageUrl, type PageData } from "../../_config/pages.ts";

export default {
  layout: "layouts/base.njk",
  tags: ["docs"],
  permalink: pageUrl,
  eleventyComputed: {
    pageKey: (data: PageData) => pageKeyOf(data.page.inputPath),
  },
};
