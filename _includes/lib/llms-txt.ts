/**
 * The llms.txt format (https://llmstxt.org/): an H1 with the name, a `>` summary, free notes
 * without headings, then `##` sections of `- [name](url): note` lines. Built as a list of parts
 * joined once; every URL is absolute, because the file is read outside the site.
 */

export interface LlmsLink {
  name: string;
  url: string;
  note?: string;
}

export interface LlmsSection {
  title: string;
  links: LlmsLink[];
}

export interface LlmsTxt {
  title: string;
  summary: string;
  notes: string[];
  sections: LlmsSection[];
}

function line(link: LlmsLink): string {
  const url = new URL(link.url);
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`llms.txt link "${link.name}" must be an absolute http(s) URL, not ${link.url}`);
  return `- [${link.name}](${url.href})${link.note ? `: ${link.note}` : ""}`;
}

export function llmsTxt(guide: LlmsTxt): string {
  const parts = [
    `# ${guide.title}`,
    `> ${guide.summary.replace(/\s*\n\s*/g, " ")}`,
    ...guide.notes,
    ...guide.sections.map((section) => [`## ${section.title}`, ...section.links.map(line)].join("\n")),
  ];
  return `${parts.join("\n\n")}\n`;
}

/** A page in the `docs` collection, as llms.txt lists it: its Markdown twin. */
export interface DocsPage {
  url: string;
  data: { title: string; description: string; order: number };
}

export function byOrder(pages: readonly DocsPage[]): DocsPage[] {
  return [...pages].sort((a, b) => a.data.order - b.data.order);
}
