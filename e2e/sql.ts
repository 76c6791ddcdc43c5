import { expect, type APIRequestContext } from '@playwright/test';

/** Runs SQL on the spec's server to set the scene; an `error` result fails the spec, naming it. */
export async function sqlOk(request: APIRequestContext, query: string) {
  const answer = await (await request.post('/api/sql/query', { data: { query } })).json();
  expect(answer.type, JSON.stringify(answer)).not.toBe('error');
  return answer;
}
