import { CopyButton } from '../../../components/copy-button';
import { groupDigits } from '../format';
import { parseJsonText, textValue } from './grid-model';

export interface ViewedCell {
  column: string;
  /** 1-based, as the row-number column shows it. */
  rowNumber: number;
  value: unknown;
}

/** Pretty JSON for objects and for strings that hold JSON; the text itself otherwise. */
function present(value: unknown): { text: string; json: boolean } {
  if (value !== null && typeof value === 'object')
    return { text: JSON.stringify(value, null, 2), json: true };
  if (typeof value === 'string') {
    const parsed = parseJsonText(value);
    if (parsed !== undefined) return { text: JSON.stringify(parsed, null, 2), json: true };
  }
  return { text: textValue(value), json: false };
}

/**
 * A side panel showing the focused cell in full: KB `metadata` as indented JSON, `chunk_content` as wrapped
 * text. It follows the grid's focus while open (focus stays in the grid), so the arrow keys page through values.
 */
export function CellViewer({ cell, onClose }: { cell: ViewedCell | null; onClose: () => void }) {
  const shown = cell ? present(cell.value) : null;
  const isNull = cell?.value === null || cell?.value === undefined;
  return (
    <aside
      className="cell-viewer"
      aria-label="Value viewer"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <header className="cell-viewer-head">
        <h3 className="cell-viewer-title">
          {cell ? (
            <>
              {cell.column} <span className="muted">· row {groupDigits(cell.rowNumber)}</span>
            </>
          ) : (
            'No cell selected'
          )}
        </h3>
        {shown && !isNull && <CopyButton text={shown.text} label="Copy value" />}
        <button type="button" className="btn btn-ghost" onClick={onClose} aria-label="Close viewer">
          ✕
        </button>
      </header>
      {cell && isNull && <p className="cell-viewer-null">NULL</p>}
      {shown && !isNull && (
        <pre
          className={shown.json ? 'cell-viewer-body cell-viewer-json' : 'cell-viewer-body'}
          tabIndex={0}
          aria-label={`Value of ${cell?.column}`}
        >
          {shown.text}
        </pre>
      )}
      {!cell && <p className="muted cell-viewer-empty">Focus a cell to see its value here.</p>}
    </aside>
  );
}
