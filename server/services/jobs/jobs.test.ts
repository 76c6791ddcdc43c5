import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/harness';
import { useTestApp } from '../../test/use-test-app';

const HOUR = 3_600_000;

describe('jobs through SQL, run by the scheduler on a hand-driven clock', () => {
  let clock = new Date('2030-01-01T00:00:00Z');
  // A tick of an hour: the timer never fires in these tests, each run is started by hand.
  const t = useTestApp({ jobs: { now: () => clock, tickMs: HOUR } }, async (app) => {
    await app.sqlOk('CREATE PROJECT shop');
  });
  const error = async (query: string) => {
    const res = await t.sql(query);
    expect(res.type).toBe('error');
    return res as { error_message: string; error_position?: { line: number; column: number } };
  };
  const upload = async (name: string, csv: string) => {
    await t.inject({ method: 'DELETE', url: `/api/files/${name}` });
    await t.putFile(name, 'x.csv', csv);
  };
  const history = async (job: string) =>
    (await t.sqlOk(`SELECT error, query FROM shop.jobs_history WHERE name = '${job}' ORDER BY run_start`))
      .data;

  it('refuses bad schedules and statements at create, naming the problem and its place', async () => {
    expect((await error('CREATE JOB shop.j (SELECT 1) EVERY 0 hours')).error_message).toMatch(
      /whole number of at least 1/,
    );
    expect((await error('CREATE JOB shop.j (SELECT 1) EVERY 2 fortnights')).error_message).toMatch(
      /unknown period 'fortnights'/,
    );
    expect(
      (await error("CREATE JOB shop.j (SELECT 1) START '2031-01-02' END '2031-01-01' EVERY day"))
        .error_message,
    ).toMatch(/end .* before it starts/);
    const broken = await error('CREATE JOB shop.j (\n  SELECT 1;\n  SELEC 2\n) EVERY hour');
    expect(broken.error_position).toEqual({ line: 3, column: 3 });
    expect(
      (await error('CREATE JOB shop.j (SELECT * FROM files.t WHERE LAST < id) EVERY hour')).error_message,
    ).toMatch(/column > LAST/);
    expect((await error("CREATE JOB shop.j (SELECT 1) START 'soon'")).error_message).toMatch(
      /expected a date/,
    );
    expect((await t.sqlOk('SHOW JOBS FROM shop')).data).toEqual([]);
  });

  it('keeps a knowledge base in step with a table with LAST: nothing on the first run, then only new rows', async () => {
    await upload('docs', 'id,body\n1,Refunds take five days.\n2,Invoices are sent by email.\n');
    await t.sqlOk("CREATE KNOWLEDGE_BASE shop.kb USING content_columns = ['body']");
    await t.sqlOk(
      'CREATE JOB shop.sync (INSERT INTO shop.kb SELECT id, body FROM files.docs WHERE id > LAST) EVERY hour',
    );
    const [job] = (await t.sqlOk('SHOW JOBS FROM shop')).data;
    expect(job.slice(1, 3)).toEqual(['sync', 'shop']);

    await t.deps.jobScheduler.tick();
    // First run: MindsDB's LAST reads nothing and notes the greatest id (2).
    expect((await t.sqlOk('SELECT id FROM shop.kb')).data).toEqual([]);
    expect(await history('sync')).toEqual([[null, '']]);

    await upload(
      'docs',
      'id,body\n1,Refunds take five days.\n2,Invoices are sent by email.\n3,Passwords reset by link.\n',
    );
    await t.deps.jobScheduler.tick(); // not due yet: the next slot is an hour on
    expect(await history('sync')).toHaveLength(1);

    clock = new Date(clock.getTime() + HOUR);
    await t.deps.jobScheduler.tick();
    expect((await t.sqlOk('SELECT id FROM shop.kb')).data).toEqual([[3]]);
    const runs = await history('sync');
    expect(runs).toHaveLength(2);
    expect(runs[1][0]).toBeNull();
    expect(runs[1][1]).toMatch(/id > 2 AND id <= 3/);

    // No new rows: the next run inserts nothing.
    clock = new Date(clock.getTime() + HOUR);
    await t.deps.jobScheduler.tick();
    expect((await t.sqlOk('SELECT id FROM shop.kb')).data).toEqual([[3]]);
    expect(await history('sync')).toHaveLength(3);
  });

  it("fills MindsDB's template variables before each run", async () => {
    const created = clock;
    const text = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
    await t.sqlOk(
      "CREATE JOB shop.stamped (SELECT '{{START_DATE}}' AS d, '{{START_DATETIME}}' AS s, '{{PREVIOUS_START_DATETIME}}' AS p) EVERY hour",
    );
    await t.deps.jobScheduler.tick();
    clock = new Date(clock.getTime() + HOUR);
    await t.deps.jobScheduler.tick();
    const runs = (await history('stamped')).map((r: unknown[]) => r[1]);
    expect(runs).toEqual([
      `SELECT '${created.toISOString().slice(0, 10)}' AS d, '${text(created)}' AS s, '${text(created)}' AS p`,
      `SELECT '${clock.toISOString().slice(0, 10)}' AS d, '${text(clock)}' AS s, '${text(new Date(created.getTime() - 60_000))}' AS p`,
    ]);
    await t.sqlOk('DROP JOB shop.stamped');
  });

  it('records a failing statement in the history and carries on with the other jobs', async () => {
    await t.sqlOk('CREATE JOB shop.broken (SELECT * FROM files.missing_table)');
    await t.sqlOk('CREATE JOB shop.fine (SELECT 1 AS x) IF (SELECT 1 AS y)');
    await t.deps.jobScheduler.tick();
    const [broken] = await history('broken');
    expect(broken[0]).toMatch(/missing_table/);
    expect(await history('fine')).toEqual([[null, 'SELECT 1 AS y; SELECT 1 AS x']]);
    // Without EVERY a job runs once.
    clock = new Date(clock.getTime() + 5 * HOUR);
    await t.deps.jobScheduler.tick();
    expect(await history('fine')).toHaveLength(1);
    const log = await t.sqlOk(
      "SELECT name FROM log.jobs_history WHERE project = 'shop' AND error IS NOT NULL",
    );
    expect(log.data).toEqual([['broken']]);
  });

  it('runs the sandbox on job statements: a job cannot read the disk', async () => {
    const refused = await error("CREATE JOB shop.sneak (SELECT 1;\n SELECT * FROM read_text('/etc/passwd'))");
    expect(refused.error_message).toMatch(
      /Statement 2 of the job is refused \(line 1, column 15 of its SELECT\): Table function 'read_text' is not allowed/,
    );
    // A job saved before that check existed is held back when it runs.
    const project = (await t.deps.projects.get('shop')).id;
    const at = new Date(clock.getTime() - 1000);
    const job = { projectId: project, name: 'sneak', startAt: at, nextRunAt: at };
    await t.deps.jobs.store.insert({ ...job, statements: ["SELECT * FROM read_text('/etc/passwd')"] }, at);
    await t.deps.jobScheduler.tick();
    const [run] = await history('sneak');
    expect(run[0]).toMatch(/not allowed/);
  });

  it('claims each slot once: concurrent ticks and a second claim of the same slot run nothing twice', async () => {
    await t.sqlOk('CREATE JOB shop.once (SELECT 2 AS x) EVERY 1 day');
    await Promise.all([t.deps.jobScheduler.tick(), t.deps.jobScheduler.tick()]);
    expect(await history('once')).toHaveLength(1);
    const [job] = await t.deps.jobs.store.list();
    const stale = (await t.deps.jobs.store.list()).find((j) => j.name === 'once')!;
    // The slot the run above claimed: claiming it again (as a second server would) is refused.
    const claimedSlot = new Date(stale.nextRunAt!.getTime() - 24 * HOUR);
    expect(job).toBeDefined();
    expect(await t.deps.jobs.store.claim(stale, claimedSlot, undefined, clock)).toBeUndefined();
  });

  it('removes the jobs, their history and the views of a dropped project', async () => {
    await t.sqlOk('CREATE PROJECT gone');
    await t.sqlOk('CREATE JOB gone.j (SELECT 1 AS x)');
    await t.sqlOk('CREATE VIEW gone.v AS (SELECT 1 AS x)');
    await t.deps.jobScheduler.tick();
    expect(await t.deps.jobs.history('gone')).toHaveLength(1);
    await t.sqlOk('DROP PROJECT gone');
    await t.sqlOk('CREATE PROJECT gone');
    expect((await t.sqlOk('SHOW JOBS FROM gone')).data).toEqual([]);
    expect((await t.sqlOk('SHOW TABLES FROM gone')).data).toEqual([['models']]);
    expect(await t.deps.jobs.history('gone')).toEqual([]);
  });

  it('drops jobs', async () => {
    await t.sqlOk('DROP JOB shop.once');
    expect((await error('DROP JOB shop.once')).error_message).toMatch(/Job 'once' does not exist/);
    expect((await t.sqlOk('DROP JOB IF EXISTS shop.once')).affected_rows).toBe(0);
    expect((await t.sqlOk("SELECT name FROM shop.jobs WHERE name = 'once'")).data).toEqual([]);
  });
});

describe('the scheduler across restarts and on its own timer', () => {
  it('persists the next run: after a restart the slot already run is not run again', async () => {
    const clock = new Date('2030-06-01T00:00:00Z');
    const first = await startTestApp({ jobs: { now: () => clock, tickMs: HOUR } });
    const dir = first.dataDir;
    await first.sql('CREATE JOB mindsdb.daily (SELECT 1 AS x) EVERY day');
    await first.deps.jobScheduler.tick();
    await first.app.close();
    await first.deps.close();

    const second = await startTestApp({ jobs: { now: () => clock, tickMs: HOUR } }, dir);
    try {
      await second.deps.jobScheduler.tick();
      const runs = await second.sql("SELECT name FROM log.jobs_history WHERE name = 'daily'");
      expect(runs.data).toEqual([['daily']]);
      const [job] = await second.deps.jobs.list('mindsdb');
      expect(job.next_run_at).toBe('2030-06-02 00:00:00.000000');
    } finally {
      await second.close();
    }
  });

  it('runs due jobs on its own timer, and stops when the app closes', async () => {
    const t = await startTestApp({ jobs: { tickMs: 10 } });
    try {
      await t.sql('CREATE JOB mindsdb.soon (SELECT 1 AS x)');
      let runs: unknown[] = [];
      for (let i = 0; i < 500 && runs.length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        runs = await t.deps.jobs.history('mindsdb', 'soon');
      }
      expect(runs).toHaveLength(1);
    } finally {
      await t.close();
    }
    // Closed: a tick does nothing (the engines are gone, and nothing throws).
    await expect(t.deps.jobScheduler.tick()).resolves.toBeUndefined();
  });
});
