import { useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/** Results above this many rows are drawn in two steps; smaller ones at once. */
export const STAGED_FROM_ROWS = 5_000;
/** Rows given to the grid first: more than the tallest screen shows (a 4K screen holds about 75). */
export const FIRST_SCREEN_ROWS = 200;

/** Calls `done` once the frame being prepared now has been painted. */
export function afterNextPaint(done: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A frame callback runs just before the paint; a task queued from it runs after that paint.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(done, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * The rows to give the grid now, and what to call once the grid has drawn its first rows. For a large result,
 * its first screen first, and all of it once that screen is painted. The grid turns every row into an object of
 * its own before it draws anything: for 100,000 rows that is about half a second in which the person who ran
 * the query sees nothing. Drawn first, the first screen appears after a few milliseconds of the grid's work.
 * The rest follows in the next task, while the main thread is busy anyway, so a scroll or a click made
 * meanwhile is handled once every row is in.
 */
export function useFirstScreenFirst<T>(rows: T[]): {
  gridRows: T[];
  firstRowsDrawn: () => void;
  /**
   * A key for the grid, new for each result: the grid says "first rows drawn" once per instance, so a result
   * given to the same component later must get a grid of its own, or it would never be given whole.
   */
  gridKey: number;
} {
  const [shown, setShown] = useState(() => staging(rows));
  const current = shown.of === rows ? shown : staging(rows);
  // A new result: its own first screen, set during render so that no frame shows the old rows.
  if (current !== shown) setShown(current);
  const [drawn, setDrawn] = useState<T[] | null>(null);
  const complete = current.rows === rows;
  useEffect(() => {
    if (complete || drawn !== rows) return;
    // Rendered in that same task (not in one React would schedule later): a key press or a click waiting
    // meanwhile then reaches a grid that holds every row.
    return afterNextPaint(() => flushSync(() => setShown({ of: rows, rows })));
  }, [complete, drawn, rows]);
  const firstRowsDrawn = useCallback(() => setDrawn(rows), [rows]);
  return { gridRows: current.rows, firstRowsDrawn, gridKey: resultNumber(rows) };
}

const resultNumbers = new WeakMap<object, number>();
let resultsSeen = 0;
/** A number per rows array, the same on every render. */
function resultNumber(rows: object): number {
  let n = resultNumbers.get(rows);
  if (n === undefined) resultNumbers.set(rows, (n = ++resultsSeen));
  return n;
}

function staging<T>(rows: T[]): { of: T[]; rows: T[] } {
  return { of: rows, rows: rows.length > STAGED_FROM_ROWS ? rows.slice(0, FIRST_SCREEN_ROWS) : rows };
}
