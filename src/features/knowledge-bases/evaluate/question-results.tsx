import type { QuestionResult } from '../../../../protocol/api/kb-evaluations';
import { plural } from '../../../components/format';

/** How many of the returned chunks are shown under a missed question. */
const SHOWN = 3;

/**
 * The questions whose expected document did not come first: where it came (or that it never did) and what
 * came back instead, so a user sees why the search missed.
 */
export function QuestionResults({ questions }: { questions: QuestionResult[] }) {
  const missed = questions.filter((q) => q.rank !== 1);
  if (missed.length === 0) return <p className="muted">Every question found its document first.</p>;
  return (
    <div className="ev-questions">
      <p className="muted">
        {plural(missed.length, 'question')} of {questions.length} did not find{' '}
        {missed.length === 1 ? 'its' : 'their'} document first.
      </p>
      <ol className="ev-missed" aria-label="Questions that missed">
        {missed.map((q, i) => (
          <li key={i} className="ev-missed-item">
            <p className="ev-question">{q.question}</p>
            <p className="ev-expected">
              Expected <code>{q.expected.join(', ') || '–'}</code>:{' '}
              {q.rank === null ? (
                <strong className="ev-miss">not found</strong>
              ) : (
                <strong>found at {q.rank}</strong>
              )}
            </p>
            <details>
              <summary>Came back instead</summary>
              <ol className="ev-retrieved">
                {q.retrieved.slice(0, SHOWN).map((r, j) => (
                  <li key={j}>
                    <code>{r.id}</code>
                    {r.relevance !== null && <span className="muted"> · {r.relevance.toFixed(3)}</span>}
                    <span className="ev-snippet"> {r.content}</span>
                  </li>
                ))}
              </ol>
            </details>
          </li>
        ))}
      </ol>
    </div>
  );
}
