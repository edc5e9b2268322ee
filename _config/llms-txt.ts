/**
 * The llms.txt format (https://llmstxt.org/): an H1 with the name, a `>` summary, free notes
 * without headings, then `##` sections of `- [name](url): note` lines. Built as a list of parts
 * joined once; every URL is absolute, because the file is read outside the site.
 */
import { markdownText } from "./escape.ts";
import type endpoints from "../_data/endpoints.ts";
import type { RankList } from "../contract/rank-list.ts";

export type LlmsLink = { name: string; url: string; note?: string };
export type LlmsSection = { title: string; links: LlmsLink[] };
export type LlmsTxt = { title: string; summary: string; notes: string[]; sections: LlmsSection[] };

/** A note or summary on one line: authored prose keeps its Markdown, but cannot open a heading. */
function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, " ");
}

function line(link: LlmsLink): string {
  const url = new URL(link.url);
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new Error(`llms.txt link "${link.name}" must be an absolute http(s) URL, not ${link.url}`);
  return `- [${markdownText(link.name)}](${url.href})${link.note ? `: ${oneLine(link.note)}` : ""}`;
}

/** Notes are Markdown blocks; a heading among them would end the notes for an llms.txt reader. */
function checkNote(note: string): string {
  const heading = note.split("\n").find((text) => /^ {0,3}#/.test(text));
  if (heading !== undefined)
    throw new Error(`llms.txt notes may not contain headings: ${JSON.stringify(heading)}`);
  return note;
}

export function llmsTxt(guide: LlmsTxt): string {
  const parts = [
    `# ${oneLine(guide.title)}`,
    `> ${oneLine(guide.summary)}`,
    ...guide.notes.map(checkNote),
    ...guide.sections.map((section) =>
      [`## ${oneLine(section.title)}`, ...section.links.map(line)].join("\n"),
    ),
  ];
  return `${parts.join("\n\n")}\n`;
}

/** A Markdown bullet list; an item may carry an indented sub-list on its following lines. */
export function bulletList(items: readonly string[]): string {
  return items.map((item) => `- ${item}`).join("\n");
}

/** A rank as both guides list it: `Ethereal: 160000000 gems, label 160M+`. */
export function rankLine(rank: RankList["ranks"][number]): string {
  return `${markdownText(rank.name)}: ${rank.minGems} gems, label ${markdownText(rank.displayValue)}`;
}

/** A JSON resource as both guides link it: method and path, then its summary, operation, body schema and type. */
export function resourceLink(resource: (typeof endpoints.resources)[number]): LlmsLink {
  const { method, path, url, summary, operationId, schema, mediaType } = resource;
  return {
    name: `${method} /${path}`,
    url,
    note: `${summary} (operation \`${operationId}\`, body ${schema}, ${mediaType}).`,
  };
}
