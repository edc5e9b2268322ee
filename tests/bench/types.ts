/** The shape every benchmark section shares; `tests/bench.ts` runs the sections and prints one table. */
import type { launchChromium } from "../support/browser.ts";

export interface BenchContext {
  /** The built site's folder on disk. */
  siteDir: string;
  /** The local address the built site is served at, ending with `/` (under its path prefix). */
  siteUrl: string;
  /** Starts headless Chromium the way the tests do. */
  launch: typeof launchChromium;
}

export interface BenchRow {
  /** What was measured, such as `calculate-exp-growth latency, p99`. */
  metric: string;
  /** The figure with its unit, such as `0.21 ms` or `18.4 KB gzip`. */
  value: string;
  /** The target, when there is one, such as `< 1 ms`. */
  target?: string;
}

export type BenchSection = (context: BenchContext) => Promise<BenchRow[]>;
