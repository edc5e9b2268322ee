/**
 * Inputs of calculate-exp-growth: the corners of the documented range, and inputs drawn at random over it,
 * from a seed, so a failure can be replayed: the engine's tests and the published module's share both.
 */
import type { CalculateInput } from "../../contract/calculate-input.ts";

export const UNITS = ["years", "months", "days", "hours", "minutes", "seconds"] as const;
/** Seconds in one of each unit, written out by hand (not read from the constants under test). */
export const UNIT_SECONDS = {
  years: 365 * 86400,
  months: 30 * 86400,
  days: 86400,
  hours: 3600,
  minutes: 60,
  seconds: 1,
};
/** The most of each unit that may be sent alone: the whole 36,500 days (100 years) in that unit, rounded down. */
export const UNIT_MAXIMA = Object.fromEntries(
  UNITS.map((unit) => [unit, Math.floor((36500 * 86400) / UNIT_SECONDS[unit])]),
) as Record<(typeof UNITS)[number], number>;

/** The tools' largest balance, 10^20. */
const MOST_GEMS = "100000000000000000000";
const CORNER_BALANCES = ["0.00000001", 1e-8, "1", 2 ** 53 - 1, "99999999999999999999.99999999", MOST_GEMS];

/**
 * The corners of the documented range, each an input the tools accept: the smallest and largest balances
 * over no time, 36,500 days in each unit and in several, and fractions of a second. engine.test.ts holds
 * each answer to its exact reference; tools-module.test.ts, the published module's to the page's tools'.
 */
export const CORNERS: CalculateInput[] = CORNER_BALANCES.flatMap((currentGems) =>
  [
    {},
    { days: 0 },
    ...UNITS.map((unit) => ({ [unit]: UNIT_MAXIMA[unit] })),
    { months: 1216, days: 20 },
    { seconds: "0.5" },
    { seconds: "86399.999999" },
    { days: 30, seconds: 5e-324 },
    { years: 99, months: 12, days: 4, hours: "23.5", minutes: 29, seconds: "59.999" },
  ].map((duration) => ({ currentGems, goalGems: MOST_GEMS, additionalGems: "0.00000001", ...duration })),
);

/** Decimal strings as callers get them wrong: each is refused as an amount (tools and check-input tests). */
export const MISTAKEN_AMOUNTS = [
  "01000000",
  "00",
  "0.",
  ".5",
  "5.",
  "1,000,000",
  "1,000.5",
  "2,5",
  "1,00",
  "1M",
  "2.75m",
  "12k",
  "1.6B",
  "3T",
  "1.5e6",
  "1E5",
  "1e+3",
  "1e-3",
  "1e999999999",
  "-5",
  "+5",
  "-0",
  " 12",
  "12 ",
  "1 000",
  "\t",
  "",
  "abc",
  "0x10",
  "NaN",
  "Infinity",
  "\u0663",
  "１２",
  "1_000",
  "1e5",
  " ",
  "1,000",
  "+3",
  "01",
];

/** JSON values of the other types: each is refused as an amount or a time (tools and check-input tests). */
export const NOT_NUMBERS = [null, true, false, [], [1], {}, { value: 1 }];

/**
 * JSON numbers at the edges of what a double and the schema allow (tools and check-input tests). The two
 * durations that once returned internal_error, 5e-324 and 1e-300 seconds, are among them; engine.test.ts
 * holds their results exact.
 */
export const EXTREME_NUMBERS = [
  0,
  -0,
  5e-324,
  1e-323,
  2.2250738585072014e-308,
  2.225073858507201e-308,
  1e-300,
  1e-20,
  1e-8,
  0.1,
  1,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 53 + 1,
  2 ** 53 + 2,
  2 ** 64,
  1e20,
  1.0000000000000002e20,
  99999999999999990000,
  1e21,
  1.7976931348623157e308,
  ...Object.values(UNIT_MAXIMA),
  ...Object.values(UNIT_MAXIMA).map((max) => max - 1e-7),
];

/** A new seed each run, so runs together cover more inputs; `ENGINE_SEED=N` replays one (`npm test -- unit engine`). */
export const SEED = Number(process.env.ENGINE_SEED) || Math.floor(Math.random() * 2 ** 32);

/** A small deterministic generator (mulberry32): the seed is printed with any failure. */
export function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** A decimal string drawn log-uniformly from 10^low to 10^high, with up to 20 significant digits. */
  const logUniform = (low: number, high: number): string => {
    const exponent = Math.floor(low + next() * (high - low));
    const significant = 1 + Math.floor(next() * 20);
    let digits = String(1 + Math.floor(next() * 9));
    while (digits.length < significant) digits += String(Math.floor(next() * 10));
    const places = significant - 1 - exponent;
    if (places <= 0) return digits + "0".repeat(-places);
    const padded = digits.padStart(places + 1, "0");
    return `${padded.slice(0, -places)}.${padded.slice(-places)}`.replace(/\.?0+$/, "");
  };
  return { next, logUniform };
}

/**
 * Draws inputs from `seed`: a balance log-uniform over 10^-8 to 10^20, usually one time unit (up to
 * 36,500 days, whole or to 8 significant digits), sometimes a goal and an amount to earn.
 */
export function inputDrawer(seed: number): () => CalculateInput {
  const { next, logUniform } = generator(seed);
  return () => {
    const input: CalculateInput = { currentGems: logUniform(-8, 20) };
    const unit = UNITS[Math.floor(next() * UNITS.length)]!;
    const days = Math.min(36500, Number(logUniform(-6, 5)));
    if (next() < 0.9)
      input[unit] =
        next() < 0.3
          ? String(Math.round((days * 86400) / UNIT_SECONDS[unit]))
          : String(Number(((days * 86400) / UNIT_SECONDS[unit]).toPrecision(8)));
    if (next() < 0.5) input.goalGems = logUniform(-8, 20);
    if (next() < 0.3) input.additionalGems = logUniform(-8, 20);
    return input;
  };
}
