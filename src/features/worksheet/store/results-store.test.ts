import { beforeEach, describe, expect, it } from 'vitest';
import { splitStatements } from '../../../lib/sql/split-statements';
import { isRunning, useResultsStore } from './results-store';

const statements = splitStatements('SELECT 1; SELECT 2; SELECT 3');
const run = (tab = 't') => useResultsStore.getState().runs[tab];

beforeEach(() => useResultsStore.setState({ runs: {} }));

describe('results store', () => {
  it('starts a run with every statement queued', () => {
    useResultsStore.getState().start('t', statements);
    expect(run().items.map((i) => i.status)).toEqual(['queued', 'queued', 'queued']);
    expect(isRunning(run())).toBe(true);
  });

  it('shows the result tab of the statement that ran last', () => {
    const id = useResultsStore.getState().start('t', statements);
    useResultsStore.getState().patch('t', id, 1, { status: 'running' });
    expect(run().activeIndex).toBe(1);
  });

  it('ignores updates from a run that a newer one replaced', () => {
    const old = useResultsStore.getState().start('t', statements);
    useResultsStore.getState().start('t', statements.slice(0, 1));
    useResultsStore.getState().patch('t', old, 0, { status: 'done' });
    expect(run().items[0].status).toBe('queued');
  });

  it('skips what is left after a stop or an error, and is then no longer running', () => {
    const id = useResultsStore.getState().start('t', statements);
    useResultsStore.getState().patch('t', id, 0, { status: 'stopped' });
    useResultsStore.getState().skipRest('t', id);
    expect(run().items.map((i) => i.status)).toEqual(['stopped', 'skipped', 'skipped']);
    expect(isRunning(run())).toBe(false);
    expect(run().activeIndex).toBe(0);
  });

  it('selects result tabs within range only', () => {
    useResultsStore.getState().start('t', statements);
    useResultsStore.getState().select('t', 2);
    useResultsStore.getState().select('t', 7);
    expect(run().activeIndex).toBe(2);
  });

  it('forgets the results of a closed tab', () => {
    useResultsStore.getState().start('t', statements);
    useResultsStore.getState().forget('t');
    expect(run()).toBeUndefined();
  });
});
