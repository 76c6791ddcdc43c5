import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../test/harness';
import { useTestApp } from '../test/use-test-app';

const HOUR = 3_600_000;

describe('REST (ours): pausing and resuming a job, and the rows each run counted', () => {
  let clock = new Date('2030-01-01T00:00:00Z');
  // A tick of an hour: the timer never fires here, each look for due jobs is started by hand.
  const t = useTestApp({ jobs: { now: () => clock, tickMs: HOUR } }, async (app) => {
    await app.sqlOk('CREATE PROJECT ops');
    await app.putFile('docs', 'docs.csv', 'id,body\n1,Refunds take five days.\n2,Invoices go by email.\n');
  });
  const call = async (method: 'GET' | 'PATCH', url: string, payload?: unknown) => {
    const res = await t.inject({ method, url, payload: payload as object });
    return { status: res.statusCode, body: res.body ? res.json() : undefined };
  };
  const runs = async (job: string) => (await call('GET', `/api/projects/ops/jobs/${job}/history`)).body;

  it('skips a paused job, and runs a resumed one at its next slot after now, not the slots it missed', async () => {
    await t.sqlOk('CREATE JOB ops.hourly (SELECT 1 AS x) EVERY hour');
    expect((await call('GET', '/api/projects/ops/jobs/hourly')).body.active).toBe(true);

    const paused = await call('PATCH', '/api/projects/ops/jobs/HOURLY', { active: false });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ name: 'hourly', active: false });
    expect((await call('GET', '/api/projects/ops/jobs')).body).toEqual([paused.body]);
    expect(await t.sqlRows("SELECT name, active FROM ops.jobs WHERE name = 'hourly'")).toEqual([
      { name: 'hourly', active: 0 },
    ]);

    clock = new Date(clock.getTime() + 3 * HOUR + 60_000);
    await t.deps.jobScheduler.tick();
    expect(await runs('hourly')).toEqual([]);

    const resumed = await call('PATCH', '/api/projects/ops/jobs/hourly', { active: true });
    expect(resumed.body).toMatchObject({ active: true, next_run_at: '2030-01-01 04:00:00.000000' });
    await t.deps.jobScheduler.tick();
    expect(await runs('hourly')).toEqual([]);

    clock = new Date('2030-01-01T04:00:00Z');
    await t.deps.jobScheduler.tick();
    expect(await runs('hourly')).toHaveLength(1);
    expect((await call('GET', '/api/projects/ops/jobs/hourly')).body.next_run_at).toBe(
      '2030-01-01 05:00:00.000000',
    );
    await t.sqlOk('DROP JOB ops.hourly');
  });

  it('runs a one-time job paused before its run at the next look once resumed', async () => {
    await t.sqlOk('CREATE JOB ops.once (SELECT 1 AS x)');
    await call('PATCH', '/api/projects/ops/jobs/once', { active: false });
    clock = new Date(clock.getTime() + 2 * HOUR);
    await t.deps.jobScheduler.tick();
    expect(await runs('once')).toEqual([]);
    const resumed = await call('PATCH', '/api/projects/ops/jobs/once', { active: true });
    expect(resumed.body.next_run_at).toBe(clock.toISOString().replace('T', ' ').replace('Z', '000'));
    await t.deps.jobScheduler.tick();
    expect(await runs('once')).toHaveLength(1);
    await t.sqlOk('DROP JOB ops.once');
  });

  it('records the rows a run inserted and returned, in REST and in SQL, after the columns MindsDB has', async () => {
    await t.sqlOk("CREATE KNOWLEDGE_BASE ops.kb USING content_columns = ['body']");
    await t.sqlOk(
      'CREATE JOB ops.load (INSERT INTO ops.kb SELECT id, body FROM files.docs; SELECT id FROM files.docs WHERE id = 1)',
    );
    await t.deps.jobScheduler.tick();
    const [run] = await runs('load');
    expect(run).toMatchObject({ name: 'load', error: null, row_count: 3 });
    expect(Object.keys(run)).toEqual([
      'name',
      'project',
      'run_start',
      'run_end',
      'error',
      'query',
      'row_count',
    ]);
    const sql = await t.sqlOk("SELECT * FROM ops.jobs_history WHERE name = 'load'");
    expect(sql.column_names).toEqual([
      'name',
      'project',
      'run_start',
      'run_end',
      'error',
      'query',
      'row_count',
    ]);
    expect(sql.data[0][6]).toBe(3);

    // A run whose IF query returns nothing ran no statement: no rows.
    await t.sqlOk('CREATE JOB ops.skipped (SELECT id FROM files.docs) IF (SELECT 1 AS y WHERE FALSE)');
    await t.deps.jobScheduler.tick();
    expect((await runs('skipped'))[0].row_count).toBe(0);
  });

  it('answers a bad body with a 400 naming the field, and an unknown job or project with a 404', async () => {
    await t.sqlOk('CREATE JOB ops.kept (SELECT 1 AS x) EVERY day');
    for (const body of [{}, { active: 'no' }, { active: false, name: 'other' }, null]) {
      const res = await call('PATCH', '/api/projects/ops/jobs/kept', body);
      expect(res.status).toBe(400);
      expect(res.body.type ?? res.body.title).toBeDefined();
    }
    expect((await call('PATCH', '/api/projects/ops/jobs/kept', { active: 'no' })).body.detail).toMatch(
      /active/,
    );
    expect((await call('GET', '/api/projects/ops/jobs/kept')).body.active).toBe(true);
    expect((await call('PATCH', '/api/projects/ops/jobs/nope', { active: false })).status).toBe(404);
    expect((await call('PATCH', '/api/projects/nope/jobs/kept', { active: false })).status).toBe(404);
  });
});

describe('a catalog made before jobs could be paused or count rows', () => {
  it('gains both columns at start: its jobs are active and run, its old runs have no count', async () => {
    const clock = new Date('2030-06-01T00:00:00Z');
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-jobs-old-'));
    try {
      const first = await startTestApp({ jobs: { now: () => clock, tickMs: HOUR } }, dir);
      await first.sqlOk('CREATE JOB mindsdb.daily (SELECT 1 AS x) EVERY day');
      await first.deps.jobScheduler.tick();
      // The catalog as the version before these columns left it.
      await first.deps.databases.catalog.run('ALTER TABLE jobs DROP COLUMN active');
      await first.deps.databases.catalog.run('ALTER TABLE jobs_history DROP COLUMN row_count');
      await first.close();

      const later = new Date('2030-06-02T00:00:00Z');
      const second = await startTestApp({ jobs: { now: () => later, tickMs: HOUR } }, dir);
      try {
        const got = await second.inject({ url: '/api/projects/mindsdb/jobs/daily' });
        expect(got.json().active).toBe(true);
        await second.deps.jobScheduler.tick();
        const history = await second.inject({ url: '/api/projects/mindsdb/jobs/daily/history' });
        expect(history.json().map((r: { row_count: number | null }) => r.row_count)).toEqual([null, 1]);
        const paused = await second.inject({
          method: 'PATCH',
          url: '/api/projects/mindsdb/jobs/daily',
          payload: { active: false },
        });
        expect(paused.json().active).toBe(false);
      } finally {
        await second.close();
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
