/**
 * How long a test waits for an event (a build, a page's answer, a server's line) before it calls
 * the wait a hang. Never an assertion about speed: CI shares a 2-core machine with other work, and
 * at a load average of 60 one Eleventy build in a watching process has taken over three minutes, so
 * the guard is far above any wait that will end. Browser tests get it as Playwright's default
 * timeout (support/browser.ts).
 */
export const HANG_GUARD_MS = 300_000;
