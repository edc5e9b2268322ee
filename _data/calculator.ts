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
      "Shows how a gem balance grows at a fixed daily interest rate that compounds, and which rank the balance reaches. Arbitrary calculations run in the browser through WebMCP tools on the homepage.",
    dailyInterestRate: DAILY_INTEREST_RATE,
    dailyInterestPercent: DAILY_INTEREST_PERCENT,
    formula: `${GROWTH_FORMULA}, where durationDays = ${DURATION_DAYS_FORMULA}; fractional days compound within the day.`,
    timeNormalization: { ...t },
    calculationAccess: { staticJson: false, webMcp: true, webMcpTools: [...TOOL_NAMES] },
  },
  dataFileName(import.meta.url),
);
