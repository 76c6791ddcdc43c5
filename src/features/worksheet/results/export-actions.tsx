import { useId, useState } from 'react';
import { groupDigits } from '../format';
import { downloadText, toCsv, toJson } from './export';

/** Shown on the CSV export: the file differs from the database for such text, so the user is told why. */
export const CSV_FORMULA_NOTE =
  "Text starting with =, +, -, @, a tab or a return is saved with a leading ' so spreadsheets do not run it as a formula (plain numbers such as -3 are kept).";

export interface ExportActionsProps {
  names: string[];
  /** Every row of the result, in the server's order. */
  rows: unknown[][];
  /** The rows the grid shows now, in its order (after search, column filters and sort). */
  shownRowsInOrder: () => unknown[][];
  /** Whether search, a filter or a sort makes the grid differ from the result as the server sent it. */
  viewChanged: boolean;
}

function stamp(): string {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

/**
 * Export buttons. They export what the grid shows (its search, filters and sort); when that differs from the
 * whole result, a checkbox offers every row in the server's order instead, so neither is ever a surprise.
 */
export function ExportActions({ names, rows, shownRowsInOrder, viewChanged }: ExportActionsProps) {
  const [allRows, setAllRows] = useState(false);
  const id = useId();
  const exported = () => (viewChanged && !allRows ? shownRowsInOrder() : rows);
  const scope = viewChanged && !allRows ? 'the rows shown, in the order shown' : 'every row of the result';
  return (
    <span className="result-export" role="group" aria-label="Export">
      <button
        type="button"
        className="btn"
        onClick={() =>
          downloadText(`result-${stamp()}.csv`, toCsv(names, exported()), 'text/csv;charset=utf-8')
        }
        title={`Exports ${scope}. ${CSV_FORMULA_NOTE}`}
      >
        Export CSV
      </button>
      <button
        type="button"
        className="btn"
        onClick={() => downloadText(`result-${stamp()}.json`, toJson(names, exported()), 'application/json')}
        title={`Exports ${scope}.`}
      >
        Export JSON
      </button>
      {viewChanged && (
        <label className="result-export-all" htmlFor={`${id}-all`}>
          <input
            id={`${id}-all`}
            type="checkbox"
            checked={allRows}
            onChange={(e) => setAllRows(e.target.checked)}
          />
          all {groupDigits(rows.length)} rows
        </label>
      )}
    </span>
  );
}
