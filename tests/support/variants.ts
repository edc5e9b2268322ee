/**
 * What the calculator's tests share: the page's "now" (noon UTC on a fixed day, so dates and waits
 * are known), the two variants each state is checked in, and the points a result's chart must show.
 */
import type { CalculateOutput } from "../../contract/calculate-output.ts";

/** The page's "now", installed with `page.clock`. */
export const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);

/** A day in milliseconds. */
export const DAY = 86_400_000;

/** The date the page shows `seconds` after NOW (or `start`), formatted here: en, medium, the browser's time zone. */
export const dateAfter = (seconds: number, start = NOW) =>
  new Intl.DateTimeFormat("en", { dateStyle: "medium" }).format(start + seconds * 1000);

/**
 * Each viewport, one in each colour scheme. Everything checked in one (text, values, positions,
 * focus, scrolling, the link) is the same in the other scheme as long as the scheme only recolours
 * the page, which each check asserts of its page (support/browser.ts `schemeOnlyRecolours`); the
 * colours themselves are axe's to check, in both schemes (browser/a11y.test.ts).
 */
export const VARIANTS = [
  {
    name: "phone light",
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    colorScheme: "light",
  },
  {
    name: "desktop dark",
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
    colorScheme: "dark",
  },
] as const;

/**
 * The horizon of a result's chart, in seconds (the time given, or on to the next rank and the goal;
 * with no time, the last of them), and each rank and goal it crosses within it.
 */
export function chartPoints(result: CalculateOutput) {
  const given = Number(result.durationDays) * 86_400;
  const ranks = result.milestones.map(({ name, duration }) => ({ name, seconds: duration.totalSeconds }));
  const goal = result.goal?.duration.totalSeconds;
  const goals = goal ? [{ name: "Goal", seconds: goal }] : [];
  const reach = given > 0 ? [...ranks.slice(0, 1), ...goals] : [...ranks, ...goals];
  const horizon = Math.max(given, ...reach.map((point) => point.seconds));
  return { horizon, points: [...ranks, ...goals].filter((point) => point.seconds <= horizon) };
}
