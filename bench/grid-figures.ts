/**
 * Figures of the grid benchmark from raw frame times and main-thread time: plain arithmetic, no browser.
 */

/** Frames one scroll measurement recorded, the main thread's busy time during it, and where it ended. */
export interface ScrollFigures {
  frames: number[];
  longTasks: number[];
  lastRowIndex: number;
  step: number;
  /** CPU time of all the browser's processes during the scroll, ms. */
  cpuMs: number;
}

export const fmt = (n: number, digits = 0) => n.toFixed(digits);

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export const median = (values: number[]) => percentile(values, 50);
export const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

/** Share of frames shorter than `limitMs`, 0..1. */
export const shareUnder = (frames: number[], limitMs: number) =>
  frames.filter((f) => f < limitMs).length / Math.max(1, frames.length);

export function frameSummary(s: ScrollFigures): string {
  return (
    `${s.frames.length} frames, mean ${fmt(mean(s.frames), 1)} ms, p95 ${fmt(percentile(s.frames, 95), 1)} ms, ` +
    `worst ${fmt(Math.max(...s.frames), 1)} ms, under 33 ms ${fmt(shareUnder(s.frames, 33) * 100, 1)}%, ` +
    `browser CPU ${fmt(s.cpuMs / s.frames.length, 1)} ms per frame`
  );
}

/** The whole time a scroll took from its first frame to its last: what a user waits for. */
export const totalMs = (s: ScrollFigures) => s.frames.reduce((a, b) => a + b, 0);
