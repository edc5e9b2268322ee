/**
 * The values the service specification fixes. They are the literals of the contract schemas and
 * the source of every copy of them on the site; change one here and every output follows.
 */

/** The calculator's product name: `CalculatorInfo.name` and `RankList.name`. */
export const PRODUCT_NAME = "EXP Bank Calculator";

/** Daily interest rate, compounding, as a decimal string. */
export const DAILY_INTEREST_RATE = "0.003";

/** How time inputs are converted to days. */
export const TIME_NORMALIZATION = {
  yearDays: 365,
  monthDays: 30,
  hoursPerDay: 24,
  minutesPerDay: 1440,
  secondsPerDay: 86400,
} as const;

/** The browser tools the homepage registers, in the order they are listed. */
export const TOOL_NAMES = ["calculate-exp-growth", "list-exp-ranks"] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/** Error codes of `ErrorResponse`. */
export const ERROR_CODES = ["invalid_request", "not_found", "internal_error"] as const;

/** `info.version` of the OpenAPI contract. */
export const API_VERSION = "1.0.0";

/** The OpenAPI version the contract is written in. */
export const OPENAPI_VERSION = "3.1.0";
