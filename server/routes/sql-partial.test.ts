import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app';

// A result over the row limit: an error for every client, the first rows (flagged) only for one that asks.
const t = useTestApp();

const post = (payload: Record<string, unknown>) =>
  t.inject({ method: 'POST', url: '/api/sql/query', payload });

describe('partial results', () => {
  it('are never given to a client that did not ask', async () => {
    const res = (await post({ query: 'SELECT range AS n FROM range(100001)' })).json();
    expect(res.type).toBe('error');
    expect(res.error_message).toMatch(/more than 100,000 rows/);
    expect(res).not.toHaveProperty('truncated');
  });

  it('are the first 100,000 rows with truncated: true for a client that asked', async () => {
    const res = (await post({ query: 'SELECT range AS n FROM range(250000)', partial_results: true })).json();
    expect(res.type).toBe('table');
    expect(res.truncated).toBe(true);
    expect(res.data).toHaveLength(100_000);
    expect(res.data[0]).toEqual([0]);
    expect(res.data.at(-1)).toEqual([99_999]);
  });

  it('are not flagged when the whole result fits', async () => {
    const res = (await post({ query: 'SELECT range AS n FROM range(10)', partial_results: true })).json();
    expect(res).toMatchObject({ type: 'table' });
    expect(res).not.toHaveProperty('truncated');
    expect((await post({ query: 'SELECT 1', partial_results: 'yes' })).statusCode).toBe(400);
  });
});
