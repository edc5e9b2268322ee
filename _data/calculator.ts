// Written by hand (a writer edits this file's prose): the calculator's facts.
/**
 * `calculator`: the calculator's facts, the body of `/api/info.json`. The rate, the time constants
 * and the tool names are fixed by the specification and read from `common/constants.ts`;
 * the prose fields are written here; the addresses come from `site`.
 */
import { DAILY_INTEREST_RATE, PRODUCT_NAME, TIME_NORMALIZATION, TOOL_NAMES } from "../common/constants.ts";
import { CalculatorInfo } from "../contract/calculator-info.ts";
import { DAILY_INTEREST_PERCENT, DURATION_DAYS_FORMULA, GROWTH_FORMULA } from "../contract/formulas.ts";
import { validateData } from "../contract/validate-data.ts";
import site from "./site.ts";

export default validateData(
  CalculatorInfo,
  {
    name: PRODUCT_NAME,
    description:
      "Shows how a gem balance grows at a fixed daily interest rate, compounding, and which rank it " +
      "reaches. The homepage calculates any balance and duration, in its form and as WebMCP tools; " +
      "the published formula and rounding give the same digits by hand.",
    url: site.url,
    dailyInterestRate: DAILY_INTEREST_RATE,
    dailyInterestPercent: DAILY_INTEREST_PERCENT,
    // "Compounds daily" would suggest growth in whole-day steps; a part of a day grows by the same power.
    formula:
      `${GROWTH_FORMULA}, where durationDays = ${DURATION_DAYS_FORMULA}; durationDays may be ` +
      `fractional, so 12 hours multiply the balance by (1 + ${DAILY_INTEREST_RATE})^0.5, not by 1 + ` +
      `${DAILY_INTEREST_RATE} ÷ 2.`,
    timeNormalization: { ...TIME_NORMALIZATION },
    calculationAccess: { staticJson: false, webMcp: true, webMcpTools: [...TOOL_NAMES] },
    links: { documentation: site.urls.docs, openapi: site.urls.openapi, agentGuide: site.urls.agentGuide },
  },
  import.meta.url,
);
