import type { JobRunRecord } from '../../api/jobs/queries';
import { formatMoment } from '../../components/format';
import { TableHead } from '../../components/table-head';
import { newestFirst, runDuration, runOutcome } from './job-runs';

/**
 * A job's runs, newest first: start, duration, outcome, and a failure's error in full; and the rows each run's
 * statements affected or returned where the server counts them (ours: `row_count`; MindsDB's runs have none).
 */
export function JobHistory({ runs }: { runs: JobRunRecord[] }) {
  if (runs.length === 0) return <p className="muted">It has not run yet.</p>;
  const counted = runs.some((run) => 'row_count' in run);
  const columns = ['Started', 'Duration', ...(counted ? ['Rows'] : []), 'Result', 'Statements run'];
  return (
    <table className="rp-table job-history">
      <caption className="sr-only">Runs of the job, newest first</caption>
      <TableHead columns={columns} />
      <tbody>
        {newestFirst(runs).map((run, i) => {
          const outcome = runOutcome(run);
          return (
            <tr key={`${run.run_start}-${i}`} className={`is-${outcome}`}>
              <td>{formatMoment(run.run_start)}</td>
              <td>{runDuration(run) || <span className="muted">no end</span>}</td>
              {counted && (
                <td className="job-rows">
                  {typeof run.row_count === 'number' ? (
                    run.row_count.toLocaleString()
                  ) : (
                    <span className="muted">not counted</span>
                  )}
                </td>
              )}
              <td>
                <span className={`job-run is-${outcome}`}>
                  <span className="job-run-badge">
                    {outcome === 'failed' ? 'Failed' : outcome === 'running' ? 'Running' : 'Succeeded'}
                  </span>
                </span>
                {run.error && <pre className="job-error">{run.error}</pre>}
              </td>
              <td>
                {run.query ? (
                  <details>
                    <summary>Show</summary>
                    <pre className="rp-json">{run.query}</pre>
                  </details>
                ) : (
                  <span className="muted">not recorded</span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
