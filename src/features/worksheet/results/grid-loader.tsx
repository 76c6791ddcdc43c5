import { lazy, Suspense, useEffect, useState } from 'react';
import type { SqlTableResult } from '../../../../protocol/api/sql';
import './grid-loader.css';

type GridComponent = typeof import('./result-grid').default;

/**
 * The grid is the heaviest part of the page, so it is a chunk of its own, fetched as soon as the page opens.
 * Once loaded it is rendered directly: going through Suspense again would hold the first result back
 * (React delays revealing suspended content by a few hundred milliseconds).
 */
let loadedGrid: GridComponent | null = null;
const loadGrid = () =>
  import('./result-grid').then((m) => {
    loadedGrid = m.default;
    return m;
  });
const LazyGrid = lazy(loadGrid);

export const prefetchGrid = () => void loadGrid();

export function Grid(props: { result: SqlTableResult; durationMs?: number; query?: string }) {
  if (loadedGrid) {
    const Loaded = loadedGrid;
    return <Loaded {...props} />;
  }
  return (
    <Suspense fallback={<p className="outcome muted">Loading the grid…</p>}>
      <LazyGrid {...props} />
    </Suspense>
  );
}

const WARM_UP_RESULT: SqlTableResult = {
  type: 'table',
  column_names: ['id', 'name', 'flag', 'meta', 'missing'],
  data: Array.from({ length: 30 }, (_, i) => [i, `row ${i}`, i % 2 === 0, { i }, null]),
};

const nextFrames = (n: number, done: () => void) =>
  requestAnimationFrame(() => (n > 1 ? nextFrames(n - 1, done) : done()));

let warmedUp = false;

/**
 * Draws a small, invisible result once while the page is idle. The grid's first use pays for setting up its
 * styles and code paths (a few hundred milliseconds); paying it here means the user's first real result,
 * possibly 100,000 rows, appears as fast as the later ones. Hidden from assistive technology and inert.
 */
export function GridWarmUp() {
  const [phase, setPhase] = useState<'waiting' | 'drawing' | 'done'>(warmedUp ? 'done' : 'waiting');
  useEffect(() => {
    if (warmedUp) return;
    let cancelled = false;
    const start = () => !cancelled && setPhase((p) => (p === 'waiting' ? 'drawing' : p));
    // When idle, but not later than two seconds on a busy machine.
    const idle = (cb: () => void) =>
      window.requestIdleCallback ? window.requestIdleCallback(cb, { timeout: 2000 }) : setTimeout(cb, 200);
    void loadGrid().then(() => idle(start));
    return () => {
      cancelled = true;
    };
  }, []);
  useEffect(() => {
    if (phase !== 'drawing') return;
    warmedUp = true; // once per page load is enough
    nextFrames(3, () => setPhase('done'));
  }, [phase]);
  if (phase !== 'drawing' || !loadedGrid) return null;
  const Loaded = loadedGrid;
  return (
    <div className="grid-warm-up" aria-hidden="true" inert>
      <Loaded result={WARM_UP_RESULT} />
    </div>
  );
}
