import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app';

describe('REST: /api/projects/{project}/views and /jobs', () => {
  const t = useTestApp(
    { jobs: { now: () => new Date('2030-01-01T00:00:00Z'), tickMs: 3_600_000 } },
    async (app) => {
      await app.sqlOk('CREATE PROJECT web');
    },
  );
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const res = await t.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.body ? res.json() : undefined };
  };

  it('creates, lists, gets, updates and deletes views with MindsDB’s shapes and codes', async () => {
    const made = await call('POST', '/api/projects/web/views', {
      view: { name: 'v1', query: 'SELECT 1 AS one' },
    });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({ id: expect.any(Number), name: 'v1', query: 'SELECT 1 AS one' });
    expect(
      (await call('POST', '/api/projects/web/views', { view: { name: 'V1', query: 'SELECT 2' } })).status,
    ).toBe(409);
    expect((await call('GET', '/api/projects/web/views')).body).toEqual([made.body]);
    expect((await call('GET', '/api/projects/web/views/v1')).body).toEqual(made.body);

    const updated = await call('PUT', '/api/projects/web/views/v1', { view: { query: 'SELECT 2 AS two' } });
    expect(updated).toEqual({ status: 200, body: { ...made.body, query: 'SELECT 2 AS two' } });
    expect((await t.sql('SELECT * FROM web.v1')).data).toEqual([[2]]);
    // A PUT of an unknown view creates it.
    expect(
      (await call('PUT', '/api/projects/web/views/v2', { view: { query: 'SELECT 3 AS x' } })).status,
    ).toBe(201);

    expect((await call('DELETE', '/api/projects/web/views/v1')).status).toBe(204);
    expect((await call('GET', '/api/projects/web/views/v1')).status).toBe(404);
    expect((await call('DELETE', '/api/projects/web/views/v1')).status).toBe(404);
  });

  it('answers bad view requests with a 4xx problem that names the problem', async () => {
    const noProject = await call('GET', '/api/projects/nope/views');
    expect(noProject.status).toBe(404);
    expect(noProject.body.detail).toMatch(/Project 'nope' does not exist/);
    const missing = await call('POST', '/api/projects/web/views', { view: { name: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toMatch(/query/);
    const notSelect = await call('POST', '/api/projects/web/views', {
      view: { name: 'x', query: 'DROP PROJECT web' },
    });
    expect(notSelect.status).toBe(400);
    expect(notSelect.body.detail).toMatch(/must be a SELECT/);
    const broken = await call('POST', '/api/projects/web/views', {
      view: { name: 'x', query: 'SELECT 1 FROM WHERE' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.detail).toMatch(/does not parse \(line 1, column \d+\)/);
    expect((await call('PUT', '/api/projects/web/views/new', { view: {} })).status).toBe(400);
  });

  it('creates, lists, gets and deletes jobs, and shows their history', async () => {
    const made = await call('POST', '/api/projects/web/jobs', {
      job: {
        name: 'nightly',
        query: 'SELECT 1 AS a; SELECT 2 AS b',
        schedule_str: 'every 2 hours',
        end_at: '2030-02-01',
      },
    });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      name: 'nightly',
      project: 'web',
      query: 'SELECT 1 AS a; SELECT 2 AS b',
      schedule_str: 'every 2 hours',
      start_at: '2030-01-01 00:00:00.000000',
      next_run_at: '2030-01-01 00:00:00.000000',
      end_at: '2030-02-01 00:00:00.000000',
      if_query: null,
    });
    expect((await call('GET', '/api/projects/web/jobs')).body).toEqual([made.body]);
    expect((await call('GET', '/api/projects/web/jobs/NIGHTLY')).body).toEqual(made.body);

    await t.deps.jobScheduler.tick();
    const history = await call('GET', '/api/projects/web/jobs/nightly/history');
    expect(history.body).toEqual([
      expect.objectContaining({
        name: 'nightly',
        project: 'web',
        error: null,
        query: 'SELECT 1 AS a; SELECT 2 AS b',
      }),
    ]);
    expect((await call('GET', '/api/projects/web/jobs/nightly')).body.next_run_at).toBe(
      '2030-01-01 02:00:00.000000',
    );

    expect((await call('DELETE', '/api/projects/web/jobs/nightly')).status).toBe(204);
    expect((await call('GET', '/api/projects/web/jobs/nightly')).status).toBe(404);
    expect((await call('GET', '/api/projects/web/jobs/nightly/history')).status).toBe(404);
  });

  it("answers a SQL job's schedule_str as its EVERY was written, as MindsDB keeps it", async () => {
    await t.sqlOk('CREATE JOB web.sql_hourly (SELECT 1) EVERY hour');
    await t.sqlOk("CREATE JOB web.sql_quoted (SELECT 1) EVERY '2  days'");
    const rows = await t.sqlRows(
      "SELECT name, schedule_str FROM web.jobs WHERE name LIKE 'sql_%' ORDER BY name",
    );
    expect(rows).toEqual([
      { name: 'sql_hourly', schedule_str: 'every hour' },
      { name: 'sql_quoted', schedule_str: 'every 2 days' },
    ]);
    expect((await call('GET', '/api/projects/web/jobs/sql_hourly')).body.schedule_str).toBe('every hour');
  });

  it("answers a job's schedule_str as it was given, as MindsDB keeps it", async () => {
    const made = await call('POST', '/api/projects/web/jobs', {
      job: { name: 'hourly', query: 'SELECT 1', schedule_str: 'every hour' },
    });
    expect(made.body.schedule_str).toBe('every hour');
    expect((await call('GET', '/api/projects/web/jobs/hourly')).body.schedule_str).toBe('every hour');
    // SQL shows the same text in the project's jobs table.
    expect((await t.sqlRows("SELECT schedule_str FROM web.jobs WHERE name = 'hourly'"))[0]).toEqual({
      schedule_str: 'every hour',
    });
    expect((await call('DELETE', '/api/projects/web/jobs/hourly')).status).toBe(204);
  });

  it('answers bad job requests with a 4xx problem that names the problem', async () => {
    const post = (job: Record<string, unknown>) => call('POST', '/api/projects/web/jobs', { job });
    const unit = await post({ name: 'j', query: 'SELECT 1', schedule_str: 'every 3 fortnights' });
    expect(unit.status).toBe(400);
    expect(unit.body.detail).toMatch(/unknown period 'fortnights'/);
    const zero = await post({ name: 'j', query: 'SELECT 1', schedule_str: '0 hours' });
    expect(zero.status).toBe(400);
    const order = await post({
      name: 'j',
      query: 'SELECT 1',
      schedule_str: 'hour',
      start_at: '2031-01-02',
      end_at: '2031-01-01',
    });
    expect(order.status).toBe(400);
    expect(order.body.detail).toMatch(/before it starts/);
    const parse = await post({ name: 'j', query: 'SELECT 1;\nSELEC 2' });
    expect(parse.status).toBe(400);
    expect(parse.body.detail).toMatch(/line 2, column 1/);
    const date = await post({ name: 'j', query: 'SELECT 1', start_at: 'tomorrow' });
    expect(date.status).toBe(400);
    expect(date.body.detail).toMatch(/'tomorrow' is not a date/);
    expect((await post({ name: 'j' })).status).toBe(400);
    await post({ name: 'dup', query: 'SELECT 1' });
    expect((await post({ name: 'DUP', query: 'SELECT 1' })).status).toBe(409);
    expect(
      (await call('POST', '/api/projects/nope/jobs', { job: { name: 'j', query: 'SELECT 1' } })).status,
    ).toBe(404);
  });
});
