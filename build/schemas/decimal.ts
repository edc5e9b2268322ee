import * as z from "zod/mini";

/** A non-negative whole number written in decimal digits, without sign or leading zeros: `0`, `160000000`. */
export const WHOLE_NUMBER = /^(0|[1-9][0-9]*)$/;

/** A non-negative decimal number written in plain digits: `0.003`, `12`, `1094026.87487131`. */
export const DECIMAL_NUMBER = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/** A whole number of gems as a decimal string. */
export const wholeNumberString = () =>
  z.string().check(z.regex(WHOLE_NUMBER, "must be a whole number written in digits, such as \"160000000\""));

/** A non-negative decimal number as a string. */
export const decimalString = () =>
  z.string().check(z.regex(DECIMAL_NUMBER, "must be a decimal number written in digits, such as \"0.003\""));
