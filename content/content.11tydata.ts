/**
 * Directory data for every page in `content/`: the layout, the `twinned` tag (pages that have a
 * Markdown twin, are listed in the navigation and in llms.txt), and the permalink, read from
 * `site.paths` by the page's `pageKey`. Machine outputs set their own permalink and leave collections.
 * See https://www.11ty.dev/docs/data-template-dir/
 */
import { href } from "../_includes/lib/site-links.ts";

export default {
  layout: "layouts/base.njk",
  tags: ["twinned"],
  permalink: (data: { pageKey?: string; page: { inputPath: string } }) => {
    if (!data.pageKey) throw new Error(`${data.page.inputPath}: a page needs a pageKey (a key of site.paths) or its own permalink`);
    return href(data.pageKey);
  },
};
