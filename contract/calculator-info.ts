import * as z from "zod/mini";
import { describe } from "./describe.ts";
import { DAILY_INTEREST_RATE, TIME_NORMALIZATION as time, TOOL_NAMES } from "../common/constants.ts";
import { DAILY_INTEREST_PERCENT } from "./formulas.ts";

export const TimeNormalization = describe(
  z.strictObject({
    yearDays: describe(z.literal(time.yearDays), "Days in a year."),
    monthDays: describe(z.literal(time.monthDays), "Days in a month."),
    hoursPerDay: describe(z.literal(time.hoursPerDay), "Hours in a day."),
    minutesPerDay: describe(z.literal(time.minutesPerDay), "Minutes in a day."),
    secondsPerDay: describe(z.literal(time.secondsPerDay), "Seconds in a day."),
  }),
  "Fixed constants that convert time inputs to days.",
);

export const CalculationAccess = describe(
  z.strictObject({
    staticJson: describe(
      z.literal(false),
      "Always false: arbitrary calculations are not offered as static JSON.",
    ),
    webMcp: describe(
      z.literal(true),
      "Always true: arbitrary calculations are offered as WebMCP tools on the homepage.",
    ),
    webMcpTools: describe(z.array(z.enum(TOOL_NAMES)), "Names of the WebMCP tools the homepage registers."),
  }),
  "Where arbitrary calculations can be done.",
);

export const CalculatorLinks = describe(
  z.strictObject({
    documentation: describe(z.url(), "Address of the API docs."),
    openapi: describe(z.url(), "Address of the OpenAPI contract."),
    agentGuide: describe(z.url(), "Address of the agent guide (llms.txt)."),
  }),
  "Absolute addresses of the guides.",
);

export const CalculatorInfo = describe(
  z.strictObject({
    name: describe(z.string().check(z.minLength(1)), "Name of the calculator."),
    description: describe(z.string().check(z.minLength(1)), "What the calculator does."),
    url: describe(z.url(), "Address of the calculator."),
    dailyInterestRate: describe(
      z.literal(DAILY_INTEREST_RATE),
      "Daily interest rate r as a decimal string: t days, fractions of a day included, multiply a " +
        "balance by (1 + r)^t.",
    ),
    dailyInterestPercent: describe(
      z.literal(DAILY_INTEREST_PERCENT),
      "The daily interest rate r as a percent, a decimal string: r × 100, the same constant.",
    ),
    formula: describe(z.string().check(z.minLength(1)), "The growth formula as text."),
    timeNormalization: TimeNormalization,
    calculationAccess: CalculationAccess,
    links: CalculatorLinks,
  }),
  {
    id: "CalculatorInfo",
    description: "The calculator's assumptions: rate, formula, time constants and where to calculate.",
  },
);
export type CalculatorInfo = z.infer<typeof CalculatorInfo>;
