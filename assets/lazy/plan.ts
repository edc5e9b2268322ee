/**
 * The homepage's planning (deposits, a what-if rate, what it takes: `assets/plan/plan.ts`), which
 * `assets/page/plan-hook.ts` loads and mounts when it is used or a link needs it.
 */
import { mountPlan } from "../plan/plan.ts";
import { provide } from "../page/load-module.ts";

provide("plan", mountPlan);
