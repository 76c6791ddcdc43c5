import type { RunMode } from '../../lib/sql/run-plan';

export interface WorksheetToolbarProps {
  running: boolean;
  db: string;
  notice: string | null;
  historyOpen: boolean;
  onRun: (mode: RunMode) => void;
  onStop: () => void;
  onToggleHistory: () => void;
}

const isMac =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
export const MOD = isMac ? '⌘' : 'Ctrl';

/** Run, run all, stop; the session's database; the history switch. */
export function WorksheetToolbar(props: WorksheetToolbarProps) {
  const { running, db, notice, historyOpen, onRun, onStop, onToggleHistory } = props;
  return (
    <div className="worksheet-toolbar">
      <button
        type="button"
        className="btn btn-primary"
        disabled={running}
        onClick={() => onRun('current')}
        aria-keyshortcuts={isMac ? 'Meta+Enter' : 'Control+Enter'}
        title={`Run the selection, or the statement at the cursor (${MOD}+Enter)`}
      >
        <span aria-hidden="true">▶</span> Run
      </button>
      <button
        type="button"
        className="btn"
        disabled={running}
        onClick={() => onRun('all')}
        aria-keyshortcuts={isMac ? 'Shift+Meta+Enter' : 'Shift+Control+Enter'}
        title={`Run every statement, one result tab each (Shift+${MOD}+Enter)`}
      >
        Run all
      </button>
      <button type="button" className="btn" disabled={!running} onClick={onStop}>
        <span aria-hidden="true">■</span> Stop
      </button>
      <span className="worksheet-db" title="The database unqualified names refer to; USE changes it">
        Database <code>{db}</code>
      </span>
      <span className="worksheet-notice" role="status">
        {notice}
      </span>
      <button
        type="button"
        className="btn btn-ghost worksheet-history-toggle"
        aria-pressed={historyOpen}
        onClick={onToggleHistory}
      >
        History
      </button>
    </div>
  );
}

/**
 * The editor's keys, in full under the editor where a keyboard user who reaches it sees them: above all that
 * Tab indents there, and how to leave (Escape, then Tab). It wraps rather than being cut off; the editor names
 * it as its description, so a screen reader reads it on arrival.
 */
export function EditorKeys({ id }: { id: string }) {
  return (
    <p id={id} className="worksheet-keys">
      <span>
        <kbd>Tab</kbd> indents · <kbd>Esc</kbd> then <kbd>Tab</kbd> leaves the editor
      </span>
      <span>
        <kbd>{MOD}+Enter</kbd> runs the statement at the cursor or the selection ·{' '}
        <kbd>Shift+{MOD}+Enter</kbd> runs all
      </span>
    </p>
  );
}
