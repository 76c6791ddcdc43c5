import type { CellKeyDownEvent, GridApi, GridReadyEvent } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useMemo, useRef, useState, type ClipboardEvent } from 'react';
import type { SqlTableResult } from '../../../../protocol/api/sql';
import { CellViewer, type ViewedCell } from './cell-viewer';
import { TruncatedNotice } from './truncated-notice';
import { buildColumnDefs, columnIndexOf, defaultColDef, type Row } from './column-defs';
import { describeColumns } from './grid-model';
import { measureHeaderText } from './header-width';
import './grid-modules';
import { gridTheme } from './grid-theme';
import { ResultToolbar } from './result-toolbar';
import { useCellSelection } from './use-cell-selection';
import { useFirstScreenFirst } from './use-first-screen-first';
import './result-grid.css';

export interface ResultGridProps {
  result: SqlTableResult;
  durationMs?: number;
  /** The statement that gave the result: a result cut at the row limit can then be exported whole. */
  query?: string;
}

const isEditableTarget = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));

/**
 * A `table` result in the grid: virtualised rows and columns (100k rows stay smooth), sort, resize, filter,
 * a search box, block selection with copy, a value viewer, and exports of the whole result.
 */
export default function ResultGrid({ result, durationMs, query }: ResultGridProps) {
  const { column_names: names, data: rows } = result;
  const columns = useMemo(() => describeColumns(names, rows, measureHeaderText), [names, rows]);
  const { gridRows, firstRowsDrawn, gridKey } = useFirstScreenFirst(rows);
  const apiRef = useRef<GridApi<Row> | null>(null);
  const selection = useCellSelection(apiRef, names);
  const columnDefs = useMemo(
    () => buildColumnDefs(columns, selection.inRange, rows.length),
    [columns, selection.inRange, rows.length],
  );
  const [search, setSearch] = useState('');
  const [shownRows, setShownRows] = useState(rows.length);
  const [viewChanged, setViewChanged] = useState(false);
  const [viewerOpen, setViewerOpen] = useState(false);
  const [viewed, setViewed] = useState<ViewedCell | null>(null);

  const readFocused = useCallback((): ViewedCell | null => {
    const api = apiRef.current;
    const focused = api?.getFocusedCell();
    const col = focused ? columnIndexOf(focused.column.getColId()) : undefined;
    if (!api || !focused || col === undefined) return null;
    const value = api.getDisplayedRowAtIndex(focused.rowIndex)?.data?.[col];
    return { column: names[col], rowNumber: focused.rowIndex + 1, value };
  }, [names]);

  const openViewer = useCallback(() => {
    setViewed(readFocused());
    setViewerOpen(true);
  }, [readFocused]);

  const onCellKeyDown = useCallback(
    (e: CellKeyDownEvent<Row>) => {
      const key = e.event as KeyboardEvent | null | undefined;
      if (!key) return;
      if (key.key === 'Enter') openViewer();
      else if (key.key === 'Escape' && viewerOpen) setViewerOpen(false);
      else if (key.key === 'Escape') selection.clear();
      else if ((key.ctrlKey || key.metaKey) && key.key.toLowerCase() === 'a') {
        key.preventDefault();
        selection.selectAll();
      }
    },
    [openViewer, viewerOpen, selection],
  );

  const onCopy = useCallback(
    (e: ClipboardEvent<HTMLDivElement>) => {
      if (isEditableTarget(e.target)) return; // the search box and filter inputs copy their own text
      const text = selection.selectionText(false);
      if (text === null) return;
      e.clipboardData.setData('text/plain', text);
      e.preventDefault();
    },
    [selection],
  );

  const onGridReady = useCallback(
    (e: GridReadyEvent<Row>) => {
      apiRef.current = e.api;
      selection.readColumnOrder();
    },
    [selection],
  );

  /** The count and the "view changed" flag, read again when the rows, a filter or the order change. */
  const holdsAllRows = useRef(true);
  holdsAllRows.current = gridRows === rows;
  const readShownRows = useCallback(() => {
    const api = apiRef.current;
    // While the grid holds only a large result's first screen, its count says nothing about the result.
    if (!holdsAllRows.current) return;
    setShownRows(api?.getDisplayedRowCount() ?? rows.length);
    setViewChanged(!!api && (api.isAnyFilterPresent() || api.getColumnState().some((c) => !!c.sort)));
  }, [rows.length]);

  const afterReorder = useCallback(() => {
    selection.clear(); // positions now point at other cells
    readShownRows();
  }, [selection, readShownRows]);

  /** The rows as the grid shows them now: what an export of "what is shown" writes. */
  const shownRowsInOrder = useCallback(() => {
    // The displayed rows are exactly the filtered, sorted ones (no grouping), read with the core API.
    const api = apiRef.current;
    const out: Row[] = [];
    const count = api?.getDisplayedRowCount() ?? 0;
    for (let i = 0; i < count; i++) {
      const data = api?.getDisplayedRowAtIndex(i)?.data;
      if (data) out.push(data);
    }
    return out;
  }, []);

  return (
    <div className="result-grid">
      {result.truncated === true && (
        <TruncatedNotice shown={rows.length} query={query} context={result.context} />
      )}
      <ResultToolbar
        names={names}
        rows={rows}
        shownRows={shownRows}
        durationMs={durationMs}
        bounds={selection.bounds}
        search={search}
        onSearch={setSearch}
        selectionText={selection.selectionText}
        onView={openViewer}
        shownRowsInOrder={shownRowsInOrder}
        viewChanged={viewChanged}
      />
      <div
        className="result-grid-body"
        onCopy={onCopy}
        onKeyDownCapture={selection.trackShift}
        onMouseDownCapture={selection.trackShift}
      >
        <div className="result-grid-table" role="region" aria-label="Result rows">
          {rows.length === 0 && <p className="result-grid-empty muted">The query returned no rows.</p>}
          <AgGridReact<Row>
            key={gridKey}
            theme={gridTheme}
            rowData={gridRows}
            columnDefs={columnDefs}
            defaultColDef={defaultColDef}
            quickFilterText={search}
            animateRows={false}
            suppressNoRowsOverlay
            // A fast scroll (a dragged scrollbar moves a whole screen per frame) makes every row new in every
            // frame. Rows are drawn at once in the scroll event, before the frame is painted, so no buffer rows
            // are needed, and the grid does not spread that work over later frames of up to 60 ms each.
            rowBuffer={0}
            suppressAnimationFrame
            onGridReady={onGridReady}
            onCellFocused={(e) => {
              selection.onCellFocused(e);
              if (viewerOpen) setViewed(readFocused());
            }}
            onCellDoubleClicked={openViewer}
            onCellKeyDown={onCellKeyDown}
            onDisplayedColumnsChanged={selection.readColumnOrder}
            onSortChanged={afterReorder}
            onFilterChanged={afterReorder}
            // A large result reaches the grid in two steps (its first screen, then all of it; see useFirstScreenFirst).
            onRowDataUpdated={readShownRows}
            onFirstDataRendered={firstRowsDrawn}
          />
        </div>
        {viewerOpen && <CellViewer cell={viewed} onClose={() => setViewerOpen(false)} />}
      </div>
    </div>
  );
}
