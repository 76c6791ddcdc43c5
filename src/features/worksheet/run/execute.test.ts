import { describe, expect, it, vi } from 'vitest';
import type { SqlResult } from '../../../../protocol/api/sql';
import type { RunSqlInput } from '../../../api/sql/run-sql';
import { splitStatements } from '../../../lib/sql/split-statements';
import {
  changesSchema,
  executeStatements,
  outcomePatch,
  type ExecuteDeps,
  type StatementOutcome,
} from './execute';

function deps(answer: (input: RunSqlInput) => Promise<SqlResult>, signal = new AbortController().signal) {
  const outcomes: [number, StatementOutcome['status'], string | undefined][] = [];
  let clock = 0;
  const d: ExecuteDeps = {
    runSql: vi.fn(answer),
    signal,
    context: { db: 'mindsdb' },
    now: () => (clock += 10),
    onStart: vi.fn(),
    onOutcome: (i, _s, o, sent) => outcomes.push([i, o.status, sent.db]),
  };
  return { d, outcomes };
}

const ok = (db: string): SqlResult => ({ type: 'ok', affected_rows: 0, context: { db } });

describe('executeStatements', () => {
  it('sends each statement with the context the previous one returned', async () => {
    const { d, outcomes } = deps(async ({ query }) => (query.startsWith('USE') ? ok('files') : ok('files')));
    const last = await executeStatements(splitStatements('USE files; SELECT 1'), d);
    expect(outcomes).toEqual([
      [0, 'done', 'mindsdb'],
      [1, 'done', 'files'],
    ]);
    expect(last).toEqual({ db: 'files' });
  });

  it('announces each statement before sending it and times it', async () => {
    const { d } = deps(async () => ok('mindsdb'));
    const onOutcome = vi.fn();
    await executeStatements(splitStatements('SELECT 1'), { ...d, onOutcome });
    expect(d.onStart).toHaveBeenCalledWith(0, expect.objectContaining({ text: 'SELECT 1' }), undefined);
    expect(onOutcome.mock.calls[0][2]).toMatchObject({ status: 'done', durationMs: 10 });
  });

  it('stops at the first SQL error', async () => {
    const { d, outcomes } = deps(async ({ query }) =>
      query === 'BAD' ? { type: 'error', error_message: 'no' } : ok('mindsdb'),
    );
    await executeStatements(splitStatements('SELECT 1; BAD; SELECT 3'), d);
    expect(outcomes.map((o) => o[1])).toEqual(['done', 'done']);
    expect(d.runSql).toHaveBeenCalledTimes(2);
  });

  it('reports a transport failure and stops', async () => {
    const { d, outcomes } = deps(async () => {
      throw new Error('Server unreachable');
    });
    await executeStatements(splitStatements('SELECT 1; SELECT 2'), d);
    expect(outcomes).toEqual([[0, 'failed', 'mindsdb']]);
  });

  it('reports a stop when the request is aborted, and sends nothing more', async () => {
    const controller = new AbortController();
    const { d, outcomes } = deps(
      ({ signal }) =>
        new Promise((_, reject) =>
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
      controller.signal,
    );
    const done = executeStatements(splitStatements('SELECT 1; SELECT 2'), d);
    controller.abort();
    await done;
    expect(outcomes).toEqual([[0, 'stopped', 'mindsdb']]);
    expect(d.runSql).toHaveBeenCalledTimes(1);
  });

  it('names each statement, and reads the error of one stopped on request as stopped, with what the server said', async () => {
    let stopAsked = false;
    const { d } = deps(async ({ statementId }) => {
      expect(statementId).toMatch(/^id-\d$/);
      stopAsked = true;
      return { type: 'error', error_message: 'The query was stopped: the request was cancelled' };
    });
    let n = 0;
    const onOutcome = vi.fn();
    await executeStatements(splitStatements('SELECT 1; SELECT 2'), {
      ...d,
      onOutcome,
      stopRequested: () => stopAsked,
      newStatementId: () => `id-${n++}`,
    });
    expect(onOutcome).toHaveBeenCalledTimes(1);
    expect(onOutcome.mock.calls[0][2]).toEqual({
      status: 'stopped',
      durationMs: 10,
      serverSaid: 'The query was stopped: the request was cancelled',
    });
    expect(d.runSql).toHaveBeenCalledTimes(1);
  });

  it('shows a statement that ended before it could be stopped as done, and runs nothing after it', async () => {
    let stopAsked = false;
    const { d, outcomes } = deps(async () => {
      stopAsked = true;
      return ok('mindsdb');
    });
    await executeStatements(splitStatements('SELECT 1; SELECT 2'), { ...d, stopRequested: () => stopAsked });
    expect(outcomes).toEqual([[0, 'done', 'mindsdb']]);
  });
});

describe('outcomePatch', () => {
  it('maps outcomes to result-store fields', () => {
    expect(outcomePatch({ status: 'stopped', durationMs: 5 })).toEqual({ status: 'stopped', durationMs: 5 });
    expect(
      outcomePatch({ status: 'failed', failure: 'x', durationMs: 1, sessionEnded: false }),
    ).toMatchObject({ failure: 'x' });
  });
});

describe('changesSchema', () => {
  it('recognises statements that change objects or data', () => {
    expect(changesSchema('create knowledge_base kb')).toBe(true);
    expect(changesSchema('INSERT INTO kb SELECT 1')).toBe(true);
    expect(changesSchema('SELECT * FROM created')).toBe(false);
  });
});
