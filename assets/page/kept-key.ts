/**
 * The localStorage key under which the homepage keeps what the player asked (`form-remember.ts`); the
 * start script reads it too, to lay out a return visit as its answer before the first frame.
 */
export const KEPT_KEY = "exp-bank-calculator:kept";
