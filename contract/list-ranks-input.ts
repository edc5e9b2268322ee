/** Input of the `list-exp-ranks` browser tool: nothing, so an empty object; any key is a mistake. */
import * as z from "zod/mini";
import { describe } from "./describe.ts";

export const ListRanksInput = describe(z.strictObject({}), "No input: send an empty object.");
export type ListRanksInput = z.infer<typeof ListRanksInput>;
