import { describe, expect, it } from 'vitest';
import type { LoadJob } from './load-store';
import { progressView } from './progress-view';

const job = (patch: Partial<LoadJob>): LoadJob => ({
  phase: 'loading',
  source: 'files.faq',
  rowsTotal: 200,
  startedAt: 0,
  ...patch,
});

describe('progressView', () => {
  it('shows the rows embedded so far', () => {
    expect(progressView(job({}), { state: 'running', rows_done: 50, rows_total: 200 })).toEqual({
      fraction: 0.25,
      text: 'Embedding rows: 50 of 200 rows (25 %)',
    });
  });

  it('is indeterminate while the server has not reported, and never 100 % before the answer', () => {
    expect(progressView(job({ rowsTotal: null }), undefined).fraction).toBeNull();
    expect(progressView(job({}), { state: 'idle', rows_done: 0, rows_total: 0 }).fraction).toBeNull();
    expect(progressView(job({}), { state: 'done', rows_done: 200, rows_total: 200 }).fraction).toBe(0.99);
  });

  it('reaches 100 % with the rows loaded once the insert answered', () => {
    expect(progressView(job({ phase: 'done', rowsLoaded: 200 }), undefined)).toEqual({
      fraction: 1,
      text: 'Loaded 200 rows: 100 %',
    });
    expect(progressView(job({ phase: 'done', rowsLoaded: null, rowsTotal: null }), undefined).text).toBe(
      'Loaded: 100 %',
    );
  });

  it('never shows activity for a load that stopped: the bar holds where it got to', () => {
    expect(progressView(job({ phase: 'failed' }), undefined)).toEqual({
      fraction: 0,
      text: 'The load stopped.',
    });
    expect(
      progressView(job({ phase: 'failed' }), { state: 'failed', rows_done: 50, rows_total: 200 }).fraction,
    ).toBe(0.25);
  });
});
