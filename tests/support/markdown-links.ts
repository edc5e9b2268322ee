/**
 * The tests' reader of the link destinations in built Markdown (twins, llms.txt): the twins' own
 * link reader (`_config/markdown-links.ts`), collecting instead of rewriting.
 */
import { mapMarkdownLinks } from "../../_config/markdown-links.ts";

/** Every link destination in `markdown` outside code, in order; `&amp;` in raw HTML decoded. */
export function markdownLinks(markdown: string): string[] {
  const found: string[] = [];
  mapMarkdownLinks(markdown, (target) => {
    found.push(target.replaceAll("&amp;", "&"));
    return target;
  });
  return found;
}
