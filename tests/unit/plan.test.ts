/**
 * The homepage's planning (`common/engine/plan.ts`: deposits, what it takes, a what-if rate) against
 * figures a reader can check and an independent reference: decimal.js at 80 digits, walking the
 * deposits one period at a time (the engine uses the closed form and BigInt), the time within a
 * period from decimal.js's own logarithm. Amounts are compared after rounding half-up to 8 decimals,
 * times after rounding up, as the engine documents.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Decimal } from "decimal.js";
import rankList from "../../_data/ranks.ts";
import { DAILY_INTEREST_RATE } from "../../common/constants.ts";
import { calculateGrowth, rateCourse } from "../../common/engine/calculate.ts";
import { durationDays } from "../../common/engine/duration.ts";
import { exactOf } from "../../common/engine/exact.ts";
import { BANK_RATE } from "../../common/engine/growth.ts";
import { depositCourse, rateOfPercent, whatItTakes } from "../../common/engine/plan.ts";
import { generator } from "../support/random-inputs.ts";

const RANKS = rankList.ranks;
const Big = Decimal.clone({ precision: 80 });
type Plan = { gems: string; deposit: string; every: number; percent: string };

/** The balance after `days` (a decimal string), depositing at each period's end, walked period by period. */
function referenceBalance({ gems, deposit, every, percent }: Plan, days: string): Decimal {
  const factor = new Big(percent).div(100).plus(1);
  const perPeriod = factor.pow(every);
  let balance = new Big(gems);
  const periods = new Big(days).div(every).floor().toNumber();
  for (let m = 0; m < periods; m += 1) balance = balance.times(perPeriod).plus(deposit);
  return balance.times(factor.pow(new Big(days).minus(periods * every)));
}

/** The days until the balance first reaches `target`, rounded up to 8 decimals; null past 5,000 periods. */
function referenceReach({ gems, deposit, every, percent }: Plan, target: string): string | null {
  const factor = new Big(percent).div(100).plus(1);
  const perPeriod = factor.pow(every);
  let balance = new Big(gems);
  if (balance.gte(target)) return "0.00000000";
  for (let m = 0; m < 5000; m += 1) {
    const grown = balance.times(perPeriod);
    if (grown.gte(target)) {
      const within = new Big(target).div(balance).ln().div(factor.ln());
      return within.plus(m * every).toFixed(8, Decimal.ROUND_CEIL);
    }
    balance = grown.plus(deposit);
    if (balance.gte(target)) return new Big((m + 1) * every).toFixed(8);
  }
  return null;
}

function calculate(plan: Plan, days: string, goalGems?: string) {
  const rate = rateOfPercent(plan.percent)!;
  const deposit = exactOf(plan.deposit);
  const course = deposit.digits > 0n ? depositCourse(rate, deposit, plan.every) : rateCourse(rate);
  return calculateGrowth({ currentGems: plan.gems, days, goalGems }, RANKS, course);
}

const BANK_PERCENT = new Decimal(DAILY_INTEREST_RATE).times(100).toString();
const DAILY_20M: Plan = { gems: "250000000", deposit: "20000000", every: 1, percent: BANK_PERCENT };

test("250M plus 20M a day reaches Radiant (1.6B) exactly at the end of day 60, at its deposit", () => {
  const result = calculate(DAILY_20M, "90", "1600000000");
  assert.is(result.goal!.daysToReach, "60.00000000");
  assert.is(result.goal!.duration.totalSeconds, 60 * 86400);
  assert.is(referenceReach(DAILY_20M, "1600000000"), "60.00000000");
  // The day before, the balance with its deposit is short of 1.6B; at day 60, before the deposit, too.
  assert.ok(referenceBalance(DAILY_20M, "59").lt("1600000000"));
  assert.ok(referenceBalance(DAILY_20M, "59").times("1.003").lt("1600000000"));
  assert.is(result.milestones.find((rank) => rank.name === "Radiant")!.daysToReach, "60.00000000");
});

test("after n whole days the balance is P·1.003ⁿ + D·(1.003ⁿ − 1)/0.003, and gains count the deposits apart", () => {
  const result = calculate(DAILY_20M, "90");
  const power = new Big("1.003").pow(90);
  const closed = power.times(DAILY_20M.gems).plus(power.minus(1).div("0.003").times(DAILY_20M.deposit));
  assert.is(result.futureGems, closed.toFixed(8, Decimal.ROUND_HALF_UP));
  const gained = closed.minus(250e6 + 90 * 20e6);
  assert.is(result.profit, gained.toFixed(8, Decimal.ROUND_HALF_UP));
  assert.is(result.profitPercent, gained.div(250e6).times(100).toFixed(8, Decimal.ROUND_HALF_UP));
});

test("250M for Radiant in 365 days takes 536,141,506.34… now or 1,291,035.64… a day, each just enough", () => {
  const toRadiant = (time: Parameters<typeof durationDays>[0]) =>
    whatItTakes(exactOf("250000000"), exactOf("1600000000"), durationDays(time), BANK_RATE);
  const takes = toRadiant({ days: 365 })!;
  assert.equal(takes, { now: "536141506.34427542", daily: "1291035.63927272" });
  const reaches = (plan: Plan) => referenceBalance(plan, "365").gte("1600000000");
  const bank = { ...DAILY_20M, deposit: "0" };
  assert.ok(reaches({ ...bank, gems: takes.now }));
  assert.not.ok(reaches({ ...bank, gems: new Decimal(takes.now).minus("1e-8").toString() }));
  assert.ok(reaches({ ...DAILY_20M, deposit: takes.daily }));
  assert.not.ok(reaches({ ...DAILY_20M, deposit: new Decimal(takes.daily).minus("1e-8").toString() }));
  // A time that is not whole counts its whole days; under a day there is nothing to say.
  assert.equal(toRadiant({ days: "365.9" }), takes);
  assert.is(toRadiant({ hours: 23 }), null);
  assert.is(toRadiant({ days: 700 }), null, "reached");
});

test("a what-if rate: rate=0.5 for 90 days from 250M gives 391,638,669.75; its limits", () => {
  const result = calculate({ ...DAILY_20M, deposit: "0", percent: "0.5" }, "90");
  assert.is(result.futureGems, "391638669.74604387");
  assert.is(result.futureGems, new Big("1.005").pow(90).times(250e6).toFixed(8, Decimal.ROUND_HALF_UP));
  assert.is(result.dailyInterestRate, "0.005");
  assert.is(rateOfPercent("1.5")!.text, "0.015");
  assert.is(rateOfPercent("0.0001")!.text, "0.000001");
  for (const refused of ["0", "0.00001", "1.5001", "2", "10", "-1", "1e-3", " 0.5", ".5", ""])
    assert.is(rateOfPercent(refused), null, refused);
});

test("random plans (seeded) agree with the period-by-period reference", () => {
  const seed = Number(process.env.PLAN_SEED ?? 43);
  const { next: random } = generator(seed);
  const decimal = (low: number, high: number, places: number) =>
    (10 ** (low + random() * (high - low))).toFixed(places);
  for (let index = 0; index < 40; index += 1) {
    const plan: Plan = {
      gems: decimal(0, 11, 2),
      deposit: decimal(0, 9, 3),
      every: random() < 0.5 ? 1 : 7,
      percent: random() < 0.3 ? BANK_PERCENT : (0.0001 + random() * 1.4999).toFixed(4),
    };
    const days = (random() * 400).toFixed(5);
    const where = `${JSON.stringify(plan)} for ${days} days (seed ${seed})`;
    const result = calculate(plan, days, "1600000000");
    assert.is(result.futureGems, referenceBalance(plan, days).toFixed(8, Decimal.ROUND_HALF_UP), where);
    for (const rank of [...result.milestones, { ...result.goal!, name: "goal", minGems: "1600000000" }]) {
      const expected = referenceReach(plan, rank.minGems);
      if (expected) assert.is(rank.daysToReach, expected, `${rank.name}: ${where}`);
      else assert.ok(Number(rank.daysToReach) > 5000 * plan.every, `${rank.name}: ${where}`);
    }
  }
});

test.run();
