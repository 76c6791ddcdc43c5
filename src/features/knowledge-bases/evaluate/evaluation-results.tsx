import { useState } from 'react';
import { TableHead } from '../../../components/table-head';
import type { EvaluationRecord, SearchSettings } from '../../../../protocol/api/kb-evaluations';
import { MetricsChart } from './metrics-chart';
import { QuestionResults } from './question-results';
import { bestRun, CHARTED, describeSettings, metric, sameSettings } from './settings';

/**
 * The finished runs of one evaluation side by side: a chart and a table of their metrics, "Use these settings"
 * on each, and the questions each one missed.
 */
export function EvaluationResults({
  runs,
  defaults,
  onUse,
  applying,
}: {
  runs: EvaluationRecord[];
  defaults?: SearchSettings;
  onUse: (settings: SearchSettings) => void;
  applying: boolean;
}) {
  const [picked, setPicked] = useState<number | undefined>(undefined);
  const done = runs.filter((r) => r.state === 'done');
  if (done.length === 0) return null;
  const version = done[0].version;
  const charted = CHARTED[version];
  const best = bestRun(done);
  const shown = done[picked ?? best ?? 0];
  const label = (r: EvaluationRecord, i: number) => `${i + 1}. ${describeSettings(r.settings)}`;
  return (
    <section className="ev-results" aria-label="Evaluation results">
      <MetricsChart
        metrics={charted}
        series={done.map((r, i) => ({ label: label(r, i), metrics: r.metrics }))}
      />
      <table className="ev-table" aria-label="Metrics per setting">
        <TableHead columns={['Setting', ...charted.map((m) => m.label), 'Avg time', { hidden: 'Actions' }]} />
        <tbody>
          {done.map((r, i) => {
            const isDefault = defaults !== undefined && sameSettings(defaults, r.settings);
            return (
              <tr key={r.id} aria-label={label(r, i)}>
                <th scope="row">
                  <span className={`ev-swatch ev-series-${i}`} aria-hidden="true" /> {label(r, i)}
                  {i === best && done.length > 1 && <span className="ev-badge">Best</span>}
                </th>
                {charted.map((m) => (
                  <td key={m.key}>{metric(r.metrics, m.key)?.toFixed(3) ?? '–'}</td>
                ))}
                <td>{((metric(r.metrics, 'avg_query_time') ?? 0) * 1000).toFixed(1)} ms</td>
                <td>
                  <div className="ev-actions">
                    <button
                      type="button"
                      className="btn btn-ghost"
                      aria-pressed={shown?.id === r.id}
                      onClick={() => setPicked(i)}
                    >
                      Missed questions
                    </button>
                    {isDefault ? (
                      <span className="ev-badge ev-badge-muted">Current default</span>
                    ) : (
                      <button
                        type="button"
                        className="btn"
                        disabled={applying}
                        onClick={() => onUse(r.settings)}
                      >
                        Use these settings
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {shown && (
        <div className="ev-detail">
          <h3>Missed questions: {describeSettings(shown.settings)}</h3>
          <QuestionResults questions={shown.questions} />
        </div>
      )}
    </section>
  );
}
