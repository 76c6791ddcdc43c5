import { describe, expect, it } from 'vitest';
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
