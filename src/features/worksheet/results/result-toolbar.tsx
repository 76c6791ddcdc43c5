import { CopyButton } from '../../../components/copy-button';
import { formatCount, formatDuration, groupDigits } from '../format';
import { cellCount, type Bounds } from './cell-range';
import { ExportActions } from './export-actions';

export interface ResultToolbarProps {
  names: string[];
  rows: unknown[][];
  /** Rows left after the search box and column filters. */
  shownRows: number;
  durationMs?: number;
  bounds: Bounds | null;
  search: string;
  onSearch: (text: string) => void;
  selectionText: (withHeaders: boolean) => string | null;
  onView: () => void;
  /** The rows the grid shows, in its order; exports use them when search, a filter or a sort is on. */
  shownRowsInOrder: () => unknown[][];
  viewChanged: boolean;
}

function selectionLabel(b: Bounds | null): string | null {
  if (!b || cellCount(b) <= 1) return null;
  return `${groupDigits(b.bottom - b.top + 1)} × ${b.right - b.left + 1} selected`;
}

/** Counts and time, the search box, and what can be done with the result: copy, view, export. */
export function ResultToolbar(props: ResultToolbarProps) {
  const { names, rows, shownRows, durationMs, bounds, search, onSearch, selectionText, onView } = props;
  const { shownRowsInOrder, viewChanged } = props;
  const total = rows.length;
  const counts =
    shownRows === total
      ? formatCount(total, 'row', 'rows')
      : `${groupDigits(shownRows)} of ${formatCount(total, 'row', 'rows')}`;
  const selected = selectionLabel(bounds);
  const copyLabel = selected ? 'Copy selection' : 'Copy cell';

  return (
    <div className="result-toolbar">
      <span className="result-toolbar-status" role="status">
        {counts}
        {durationMs !== undefined && <span className="muted"> · {formatDuration(durationMs)}</span>}
        {selected && <span className="muted"> · {selected}</span>}
      </span>
      <input
        type="search"
        className="input result-toolbar-search"
        name="search-rows"
        placeholder="Search rows"
        aria-label="Search rows"
        value={search}
        onChange={(e) => onSearch(e.target.value)}
      />
      <span className="result-toolbar-actions">
        <CopyButton text={() => selectionText(false) ?? ''} label={copyLabel} disabled={!bounds} />
        <CopyButton text={() => selectionText(true) ?? ''} label="Copy with headers" disabled={!bounds} />
        <button
          type="button"
          className="btn"
          onClick={onView}
          title="Or double-click a cell, or press Enter on it"
        >
          View value
        </button>
        <ExportActions
          names={names}
          rows={rows}
          shownRowsInOrder={shownRowsInOrder}
          viewChanged={viewChanged}
        />
      </span>
    </div>
  );
}
