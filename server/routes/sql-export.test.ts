import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app';

// The full result of a SELECT as a streamed CSV or JSON download, with no row limit.
const t = useTestApp({}, (app) =>
  app.putFile('people', 'p.csv', 'id,name,note\n1,ann,"a, ""b"""\n2,bob,=SUM(A1)\n'),
);

const exportOf = (payload: Record<string, unknown>) =>
  t.inject({ method: 'POST', url: '/api/sql/query/export', payload });

describe('POST /api/sql/query/export', () => {
  it('streams every row of a result over the 100,000-row limit as CSV', async () => {
    const res = await exportOf({ query: 'SELECT range AS n, range % 3 AS r FROM range(250000)' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment; filename="result.csv"');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(250_001);
    expect(lines[0]).toBe('n,r');
    expect(lines[1]).toBe('0,0');
    expect(lines.at(-1)).toBe('249999,0');
  });

  it('quotes CSV, guards formulas, and writes JSON objects', async () => {
    const csv = await exportOf({ query: 'SELECT id, name, note FROM files.people ORDER BY id' });
    expect(csv.body).toBe('id,name,note\r\n1,ann,"a, ""b"""\r\n2,bob,\'=SUM(A1)\r\n');
    const json = await exportOf({ query: 'SELECT id, name FROM files.people ORDER BY id', format: 'json' });
    expect(json.headers['content-type']).toContain('application/json');
    expect(JSON.parse(json.body)).toEqual([
      { id: 1, name: 'ann' },
      { id: 2, name: 'bob' },
    ]);
    const none = await exportOf({ query: 'SELECT id FROM files.people WHERE id > 5', format: 'json' });
    expect(JSON.parse(none.body)).toEqual([]);
  });

  it('answers a problem naming what is wrong before any byte is sent', async () => {
    const notSelect = await exportOf({ query: 'DROP TABLE files.people' });
    expect(notSelect.statusCode).toBe(400);
    expect(notSelect.json().detail).toBe('Only a SELECT can be exported');
    const unknown = await exportOf({ query: 'SELECT * FROM files.nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toMatch(/nope/);
    expect((await exportOf({ query: 'SELECT 1', format: 'xml' })).statusCode).toBe(400);
  });
});
