/** Input of the `list-exp-ranks` browser tool: nothing, so an empty object; any key is a mistake. */
import * as z from "zod/mini";
import { describe } from "./describe.ts";
import { unknownKeysMessage } from "../../assets/input/issues.ts";
import { NOT_AN_EMPTY_OBJECT } from "../../assets/input/input-rules.ts";

export const ListRanksInput = describe(
  z.strictObject(
    {},
    {
      error: (issue) => {
        if (issue.code === "invalid_type") return NOT_AN_EMPTY_OBJECT;
        if (issue.code === "unrecognized_keys") return unknownKeysMessage(issue.keys, []);
        return undefined;
      },
    },
  ),
  "No input: send an empty object.",
);
export type ListRanksInput = z.infer<typeof ListRanksInput>;
