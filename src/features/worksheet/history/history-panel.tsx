import { useMemo, useState } from 'react';
import { CopyButton } from '../../../components/copy-button';
import { formatMoment } from '../../../components/format';
import { formatCount, formatDuration } from '../format';
import { filterHistory, useHistoryStore, type HistoryEntry } from '../store/history-store';
import './history-panel.css';

export interface HistoryPanelProps {
  project: string;
  /** Opens a statement in a new worksheet tab. */
  onOpen: (sql: string) => void;
  onClose: () => void;
}

function outcomeText(e: HistoryEntry): string {
  switch (e.outcome) {
    case 'table':
      return formatCount(e.rows ?? 0, 'row', 'rows');
    case 'ok':
      return typeof e.rows === 'number' ? `ok · ${formatCount(e.rows, 'row', 'rows')} affected` : 'ok';
    case 'stopped':
      return 'stopped';
    default:
      return e.message ? `error: ${e.message}` : 'error';
  }
}

function Entry({ entry, onOpen }: { entry: HistoryEntry; onOpen: (sql: string) => void }) {
  const failed = entry.outcome === 'error' || entry.outcome === 'failed';
  return (
    <li className="history-entry">
      <pre className="history-sql">{entry.sql}</pre>
      <div className="history-meta">
        <span className={failed ? 'history-outcome history-failed' : 'history-outcome'}>
          {outcomeText(entry)}
        </span>
        <span className="muted">
          {formatMoment(entry.ranAt)} · {formatDuration(entry.durationMs)}
          {entry.db ? ` · ${entry.db}` : ''}
        </span>
      </div>
      <div className="history-actions">
        <button type="button" className="btn" onClick={() => onOpen(entry.sql)}>
          Open in new tab
        </button>
        <CopyButton text={entry.sql} />
      </div>
    </li>
  );
}

/** Statements run before, newest first, searchable; one opens in a new worksheet tab. */
export function HistoryPanel({ project, onOpen, onClose }: HistoryPanelProps) {
  const entries = useHistoryStore((s) => s.entries);
  const clear = useHistoryStore((s) => s.clear);
  const [query, setQuery] = useState('');
  const [allProjects, setAllProjects] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);
  const shown = useMemo(
    () => filterHistory(entries, query, allProjects ? undefined : project),
    [entries, query, allProjects, project],
  );

  return (
    <aside className="history-panel" aria-label="History">
      <header className="history-head">
        <h2>History</h2>
        <button type="button" className="btn btn-ghost" aria-label="Close history" onClick={onClose}>
          ✕
        </button>
      </header>
      <div className="history-filters">
        <input
          type="search"
          className="input"
          aria-label="Search history"
          placeholder="Search history"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <label className="history-scope">
          <input type="checkbox" checked={allProjects} onChange={(e) => setAllProjects(e.target.checked)} />
          All projects
        </label>
      </div>
      {shown.length === 0 ? (
        <p className="muted history-empty">
          {entries.length ? 'Nothing matches.' : 'Statements you run appear here.'}
        </p>
      ) : (
        <ol className="history-list" aria-label="Statements run">
          {shown.map((e) => (
            <Entry key={e.id} entry={e} onOpen={onOpen} />
          ))}
        </ol>
      )}
      {entries.length > 0 && (
        <footer className="history-foot">
          {confirmClear ? (
            <>
              <span>Clear all {entries.length} entries?</span>
              <button
                type="button"
                className="btn btn-danger"
                onClick={() => (clear(), setConfirmClear(false))}
              >
                Clear
              </button>
              <button type="button" className="btn" onClick={() => setConfirmClear(false)}>
                Keep
              </button>
            </>
          ) : (
            <button type="button" className="btn btn-ghost" onClick={() => setConfirmClear(true)}>
              Clear history
            </button>
          )}
        </footer>
      )}
    </aside>
  );
}
