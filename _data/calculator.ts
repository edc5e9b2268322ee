/**
 * `calculator`: the calculator's facts, independent of where the site is deployed. The rate, the
 * time constants and the tool names are fixed by the specification and read from
 * `assets/contract/constants.ts`; the prose fields are written here.
 */
import { DAILY_INTEREST_RATE, PRODUCT_NAME, TIME_NORMALIZATION as t, TOOL_NAMES } from "../assets/contract/constants.ts";
import { CalculatorFacts } from "../assets/contract/calculator-info.ts";
import { DAILY_INTEREST_PERCENT, DURATION_DAYS_FORMULA, GROWTH_FORMULA } from "../assets/contract/formulas.ts";
import { dataFileName, parseData } from "../assets/contract/issues.ts";


export default parseData(
  CalculatorFacts,
  {
    name: PRODUCT_NAME,
    description:
      "Shows how a gem balance grows at a fixed daily interest rate, compounding, and which rank it reaches. The homepage calculates any balance and duration, in its form and as WebMCP tools; the published formula and rounding give the same digits by hand.",
    dailyInterestRate: DAILY_INTEREST_RATE,
    dailyInterestPercent: DAILY_INTEREST_PERCENT,
    // "Compounds daily" would suggest growth in whole-day steps; a part of a day grows by the same power.
    formula: `${GROWTH_FORMULA}, where durationDays = ${DURATION_DAYS_FORMULA}; durationDays may be fractional, so 12 hours multiply the balance by (1 + ${DAILY_INTEREST_RATE})^0.5, not by 1 + ${DAILY_INTEREST_RATE} ÷ 2.`,
    timeNormalization: { ...t },
    calculationAccess: { staticJson: false, webMcp: true, webMcpTools: [...TOOL_NAMES] },
  },
  dataFileName(import.meta.url),
);
