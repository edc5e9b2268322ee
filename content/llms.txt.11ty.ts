// /llms.txt, the agent guide (llmstxt.org). An agent that reads only this file can compute any
// result exactly and check it: the formula, constants, limits, rounding, the rank table, what each
// input and result field means, a worked example computed by the tool at build time, a recipe and
// the common mistakes. Then where the Markdown, JSON, contract and tools are. Every fact is read
// from the data and the schemas.
import { paths, type Site } from "../build/data/site.ts";
import type { CalculatorInfo } from "../build/schemas/calculator-info.ts";
import type { RankList } from "../build/schemas/rank-list.ts";
import type { ToolData } from "../build/data/tools.ts";
import type endpoints from "../build/data/endpoints.ts";
import type openapi from "../build/data/openapi.ts";
import { CALCULATE_LIMITS, DURATION_MAXIMA } from "../build/schemas/calculate-input.ts";
import { LOSSY_NUMBER_RULE } from "../assets/input/input-rules.ts";
import type { DurationUnit } from "../assets/engine/duration.ts";
import { TOOL_NAMES } from "../assets/constants.ts";
import { calculateGrowth } from "../assets/engine/calculate.ts";
import { exactOf, exactToFixed8 } from "../assets/engine/exact.ts";
import { absoluteUrl, twinPath } from "../build/eleventy/site-links.ts";
import { bulletList, byOrder, llmsTxt, numberedList, type DocsPage } from "../build/eleventy/llms-txt.ts";
import { markdownText } from "../build/eleventy/escape.ts";

interface GuideData {
  site: Site;
  calculator: CalculatorInfo;
  ranks: RankList;
  tools: ToolData[];
  endpoints: typeof endpoints;
  openapi: typeof openapi;
  collections: { docs: DocsPage[] };
}

export const data = {
  permalink: (data: GuideData) => `/${data.site.paths.agentGuide}`,
  layout: false,
  eleventyExcludeFromCollections: true,
  eleventyImport: { collections: ["docs"] },
};

type FieldSchema = { description?: string; type?: string; anyOf?: FieldSchema[]; items?: FieldSchema; properties?: SchemaProperties };
type SchemaProperties = Record<string, FieldSchema>;

/** A URL's path, as a reader types it after the host: `https://user.github.io/exp-bank/docs/` → `/exp-bank/docs/`. */
function pathOf(url: string): string {
  return new URL(url).pathname;
}

const grouped = new Intl.NumberFormat("en-US");

/** hours × an hourly profit, exactly, with 8 decimals: what a day would earn if the hourly figure were simple. */
function hourlyTimesDay(profitPerHour: string, hoursPerDay: number): string {
  const hourly = exactOf(profitPerHour);
  return exactToFixed8({ digits: hourly.digits * BigInt(hoursPerDay), places: hourly.places });
}

/** Top-level fields of a tool's JSON Schema, with their descriptions; a root `$ref` into `$defs` is followed. */
function propertiesOf(schema: Record<string, unknown>): SchemaProperties {
  const ref = typeof schema.$ref === "string" ? /^#\/\$defs\/(.+)$/.exec(schema.$ref)?.[1] : undefined;
  const root = ref ? (schema.$defs as Record<string, Record<string, unknown>> | undefined)?.[ref] : schema;
  if (!root?.properties) throw new Error(`llms.txt: a tool schema without properties: ${JSON.stringify(schema).slice(0, 200)}`);
  return root.properties as SchemaProperties;
}

/** The fields of an object-valued field (an object, a nullable object, or an array of objects), if it has any. */
function fieldsOf(field: FieldSchema): SchemaProperties | undefined {
  if (field.properties) return field.properties;
  if (field.items) return fieldsOf(field.items);
  for (const option of field.anyOf ?? []) {
    const found = fieldsOf(option);
    if (found) return found;
  }
  return undefined;
}

/** The part of an input's description that says what it means, before the sending rule stated once for all amounts. */
function meaningOf(description = ""): string {
  return description.replace(/\s*Send .*$/, "");
}

const FIXED_8_SUFFIX = / A decimal string with exactly 8 fractional digits, rounded (half-)?up\.$/;

/** `- \`key\`: description`, one a line, without the suffix every 8-decimal field shares. */
const fieldLines = (fields: SchemaProperties) => Object.entries(fields).map(([key, field]) => `\`${key}\`: ${(field.description ?? "").replace(FIXED_8_SUFFIX, "")}`);

/** The result's fields, with the fields of goal, additional and each milestone as a sub-list (a duration's fields have their own note). */
function resultFieldLines(outputs: SchemaProperties): string[] {
  return Object.entries(outputs).map(([key, field]) => {
    const line = fieldLines({ [key]: field })[0] as string;
    // nextRank is milestones[0], and a rank's own fields are those of the rank table above.
    const inner = ["milestones", "goal", "additional"].includes(key) ? fieldsOf(field) : undefined;
    if (!inner) return line;
    const lines = fieldLines(inner).map((text) => (/^`duration`:/.test(text) ? "`duration`: a Duration (see Durations below)." : text));
    return `${line} ${key === "milestones" ? "Each milestone (and nextRank)" : "It"} has:\n${lines.map((text) => `  - ${text}`).join("\n")}`;
  });
}

/** A JSON value over a few lines: top-level fields one a line, arrays one item a line. */
function exampleJson(value: Record<string, unknown>): string {
  const fields = Object.entries(value).map(([key, field]) => {
    const text = Array.isArray(field) && field.length > 0 ? `[\n${field.map((item) => `    ${JSON.stringify(item)}`).join(",\n")}\n  ]` : JSON.stringify(field);
    return `  ${JSON.stringify(key)}: ${text}`;
  });
  return `{\n${fields.join(",\n")}\n}`;
}

/** The calculation, its rules and the common mistakes: enough to compute and check any result. */
function calculationNotes(data: GuideData): string[] {
  const { calculator, ranks, site } = data;
  const time = calculator.timeNormalization;
  const r = calculator.dailyInterestRate;
  const calculate = data.tools.find((tool) => tool.name === TOOL_NAMES[0]);
  if (!calculate) throw new Error(`llms.txt: no tool named ${TOOL_NAMES[0]} in the tools data`);
  const inputs = propertiesOf(calculate.inputSchema);
  const outputs = propertiesOf(calculate.outputSchema);
  const example = calculate.example.result as { structuredContent: Record<string, unknown> & { profitPerDay: string; profitPerHour: string; futureGems: string } };
  const result = example.structuredContent;
  const { maxGems, maxDurationDays, maxStringLength } = CALCULATE_LIMITS;
  // The largest result: the largest balance grown for the longest time, so the recipe can say how many digits it needs.
  const largestDigits = (calculateGrowth({ currentGems: maxGems, days: maxDurationDays }, ranks.ranks).futureGems.split(".")[0] ?? "").length;
  const twoTo53 = 2n ** 53n;
  const timeKeys = Object.keys(inputs).filter((key) => !key.endsWith("Gems"));
  const durationFields = fieldsOf(fieldsOf(outputs.milestones ?? {})?.duration ?? {});
  if (!durationFields) throw new Error("llms.txt: the result schema has no milestones[].duration fields");
  const halfDay = `(1 + ${r})^0.5`;

  return [
    `How the balance grows: ${calculator.formula} The daily rate r is ${r} (${calculator.dailyInterestPercent}% a day). A year is ${time.yearDays} days, a month ${time.monthDays} days, and a day ${time.hoursPerDay} hours, ${grouped.format(time.minutesPerDay)} minutes or ${grouped.format(time.secondsPerDay)} seconds.`,
    `Limits: currentGems, goalGems and additionalGems are each greater than 0 and at most ${maxGems}; ${timeKeys.join(", ")} are each at least 0 and together at most ${maxDurationDays} days (${maxDurationDays / time.yearDays} years), so each alone is at most the whole ${maxDurationDays} days in its unit, rounded down: ${timeKeys.map((key) => `${key} ${DURATION_MAXIMA[key as DurationUnit]}`).join(", ")}; a decimal string has at most ${maxStringLength} characters. Each amount is a JSON number or a decimal string of plain digits, such as 1000000 or "1000000.5". A missing time counts as 0.`,
    `Rounding: every computed amount is a decimal string with exactly 8 decimals, the exact value rounded half-up (a remainder of exactly half a unit of the 8th decimal rounds up, not to even), rounded once at the end and never from an already rounded value. The time to reach a target is rounded up instead: \`daysToReach\` to 8 decimals and \`duration\` to the whole second, so that growing for either reaches the target. \`dailyInterestRate\` comes back as the constant "${r}", not padded.`,
    `Ranks: a balance holds the highest rank whose minGems ≤ the balance (a balance exactly at a threshold holds that rank), compared exactly. The ranks, lowest first (name: minGems, label):\n${bulletList(ranks.ranks.map((rank) => `${markdownText(rank.name)}: ${rank.minGems} gems, label ${markdownText(rank.displayValue)}`))}`,
    `Inputs of ${calculate.name}:\n${bulletList([
      ...Object.entries(inputs).map(([key, field]) => `\`${key}\`${key === "currentGems" ? " (required)" : ""}: ${meaningOf(field.description)}${key === "additionalGems" ? " It is a target, not a deposit: it does not change futureGems. To model a deposit, add it to currentGems." : ""}`),
    ])}`,
    `Result fields of ${calculate.name} (amounts and days are 8-decimal strings):\n${bulletList(resultFieldLines(outputs))}`,
    `Days to reach a target: t = ln(target ÷ currentGems) ÷ ln(1 + r) exactly, 0 when target ≤ currentGems. \`daysToReach\` is t rounded up to 8 decimals (the fewest days, to 8 decimals, after which futureGems ≥ target) and \`duration\` is t rounded up to the whole second; both come from the exact t, never one from the other, so they can differ in the last digits, and growing for either reaches the target. Answer "how many days?" with daysToReach and "how long?" with duration.text. When t is a whole number k (target = currentGems × (1 + r)^k exactly) both are exactly k days; a target a hair above currentGems takes 0.00000001 days and 1 second. \`reached\` and \`withinDuration\` are true exactly when the given duration is at least t.`,
    `Durations (the \`duration\` of each milestone, of goal and of additional): t rounded up to the whole second, split with the constants above into as many whole years as fit, then months, days, hours, minutes and seconds. Its fields:\n${bulletList(fieldLines(durationFields))}`,
    `Worked example, computed by ${calculate.name} when this file was built. Input: \`${JSON.stringify(calculate.example.input)}\`. Output (structuredContent):\n\`\`\`json\n${exampleJson(result)}\n\`\`\``,
    `To compute without WebMCP, use decimal arithmetic, never float64: a binary double keeps only about 15 significant digits, inputs go up to ${maxGems} with decimals, and futureGems reaches ${largestDigits} digits before the point. The recipe:\n${numberedList([
      `Read every input as an exact decimal and compute durationDays exactly, as the formula above says (whole seconds over ${time.secondsPerDay} are a rational; keep it as one, or with many more than 8 decimals).`,
      `factor = (1 + r)^durationDays = exp(durationDays × ln(1 + r)), with ln and exp carried to at least ${largestDigits + 8 + 20} significant digits (the digits of the largest result, its 8 decimals and guard digits). Python's decimal module (getcontext().prec = 100, Decimal.ln(), Decimal.exp()) or decimal.js with precision 100 will do.`,
      "Every other amount by its formula in the result fields above (futureGems, profit, profitPercent, profitPerDay, profitPerHour), from the exact factor and inputs, never from a rounded result.",
      `For each target: t = ln(target ÷ currentGems) ÷ ln(1 + r) when target > currentGems, else 0; daysToReach = ceil(t × 10^8) ÷ 10^8 and duration = ceil(t × ${time.secondsPerDay}) seconds, both from the exact t, the duration split into years, months, days, hours, minutes and seconds with the constants above and written as its text rule says.`,
      "currentRank is the rank of currentGems, futureRank the rank of the exact futureGems; milestones are the ranks above currentRank, lowest first, each with gemsNeeded = minGems − currentGems, its daysToReach and duration, and withinDuration = (futureGems ≥ minGems); nextRank is the first milestone, or null at the top rank.",
      "goal (when goalGems is given) has targetGems = goalGems; additional (when additionalGems is given) has targetGems = currentGems + additionalGems; each has reached = (futureGems ≥ targetGems), daysToReach and duration.",
      `Round every amount once, at the end, to 8 decimals half-up (ROUND_HALF_UP, not the banker's rounding many libraries default to), and daysToReach up (ROUND_CEILING), and write all 8 decimals. Your result for the worked example must match it digit for digit.`,
    ])}`,
    `Things to remember:\n${bulletList([
      `additionalGems is an amount to earn (a target), not a deposit: it never changes futureGems. To model a deposit of D gems, send currentGems + D as currentGems.`,
      `nextRank and milestones are measured from the current balance, not from futureGems: nextRank is the rank right above currentRank even when futureRank is several ranks higher. Read futureRank for the rank after the duration.`,
      `profitPerDay is simple interest on the current balance (currentGems × r) while profitPerHour compounds ((1 + r)^(1/24) − 1), so 24 × profitPerHour is not profitPerDay: in the worked example 24 × ${result.profitPerHour} = ${hourlyTimesDay(result.profitPerHour, time.hoursPerDay)}, not ${result.profitPerDay}.`,
      `Growth is not daily steps: a fraction of a day grows by the same formula, so 12 hours multiply the balance by ${halfDay}, not by 1 + r ÷ 2, and 24 hours equal one day exactly. Read "a daily rate" as the rate over a whole day.`,
      `A JSON number is read as the double it parses to, never as the digits you wrote: one of 2^53 (${twoTo53}) or more is refused, and one with more than about 15 significant digits loses the rest. Send such amounts as decimal strings, such as "${maxGems}". ${LOSSY_NUMBER_RULE} A literal too large for a double, such as 1e400, arrives as null and is refused as null.`,
      `A month is ${time.monthDays} days and a year ${time.yearDays} days, not calendar months: 12 months are ${12 * time.monthDays} days.`,
      `Compare results as decimals, not as floats; every amount has exactly 8 decimals and durations are whole seconds, rounded up.`,
    ])}`,
    `Two ways to get a result: call the WebMCP tools ${TOOL_NAMES.map((name) => `\`${name}\``).join(" and ")} on the homepage (${site.urls.home}) in a browser with WebMCP (they run in the page; nothing is calculated over HTTP), or follow the recipe above. Both give the same digits.`,
  ];
}

export function render(data: GuideData): string {
  const { site, calculator, endpoints, openapi } = data;
  const docsTwin = absoluteUrl(twinPath(`/${site.paths.docs}`));
  const [calculateName, listName] = TOOL_NAMES;
  const calculate = data.tools.find((tool) => tool.name === calculateName);
  const list = data.tools.find((tool) => tool.name === listName);
  if (!calculate || !list) throw new Error(`llms.txt: the tools data must hold ${TOOL_NAMES.join(" and ")}`);
  const keys = (schema: Record<string, unknown>) => Object.keys(propertiesOf(schema)).map((key) => `\`${key}\``).join(", ");
  const toolNotes: Record<(typeof TOOL_NAMES)[number], string> = {
    [calculateName]: `Takes ${keys(calculate.inputSchema)} (only currentGems is required) and returns ${keys(calculate.outputSchema)}, the fields and worked example above, as structuredContent and as JSON text. Bad input returns isError with an invalid_request error naming the field, the mistake and what to send instead. The linked section documents every field and error.`,
    [listName]: `Takes no input (send {}) and returns ${keys(list.outputSchema)}: the rank table above, the same body as ${site.urls.ranks}.`,
  };
  return llmsTxt({
    title: site.name,
    summary: `${calculator.description} This file alone is enough to compute and check any result: the formula, constants, limits, rounding, ranks, a worked example and a recipe follow.`,
    notes: [
      ...calculationNotes(data),
      `Every page has a Markdown twin: the page's path without its trailing slash, plus \`.md\` (\`${pathOf(site.urls.docs)}\` → \`${pathOf(docsTwin)}\`; the homepage's is \`${pathOf(site.urls.overview)}\`). Read those rather than the HTML.`,
      "What the site does not have: no OAuth, no API keys, no accounts and no private resources; no MCP server transport over HTTP (the tools live in the page); no JSON error bodies from the static host (a missing path gets an HTML 404 page) and no Markdown negotiation through the `Accept` header.",
      site.apiCatalog
        ? `The RFC 9727 API catalog (${site.apiCatalog.url}) has no extension, so GitHub Pages serves it as \`${site.apiCatalog.servedByGitHubPagesAs}\`, not \`${site.apiCatalog.mediaType}\`: parse it as JSON whatever the response says. A host that can set headers should serve it as \`${site.apiCatalog.mediaType}; profile="${site.apiCatalog.profile}"\`.`
        : `There is no RFC 9727 API catalog: the site is served under the path \`${site.pathPrefix}\`, and a well-known URI exists only at the root of an origin.`,
    ],
    sections: [
      {
        title: "Docs",
        links: byOrder(data.collections.docs).map((page) => ({
          name: page.data.title,
          url: absoluteUrl(twinPath(page.url)),
          note: page.data.description,
        })),
      },
      {
        title: "API",
        links: [
          ...endpoints.resources.map((resource) => ({
            name: `${resource.method} /${resource.path}`,
            url: resource.url,
            note: `${resource.summary} (operation \`${resource.operationId}\`, body ${resource.schema}, ${resource.mediaType}).`,
          })),
          { name: "OpenAPI contract", url: site.urls.openapi, note: `The OpenAPI ${openapi.openapi} contract, version ${openapi.info.version}, with every schema and example.` },
          { name: "API section guide", url: site.urls.apiAgentGuide, note: "The JSON resources on their own: what each holds, its fields and fixed values." },
        ],
      },
      {
        title: "Tools",
        links: TOOL_NAMES.map((name) => ({ name, url: new URL(`#${name}`, docsTwin).href, note: toolNotes[name] })),
      },
      {
        title: "Optional",
        links: [
          { name: "All pages in one file", url: absoluteUrl(paths.fullAgentGuide), note: "Every Markdown twin, concatenated." },
          ...(site.apiCatalog
            ? [{ name: "API catalog", url: site.apiCatalog.url, note: "RFC 9727 linkset of the API, its contract and its docs (JSON; see the note on its media type above)." }]
            : []),
        ],
      },
    ],
  });
}
