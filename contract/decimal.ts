import * as z from "zod/mini";
import { DECIMAL_NUMBER, WHOLE_NUMBER } from "../common/input/input-rules.ts";

export { DECIMAL_NUMBER, WHOLE_NUMBER };

/** A whole number of gems as a decimal string. */
export const wholeNumberString = () =>
  z.string().check(z.regex(WHOLE_NUMBER, 'must be a whole number written in digits, such as "160000000"'));
