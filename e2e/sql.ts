import { expect, type APIRequestContext } from '@playwright/test';
import {
  backgroundQueryId,
  describedInsert,
  insertHasEnded,
  type DescribedInsert,
} from '../protocol/api/background-query';

/** Runs SQL on the spec's server to set the scene; an `error` result fails the spec, naming it. */
export async function sqlOk(request: APIRequestContext, query: string) {
  const answer = await (await request.post('/api/sql/query', { data: { query } })).json();
  expect(answer.type, JSON.stringify(answer)).not.toBe('error');
  return answer;
}

/**
 * Runs an INSERT INTO kb SELECT and waits for its end: the server answers at once with the record of a query
 * it goes on running in the background (as MindsDB v26), so DESCRIBE KNOWLEDGE_BASE is asked until that query
 * has ended, as any client does. Returns DESCRIBE's report of it.
 */
export async function insertAndWait(request: APIRequestContext, kb: string, query: string) {
  const answer = await sqlOk(request, query);
  const id = backgroundQueryId(answer);
  expect(id, `not a background insert: ${JSON.stringify(answer)}`).not.toBeNull();
  let report: DescribedInsert | null = null;
  await expect
    .poll(
      async () => {
        report = describedInsert(await sqlOk(request, `DESCRIBE KNOWLEDGE_BASE ${kb}`));
        return insertHasEnded(report, id!);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return report!;
}
