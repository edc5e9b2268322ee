/**
 * The localStorage key under which the homepage keeps what the player asked (`form-remember.ts`); the
 * start script reads it too, to lay out a return visit as its answer before the first frame. It held
 * the balance alone before it held the fields, hence its name.
 */
export const KEPT_KEY = "exp-bank-calculator:balance";
