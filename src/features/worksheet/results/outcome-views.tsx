import { useEffect, useState } from 'react';
import type { SqlOkResult } from '../../../../protocol/api/sql';
import { CopyButton } from '../../../components/copy-button';
import { formatCount, formatDuration } from '../format';

/** Time since `startedAt` (epoch ms), refreshed ten times a second. */
function useElapsed(startedAt: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (startedAt === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, [startedAt]);
  return startedAt === undefined ? 0 : Math.max(0, now - startedAt);
}

export function RunningView({ startedAt, onStop }: { startedAt?: number; onStop: () => void }) {
  const elapsed = useElapsed(startedAt);
  return (
    <div className="outcome outcome-running">
      <span className="spinner" aria-hidden="true" />
      {/* The timer is not a live region: announcing it ten times a second would drown everything else. */}
      <span>
        Running… <span className="outcome-timer">{formatDuration(elapsed)}</span>
      </span>
      <button type="button" className="btn" onClick={onStop}>
        Stop
      </button>
    </div>
  );
}

/**
 * A stopped statement, and what became of it: stopped by the server (which says so, `serverSaid`), or only no
 * longer waited for (a server that cannot be asked to stop one may still finish it).
 */
export function StoppedView({ durationMs, serverSaid }: { durationMs?: number; serverSaid?: string }) {
  const after = durationMs !== undefined ? ` after ${formatDuration(durationMs)}` : '';
  if (serverSaid)
    return (
      <div className="outcome outcome-stopped" role="status">
        <strong>Stopped{after}: the server stopped this statement.</strong> It said: {serverSaid}
      </div>
    );
  return (
    <div className="outcome outcome-stopped" role="status">
      <strong>Stopped waiting{after}.</strong> The server may still finish this statement, and any change it
      makes will still happen.
    </div>
  );
}

export function OkView({ result, durationMs }: { result: SqlOkResult; durationMs?: number }) {
  const rows = result.affected_rows;
  return (
    <div className="outcome outcome-ok" role="status">
      <span className="outcome-icon" aria-hidden="true">
        ✓
      </span>
      <span>
        Statement ran
        {typeof rows === 'number' ? ` · ${formatCount(rows, 'row', 'rows')} affected` : ''}
        {durationMs !== undefined && <span className="muted"> · {formatDuration(durationMs)}</span>}
      </span>
      {result.context?.db && <span className="muted">Database: {result.context.db}</span>}
    </div>
  );
}

export interface ErrorViewProps {
  /** A SQL error from the server, or a message saying why no answer came. */
  message: string;
  title: string;
  /** Where the error is, in the worksheet (1-based), when known. */
  where?: { line: number; column: number };
  onReveal?: () => void;
}

export function ErrorView({ message, title, where, onReveal }: ErrorViewProps) {
  return (
    <div className="outcome outcome-error" role="alert">
      <div className="outcome-error-head">
        <strong>{title}</strong>
        {where && onReveal && (
          <button type="button" className="btn btn-ghost" onClick={onReveal}>
            Go to line {where.line}, column {where.column}
          </button>
        )}
        <CopyButton text={message} label="Copy error" />
      </div>
      <pre className="outcome-error-message">{message}</pre>
    </div>
  );
}
