import type { EvaluationSummary } from '../../../../protocol/api/kb-evaluations';
import { formatMoment } from '../../../components/format';
import { TableHead } from '../../../components/table-head';
import { describeSettings, metric } from './settings';

/** Past evaluations of the KB, newest first, kept by the server. */
export function EvaluationHistory({
  evaluations,
  onShow,
  shown,
}: {
  evaluations: EvaluationSummary[];
  onShow: (id: string) => void;
  shown?: string;
}) {
  if (evaluations.length === 0) return <p className="muted">No evaluations yet.</p>;
  const score = (e: EvaluationSummary, key: string) => metric(e.metrics, key)?.toFixed(2) ?? '–';
  return (
    <table className="ev-table" aria-label="Past evaluations">
      <TableHead
        columns={['Date', 'Settings', 'Questions', 'Hit@1', 'MRR', 'State', { hidden: 'Details' }]}
      />
      <tbody>
        {evaluations.map((e) => (
          <tr key={e.id} aria-current={shown === e.id ? 'true' : undefined}>
            <td>{formatMoment(e.created_at)}</td>
            <td>{describeSettings(e.settings)}</td>
            <td>
              <code>{e.test_table}</code>
            </td>
            <td>{score(e, 'hit_at_1')}</td>
            <td>{score(e, e.version === 'doc_id' ? 'mrr' : 'mean_mrr')}</td>
            <td title={e.error ?? undefined}>
              {e.state === 'failed' ? `failed: ${e.error ?? ''}` : e.state}
            </td>
            <td>
              <button
                type="button"
                className="btn btn-ghost"
                disabled={e.state !== 'done'}
                onClick={() => onShow(e.id)}
              >
                Show
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
