import { describe, expect, it } from 'vitest';
import type { Job } from '../../../protocol/api/jobs';
import {
  draftFromJob,
  jobChanges,
  jobInputOf,
  localInputOf,
  scheduleProblem,
  serverTimeOf,
  validateJobDraft,
  emptyJobDraft,
  replacementInput,
} from './job-draft';
import { newestFirst, runDuration, runOutcome } from './job-runs';

const JOB: Job = {
  id: 7,
  name: 'nightly',
  project: 'mindsdb',
  start_at: '2026-03-01 22:00:00',
  end_at: null,
  next_run_at: '2026-03-02 22:00:00',
  schedule_str: 'every 1 day',
  query: 'INSERT INTO kb SELECT * FROM files.docs WHERE id > LAST',
  if_query: null,
};

describe('job times', () => {
  it("turn a server's UTC time into this browser's input and back, to the minute", () => {
    const local = localInputOf('2026-03-01 22:00:00.000000');
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(new Date(local).toISOString()).toBe('2026-03-01T22:00:00.000Z');
    expect(serverTimeOf(local)).toBe('2026-03-01 22:00:00');
    expect(localInputOf(null)).toBe('');
    expect(serverTimeOf('')).toBeNull();
  });
});

describe('scheduleProblem', () => {
  it("takes MindsDB's words and an empty schedule (run once)", () => {
    for (const s of [
      'every hour',
      'every 1 hour',
      'every 2 days',
      'Every 30 minutes',
      'every min',
      'every 3 months',
      '',
    ])
      expect(scheduleProblem(s), s).toBeUndefined();
  });
  it('refuses what MindsDB cannot read, and every 0', () => {
    expect(scheduleProblem('every fortnight')).toMatch(/every hour/);
    expect(scheduleProblem('hourly')).toMatch(/every hour/);
    expect(scheduleProblem('*/5 * * * *')).toMatch(/every hour/);
    expect(scheduleProblem('every 0 hours')).toMatch(/never/);
  });
});

describe('the job draft', () => {
  it('puts each problem under its field', () => {
    expect(validateJobDraft({ ...emptyJobDraft(), schedule: 'weekly' })).toEqual({
      name: 'Give the job a name.',
      query: 'A job needs at least one statement to run.',
      schedule_str: expect.stringMatching(/MindsDB/),
    });
    const draft = { ...draftFromJob(JOB), start: '2026-03-02T10:00', end: '2026-03-01T10:00' };
    expect(validateJobDraft(draft)).toEqual({ end_at: 'The end comes before the start.' });
  });

  it('sends every key both servers need, empty ones as null', () => {
    expect(jobInputOf({ ...emptyJobDraft(), name: 'once', query: ' SELECT 1 ', schedule: '' })).toEqual({
      name: 'once',
      query: 'SELECT 1',
      if_query: null,
      start_at: null,
      end_at: null,
      schedule_str: null,
    });
  });

  it('re-creates an edited job from its next run unless the start was changed', () => {
    expect(replacementInput(JOB, { ...draftFromJob(JOB), schedule: 'every 2 days' }).start_at).toBe(
      '2026-03-02 22:00:00',
    );
    const moved = { ...draftFromJob(JOB), start: localInputOf('2026-04-01 08:00:00') };
    expect(replacementInput(JOB, moved).start_at).toBe('2026-04-01 08:00:00');
    expect(replacementInput({ ...JOB, next_run_at: null }, draftFromJob(JOB)).start_at).toBe(
      '2026-03-01 22:00:00',
    );
  });

  it('says what an edit changes, in words', () => {
    const draft = { ...draftFromJob(JOB), schedule: 'every 2 days', if_query: 'SELECT 1' };
    expect(jobChanges(JOB, draft)).toEqual([
      { label: 'Schedule', from: 'every 1 day', to: 'every 2 days' },
      { label: 'Only when', from: 'always', to: 'SELECT 1' },
    ]);
    expect(jobChanges(JOB, draftFromJob(JOB))).toEqual([]);
  });
});

describe('runs', () => {
  const run = (run_start: string, run_end: string | null, error: string | null = null) => ({
    name: 'nightly',
    project: 'mindsdb',
    run_start,
    run_end,
    error,
    query: null,
  });
  it('tell a failure, a success and a run still going apart, with how long each took', () => {
    const failed = run('2026-03-01 22:00:00.000000', '2026-03-01 22:00:01.500000', 'Unknown table');
    expect(runOutcome(failed)).toBe('failed');
    expect(runDuration(failed)).toBe('1.5 s');
    const done = run('2026-03-01 22:00:00', '2026-03-01 22:02:05');
    expect(runOutcome(done)).toBe('succeeded');
    expect(runDuration(done)).toBe('2 min 5 s');
    const going = run('2026-03-02 22:00:00', null);
    expect(runOutcome(going)).toBe('running');
    expect(runDuration(going)).toBe('');
    expect(newestFirst([failed, going, done]).map((r) => r.run_start)).toEqual([
      '2026-03-02 22:00:00',
      '2026-03-01 22:00:00.000000',
      '2026-03-01 22:00:00',
    ]);
  });
});
