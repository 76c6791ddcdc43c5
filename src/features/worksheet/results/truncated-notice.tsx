import { useState } from 'react';
import type { SqlContext } from '../../../../protocol/api/sql';
import { problemMessage } from '../../../components/field-errors';
import { groupDigits } from '../format';
import { downloadBlob } from './export';
import { exportFullResult, type FullExportFormat } from './full-export';

/**
 * Shown above a result the server cut at its row limit (asked for with `partial_results`): says that these
 * are only the first rows, and offers the whole result as a file streamed from the server.
 */
export function TruncatedNotice(props: { shown: number; query?: string; context?: SqlContext }) {
  const { shown, query, context } = props;
  const [state, setState] = useState<{ format: FullExportFormat; bytes: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (format: FullExportFormat) => {
    if (!query) return;
    setError(null);
    setState({ format, bytes: 0 });
    try {
      const blob = await exportFullResult(query, context, format, {
        onBytes: (bytes) => setState({ format, bytes }),
      });
      downloadBlob(`result-full.${format}`, blob);
    } catch (err) {
      setError(problemMessage(err));
    } finally {
      setState(null);
    }
  };
  return (
    <div className="result-truncated" role="status">
      <span>
        Showing the first {groupDigits(shown)} rows: the result has more. Sorting, searching and exports here
        cover these rows only.
      </span>
      {query && (
        <span className="result-truncated-actions">
          <button type="button" className="btn" disabled={!!state} onClick={() => void run('csv')}>
            Export the full result (CSV)
          </button>
          <button type="button" className="btn" disabled={!!state} onClick={() => void run('json')}>
            JSON
          </button>
        </span>
      )}
      {state && (
        <span className="muted" aria-live="polite">
          Exporting the full result: {(state.bytes / 2 ** 20).toFixed(1)} MB received…
        </span>
      )}
      {error && (
        <span role="alert" className="field-error">
          The export failed: {error}
        </span>
      )}
    </div>
  );
}
