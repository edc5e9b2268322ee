import * as z from "zod/mini";
import { describe } from "./describe.ts";
import { ERROR_CODES } from "../common/constants.ts";

export const ErrorResponse = describe(
  z.strictObject({
    error: describe(
      z.strictObject({
        code: describe(z.enum(ERROR_CODES), "Machine-readable error code."),
        message: describe(z.string().check(z.minLength(1)), "Short explanation of the failure."),
        resolution: describe(z.string().check(z.minLength(1)), "Specific next step for the caller."),
      }),
      "What went wrong and what to do next.",
    ),
  }),
  { id: "ErrorResponse", description: "Body of every error: a code, a message and a resolution." },
);
export type ErrorResponse = z.infer<typeof ErrorResponse>;
