import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_ROWS, STAGED_FROM_ROWS, useFirstScreenFirst } from './use-first-screen-first';

const rowsOf = (count: number, tag = 'r') => Array.from({ length: count }, (_, i) => [`${tag}${i}`, i]);

/** One frame, then the task queued after its paint. */
const paintAndNextTask = () =>
  act(() => {
    vi.advanceTimersToNextFrame();
    vi.runOnlyPendingTimers();
  });

beforeEach(() =>
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
  }),
);
afterEach(() => vi.useRealTimers());

describe('useFirstScreenFirst', () => {
  it('gives a small result to the grid whole, at once', () => {
    const rows = rowsOf(STAGED_FROM_ROWS);
    const { result } = renderHook(() => useFirstScreenFirst(rows));
    expect(result.current.gridRows).toBe(rows);
  });

  it("gives a large result's first screen, then every row once that screen is drawn and painted", () => {
    const rows = rowsOf(STAGED_FROM_ROWS + 1);
    const { result } = renderHook(() => useFirstScreenFirst(rows));
    expect(result.current.gridRows).toHaveLength(FIRST_SCREEN_ROWS);
    expect(result.current.gridRows[0]).toBe(rows[0]);
    // Not before the grid says its first rows are drawn: else the rest would land before any paint.
    paintAndNextTask();
    expect(result.current.gridRows).toHaveLength(FIRST_SCREEN_ROWS);
    act(() => result.current.firstRowsDrawn());
    expect(result.current.gridRows).toHaveLength(FIRST_SCREEN_ROWS);
    paintAndNextTask();
    expect(result.current.gridRows).toBe(rows);
  });

  it('starts again from the first screen for the next large result', () => {
    let rows = rowsOf(10_000, 'a');
    const { result, rerender } = renderHook(() => useFirstScreenFirst(rows));
    act(() => result.current.firstRowsDrawn());
    paintAndNextTask();
    expect(result.current.gridRows).toBe(rows);
    const firstKey = result.current.gridKey;
    rerender();
    expect(result.current.gridKey).toBe(firstKey);
    rows = rowsOf(10_000, 'b');
    rerender();
    // A grid of its own, which says again when its first rows are drawn.
    expect(result.current.gridKey).not.toBe(firstKey);
    expect(result.current.gridRows).toHaveLength(FIRST_SCREEN_ROWS);
    expect(result.current.gridRows[0]).toEqual(['b0', 0]);
    act(() => result.current.firstRowsDrawn());
    paintAndNextTask();
    expect(result.current.gridRows).toBe(rows);
  });
});
