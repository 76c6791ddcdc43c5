import {
  describedInsert,
  insertHasEnded,
  type DescribedInsert,
} from '../../../protocol/api/background-query';
import { qualifiedName } from '../../lib/sql-text';
import { runSql } from '../sql/run-sql';

/** How often DESCRIBE is asked while a background insert runs (MindsDB's own tests poll every second). */
const POLL_MS = 1000;

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * Follows an insert the server runs in the background (MindsDB v26's answer to `INSERT INTO kb SELECT`, ours
 * too) until `DESCRIBE KNOWLEDGE_BASE` reports it ended, as any MindsDB client can. Resolves with DESCRIBE's
 * report; the caller reads its `error`. Aborting `signal` stops following (not the insert).
 */
export async function followBackgroundInsert(
  project: string,
  kb: string,
  queryId: number,
  signal?: AbortSignal,
  pollMs = POLL_MS,
): Promise<DescribedInsert> {
  const query = `DESCRIBE KNOWLEDGE_BASE ${qualifiedName(project, kb)}`;
  for (;;) {
    const answer = await runSql({ query, context: { db: project }, signal });
    if (answer.type === 'error') throw new Error(answer.error_message);
    const described = describedInsert(answer);
    if (insertHasEnded(described, queryId)) return described!;
    await pause(pollMs, signal);
  }
}
