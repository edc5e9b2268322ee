/**
 * Compound growth at the daily rate r: a balance is multiplied by (1 + r) every day, and a
 * fraction of a day compounds within the day, so t days multiply it by (1 + r)^t. For a fraction
 * 1/24 this is hourly compounding at (1 + r)^(1/24) − 1.
 *
 * The power and the logarithm are evaluated as (1 + r)^n · exp(f · ln(1 + r)) with n whole and
 * 0 ≤ f < 1, and ln(y) with y near 1 by its atanh series: each takes a few dozen decimal
 * multiplications, where a general exp or ln at 50 digits costs ten times as many.
 */
import { DAILY_INTEREST_RATE } from "../contract/constants.ts";
import { Decimal, PRECISION, floorWhole, toDecimal, type Amount } from "./decimal.ts";

/** Series stop once a term is below this: a few digits beyond the working precision. */
const NEGLIGIBLE = new Decimal(10).pow(-(PRECISION + 5));

/** exp(x) − 1 by its Taylor series, for |x| well below 1. */
function expMinusOne(x: Decimal): Decimal {
  let term = x;
  let sum = x;
  for (let k = 2; !term.isZero() && term.abs().gte(NEGLIGIBLE); k += 1) {
    term = term.times(x).div(k);
    sum = sum.plus(term);
  }
  return sum;
}

/** ln(y) = 2 · atanh((y − 1) / (y + 1)), for y near 1, where the series converges fast. */
function lnNearOne(y: Decimal): Decimal {
  const s = y.minus(1).div(y.plus(1));
  const s2 = s.times(s);
  let power = s;
  let sum = s;
  for (let k = 3; ; k += 2) {
    power = power.times(s2);
    const term = power.div(k);
    if (term.isZero() || term.abs().lt(NEGLIGIBLE)) break;
    sum = sum.plus(term);
  }
  return sum.times(2);
}

/** The daily interest rate r, from the contract's constant. */
export const DAILY_RATE = toDecimal(DAILY_INTEREST_RATE);

/** 1 + r: what a balance is multiplied by each day. */
export const DAILY_FACTOR = DAILY_RATE.plus(1);

/** ln(1 + r), computed once. */
export const LN_DAILY_FACTOR = lnNearOne(DAILY_FACTOR);

/** (1 + r)^(1/24) − 1: the rate of one hour of compounding, computed once. */
export const HOURLY_RATE = expMinusOne(LN_DAILY_FACTOR.div(24));

const LN_DAILY_FACTOR_NUMBER = Math.log1p(DAILY_RATE.toNumber());

/** (1 + r)^(2^k), filled on demand: whole powers are products of these. */
const squarings: Decimal[] = [DAILY_FACTOR];

/** (1 + r)^n for a whole n ≥ 0, by binary powering over the cached squarings. */
function wholePower(n: number): Decimal {
  let result = new Decimal(1);
  for (let k = 0, rest = n; rest > 0; k += 1, rest = Math.floor(rest / 2)) {
    if (k === squarings.length) {
      const last = squarings[k - 1] as Decimal;
      squarings.push(last.times(last));
    }
    if (rest % 2 === 1) result = result.times(squarings[k] as Decimal);
  }
  return result;
}

/** (1 + r)^days: what a balance is multiplied by over `days` (≥ 0, may be fractional). */
export function growthFactor(days: Amount): Decimal {
  const t = toDecimal(days);
  const whole = floorWhole(t);
  const fraction = t.minus(whole);
  const withinDay = expMinusOne(fraction.times(LN_DAILY_FACTOR)).plus(1);
  return wholePower(whole.toNumber()).times(withinDay);
}

/** currentGems · (1 + r)^days. */
export function futureGems(currentGems: Amount, days: Amount): Decimal {
  return toDecimal(currentGems).times(growthFactor(days));
}

/** Gems earned per day at the current balance: currentGems · r. */
export function profitPerDay(currentGems: Amount): Decimal {
  return toDecimal(currentGems).times(DAILY_RATE);
}

/** Gems earned in the first hour at the current balance: currentGems · ((1 + r)^(1/24) − 1). */
export function profitPerHour(currentGems: Amount): Decimal {
  return toDecimal(currentGems).times(HOURLY_RATE);
}

/**
 * Days for `currentGems` (> 0) to grow to `targetGems`: ln(target / current) / ln(1 + r), and 0
 * when the target is not above the current balance.
 */
export function daysToReach(currentGems: Amount, targetGems: Amount): Decimal {
  const current = toDecimal(currentGems);
  const target = toDecimal(targetGems);
  if (target.lte(current)) return new Decimal(0);
  // A float estimate of the whole days; the exact remainder y = target / (current · (1 + r)^n)
  // then lies near 1 even when the estimate is a day off, which the series below absorbs.
  const estimate = (Math.log(target.toNumber()) - Math.log(current.toNumber())) / LN_DAILY_FACTOR_NUMBER;
  if (!Number.isFinite(estimate)) throw new RangeError(`daysToReach: the ratio ${target.toString()} / ${current.toString()} is outside the range a float estimate can start from`);
  const whole = Math.max(0, Math.floor(estimate));
  const remainder = target.div(current.times(wholePower(whole)));
  return lnNearOne(remainder).div(LN_DAILY_FACTOR).plus(whole);
}
