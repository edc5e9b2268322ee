/**
 * What the calculator's browser tests share: the page's "now" (noon UTC on a fixed day, so dates
 * and waits are known) and the two variants each state is checked in.
 */

/** The page's "now", installed with `page.clock`. */
export const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);

/** A day in milliseconds. */
export const DAY = 86_400_000;

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
