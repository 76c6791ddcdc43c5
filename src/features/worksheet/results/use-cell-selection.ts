import type { CellFocusedEvent, GridApi } from 'ag-grid-community';
import { useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import { boundsOf, cellCount, contains, extract, toTsv, type Bounds, type CellRange } from './cell-range';
import { columnIndexOf, type Row } from './column-defs';
import { textValue } from './grid-model';

/**
 * Block selection for copying, built on the grid's cell focus (block selection proper is not part of the
 * community grid): click a cell, then shift-click or shift-arrow to another, and the cells between are
 * selected; a row number selects whole rows; Ctrl/Cmd+A selects everything.
 *
 * Positions are what the user sees: rows after sort and filter, columns in their displayed order (columns
 * can be dragged), so a block is always the rectangle on screen.
 */
export function useCellSelection(apiRef: RefObject<GridApi<Row> | null>, names: string[]) {
  const rangeRef = useRef<CellRange | null>(null);
  const shiftRef = useRef(false);
  /** Displayed position -> data column index, and back. */
  const orderRef = useRef<number[]>(names.map((_, i) => i));
  const positionRef = useRef(new Map<number, number>(names.map((_, i) => [i, i])));
  const [bounds, setBounds] = useState<Bounds | null>(null);

  const apply = useCallback(
    (range: CellRange | null) => {
      rangeRef.current = range;
      setBounds(range ? boundsOf(range) : null);
      // Only on-screen cells are refreshed, so this stays cheap on large results.
      apiRef.current?.refreshCells({ force: true });
    },
    [apiRef],
  );

  /** Re-reads the column order (after a drag, pin or hide); the old block no longer means the same cells. */
  const readColumnOrder = useCallback(() => {
    const api = apiRef.current;
    if (!api) return;
    const order = api
      .getAllDisplayedColumns()
      .map((c) => columnIndexOf(c.getColId()))
      .filter((i): i is number => i !== undefined);
    orderRef.current = order;
    positionRef.current = new Map(order.map((dataIndex, pos) => [dataIndex, pos]));
    if (rangeRef.current) apply(null);
  }, [apiRef, apply]);

  const inRange = useCallback((row: number, dataIndex: number) => {
    const range = rangeRef.current;
    const col = positionRef.current.get(dataIndex);
    if (!range || col === undefined) return false;
    const b = boundsOf(range);
    return cellCount(b) > 1 && contains(b, row, col);
  }, []);

  const onCellFocused = useCallback(
    (e: CellFocusedEvent<Row>) => {
      if (e.rowIndex === null || e.rowIndex === undefined || !e.column || typeof e.column === 'string')
        return;
      const dataIndex = columnIndexOf(e.column.getColId());
      // The grid may deliver this after Shift is released: trust the event that moved the focus first.
      const source = e.sourceEvent as { shiftKey?: boolean } | undefined;
      const shift = typeof source?.shiftKey === 'boolean' ? source.shiftKey : shiftRef.current;
      const extending = shift ? rangeRef.current : null;
      if (dataIndex === undefined) {
        // A row number: whole rows, from the anchor's row when extending.
        const fromRow = extending ? extending.anchor.row : e.rowIndex;
        const last = orderRef.current.length - 1;
        apply({ anchor: { row: fromRow, col: 0 }, focus: { row: e.rowIndex, col: last } });
        return;
      }
      const pos = { row: e.rowIndex, col: positionRef.current.get(dataIndex) ?? 0 };
      apply(extending ? { anchor: extending.anchor, focus: pos } : { anchor: pos, focus: pos });
    },
    [apply],
  );

  const selectAll = useCallback(() => {
    const rows = apiRef.current?.getDisplayedRowCount() ?? 0;
    const cols = orderRef.current.length;
    if (rows > 0 && cols > 0) apply({ anchor: { row: 0, col: 0 }, focus: { row: rows - 1, col: cols - 1 } });
  }, [apiRef, apply]);

  const clear = useCallback(() => apply(null), [apply]);

  /** The selection as text: a block as tab-separated lines, one cell as its value. */
  const selectionText = useCallback(
    (withHeaders: boolean): string | null => {
      const api = apiRef.current;
      const range = rangeRef.current;
      if (!api || !range) return null;
      const b = boundsOf(range);
      const order = orderRef.current;
      const cells = extract(b, (r, c) => api.getDisplayedRowAtIndex(r)?.data?.[order[c]]);
      if (cellCount(b) === 1 && !withHeaders) return textValue(cells[0][0]);
      const headers = withHeaders ? order.slice(b.left, b.right + 1).map((i) => names[i]) : undefined;
      return toTsv(cells, headers);
    },
    [apiRef, names],
  );

  /**
   * Remembers whether Shift was held for the last key or button press inside the grid. Not reset on key up:
   * the grid may report the focus move after Shift is released, and the next press resets it anyway.
   */
  const trackShift = useCallback((e: { shiftKey: boolean }) => {
    shiftRef.current = e.shiftKey;
  }, []);

  return useMemo(
    () => ({ bounds, inRange, onCellFocused, selectAll, clear, selectionText, trackShift, readColumnOrder }),
    [bounds, inRange, onCellFocused, selectAll, clear, selectionText, trackShift, readColumnOrder],
  );
}
