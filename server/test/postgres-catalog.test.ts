import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresCatalog } from '../engines/postgres-catalog';
import { JobStore } from '../store/jobs';
import { formatTimestamp } from '../util/time';
import { heartbeatOf } from '../store/run-liveness';
import { startTestApp, type TestApp } from './harness';
import { startPostgres, type RunningServer } from './sources/servers';
import { createStatement, pgAdmin } from './sources/setup';
import { sharedVectorScenarios } from './shared-vector-scenarios';

// The catalog on a real PostgreSQL server (KS_CATALOG_URL) and the vector tables in one folder
// (KS_VECTORS_DIR), shared by two servers with data folders of their own: what docs/scaling.md says a
// deployment of several servers runs on.
let server: RunningServer;
let url: string;
let vectorsDir: string;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  server = await startPostgres();
  url = `postgres://${server.user}:${encodeURIComponent(server.password)}@127.0.0.1:${server.port}/${server.database}`;
  vectorsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-shared-vectors-'));
  a = await startTestApp({ catalogUrl: url, vectorsDir, demo: false });
  b = await startTestApp({ catalogUrl: url, vectorsDir, demo: false });
}, 60_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await server?.stop();
  await fs.rm(vectorsDir, { recursive: true, force: true });
});

describe('vector tables in a folder both servers share', () => {
  sharedVectorScenarios(() => ({ a, b }));
});

describe('data sources on a catalog both servers share', () => {
  it('reads with what the other server altered, and stops reading one it dropped', async () => {
    const admin = await pgAdmin(server);
    await admin.query(`
      CREATE TABLE parcels (id int); INSERT INTO parcels VALUES (1), (2);
      CREATE SCHEMA archive; CREATE TABLE archive.parcels (id int); INSERT INTO archive.parcels VALUES (9);
    `);
    await admin.end();
    await a.sqlOk(createStatement('depot', 'postgres', server));
    const parcels = async (t: TestApp) =>
      (await t.sqlRows('SELECT id FROM depot.parcels ORDER BY id')).map((r) => r.id);
    expect(await parcels(b)).toEqual([1, 2]);

    await a.sqlOk(`ALTER DATABASE depot PARAMETERS = {"schema": "archive"}`);
    expect(await parcels(b)).toEqual([9]);

    await a.sqlOk('DROP DATABASE depot');
    expect(await b.sqlError('SELECT id FROM depot.parcels')).toMatch(/depot/);
  });
});

describe('the demo on a catalog several servers share', () => {
  it('is made once; a server started later loads only its articles, and a restart brings back nothing dropped', async () => {
    const logs: string[] = [];
    const options = { catalogUrl: url, vectorsDir, demo: true, log: (m: unknown) => logs.push(String(m)) };
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-demo-shared-'));
    const first = await startTestApp(options, dir);
    const second = await startTestApp(options);
    try {
      expect(logs.filter((line) => /demo/i.test(line))).toEqual([]);
      // The second server's agent reads the articles from that server's own files database.
      const answer = await second.sqlRows(
        "SELECT answer FROM mindsdb.help_agent WHERE question = 'How do I turn login on?'",
      );
      expect(String(answer[0].answer)).toMatch(/--username and --password/);

      await second.sqlOk('DROP AGENT mindsdb.help_agent');
      await first.close();
      const restarted = await startTestApp(options, dir);
      expect((await restarted.inject({ url: '/api/projects/mindsdb/agents' })).json()).toEqual([]);
      await restarted.close();
    } finally {
      await second.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('long runs on a catalog several servers share', () => {
  it("shows one server's running insert as running on the other, with its progress, until it is done", async () => {
    await a.sqlOk('CREATE PROJECT runs');
    await a.sqlOk('CREATE KNOWLEDGE_BASE runs.big');
    const rows = Array.from(
      { length: 40_000 },
      (_, i) => `d${i},Parcel ${i} leaves the depot at ${i % 24} hours`,
    );
    await a.putFile('parcels', 'parcels.csv', ['id,content', ...rows].join('\n'));
    // With batch_size the insert goes on in the background (MindsDB v26): answered before it runs.
    await a.sqlOk('INSERT INTO runs.big SELECT id, content FROM files.parcels USING batch_size = 500');
    const progress = async () =>
      (await b.inject({ url: '/api/projects/runs/knowledge_bases/big/progress' })).json();
    let seen: { state: string; rows_done: number } = { state: 'idle', rows_done: 0 };
    for (let i = 0; i < 100 && !(seen.state === 'running' && seen.rows_done > 0); i++) {
      await new Promise((r) => setTimeout(r, 100));
      seen = await progress();
    }
    expect(seen).toMatchObject({ state: 'running', rows_total: 40_000, error: null });
    expect(seen.rows_done).toBeGreaterThan(0);
    await expect.poll(async () => (await progress()).state, { timeout: 50_000 }).toBe('done');
    expect(await progress()).toMatchObject({ state: 'done', rows_done: 40_000, error: null });
  }, 60_000);

  it('stops, at a Stop pressed on the other server, an insert running on one', async () => {
    await a.sqlOk('CREATE KNOWLEDGE_BASE runs.stopped');
    const cancelOn = async (t: TestApp) =>
      (
        await t.inject({ method: 'POST', url: '/api/projects/runs/knowledge_bases/stopped/cancel_insert' })
      ).json();
    expect(await cancelOn(b)).toEqual({ cancelled: false });
    await a.sqlOk('INSERT INTO runs.stopped SELECT id, content FROM files.parcels USING batch_size = 200');
    const progressOn = async (t: TestApp) =>
      (await t.inject({ url: '/api/projects/runs/knowledge_bases/stopped/progress' })).json();
    for (let i = 0; i < 100 && (await progressOn(b)).state !== 'running'; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await cancelOn(b)).toEqual({ cancelled: true });
    await expect.poll(async () => (await progressOn(b)).state, { timeout: 30_000 }).toBe('failed');
    const stopped = await progressOn(b);
    expect(stopped).toMatchObject({ state: 'failed' });
    expect(stopped.error).toMatch(/was cancelled/);
    expect(stopped.rows_done).toBeLessThan(40_000);
  }, 60_000);

  it("leaves another server's live runs alone at start, and marks those whose server stopped beating", async () => {
    const catalog = a.deps.databases.catalog;
    const [project] = await catalog.all<{ id: number }>(`SELECT id FROM projects WHERE name = 'runs'`);
    const kbId = (await a.deps.knowledgeBases.get('runs', 'big')).id;
    const now = new Date();
    const ago = (ms: number) => formatTimestamp(new Date(now.getTime() - ms));
    // As a live server leaves them (beaten a second ago), and as a dead one does (last beat a minute ago).
    for (const [id, beat] of [
      [1001, ago(1_000)],
      [1002, ago(60_000)],
    ] as const) {
      await catalog.run(
        `INSERT INTO jobs_history (id, job_id, project_id, name, slot, run_start, heartbeat_at)
         VALUES (?, 1, ?, 'j', CAST(? AS TIMESTAMP), CAST(? AS TIMESTAMP), CAST(? AS TIMESTAMP))`,
        [id, project.id, ago(id), ago(120_000), beat], // each run a slot of its own
      );
      await catalog.run(
        `INSERT INTO kb_evaluations (id, kb_id, kb_name, created_at, state, version, test_table, settings, heartbeat_at)
         VALUES (?, ?, 'big', ?, 'running', 'doc_id', 't', '{}', ?)`,
        [`eval-${id}`, kbId, ago(120_000), beat],
      );
    }
    await catalog.run(
      `UPDATE kb_inserts SET finished_at = NULL, error = NULL, heartbeat_at = CAST(? AS TIMESTAMP) WHERE kb_id = ?`,
      [ago(1_000), kbId],
    );

    const third = await startTestApp({ catalogUrl: url, vectorsDir, demo: false });
    try {
      const jobs = await catalog.all<{ id: number; run_end: unknown; error: string | null }>(
        `SELECT id, run_end, error FROM jobs_history WHERE id IN (1001, 1002) ORDER BY id`,
      );
      expect(jobs.map((j) => [j.id, j.run_end === null, j.error])).toEqual([
        [1001, true, null],
        [1002, false, 'The server stopped during this run'],
      ]);
      const evaluations = await catalog.all<{ id: string; state: string }>(
        `SELECT id, state FROM kb_evaluations WHERE id IN ('eval-1001', 'eval-1002') ORDER BY id`,
      );
      expect(evaluations.map((e) => e.state)).toEqual(['running', 'failed']);
      const progress = await third.inject({ url: '/api/projects/runs/knowledge_bases/big/progress' });
      expect(progress.json()).toMatchObject({ state: 'running', error: null });
    } finally {
      await third.close();
    }
  });

  it('marks, while it runs, the runs of a server that died after it started', async () => {
    const catalog = a.deps.databases.catalog;
    const [project] = await catalog.all<{ id: number }>(`SELECT id FROM projects WHERE name = 'runs'`);
    const minuteAgo = formatTimestamp(new Date(Date.now() - 60_000));
    await catalog.run(
      `INSERT INTO jobs_history (id, job_id, project_id, name, slot, run_start, heartbeat_at)
       VALUES (1003, 1, ?, 'j', CAST(? AS TIMESTAMP), CAST(? AS TIMESTAMP), CAST(? AS TIMESTAMP))`,
      [project.id, minuteAgo, minuteAgo, minuteAgo],
    );
    // Every fifth beat looks for such runs: five beats of a running server find it, with no restart.
    for (let i = 0; i < 5; i++) await heartbeatOf(b.deps.databases.catalog).beatOnce();
    const [run] = await catalog.all<{ error: string | null }>(
      `SELECT error FROM jobs_history WHERE id = 1003`,
    );
    expect(run.error).toBe('The server stopped during this run');
  });
});

describe('a catalog on PostgreSQL', () => {
  it('keeps every kind of object one server creates where the other server sees it', async () => {
    await a.sqlOk('CREATE PROJECT shared');
    await a.sqlOk(`CREATE KNOWLEDGE_BASE shared.notes USING metadata_columns = ['author']`);
    await a.sqlOk(`CREATE AGENT shared.helper USING data = {"knowledge_bases": ["shared.notes"]}`);
    await a.sqlOk('CREATE VIEW shared.v AS (SELECT 1 AS x)');
    await a.sqlOk(`CREATE JOB shared.nightly (SELECT 1) START '2031-01-01' EVERY day`);

    const names = async (t: TestApp, query: string) =>
      (await t.sqlRows(query)).map((r) => String(r.name ?? r.NAME ?? Object.values(r)[0]));
    expect(await names(b, 'SHOW DATABASES')).toContain('shared');
    expect(await names(b, 'SHOW KNOWLEDGE_BASES FROM shared')).toContain('notes');
    expect(await names(b, 'SHOW AGENTS FROM shared')).toContain('helper');
    expect(await b.sqlRows('SELECT x FROM shared.v')).toEqual([{ x: 1 }]);
    expect(await names(b, 'SHOW JOBS FROM shared')).toContain('nightly');

    const agent = await b.inject({ method: 'GET', url: '/api/projects/shared/agents/helper' });
    expect(agent.statusCode).toBe(200);
    expect(agent.json().data.knowledge_bases).toEqual(['shared.notes']);
  });

  it('applies a change made on one server to what the other reads, and a drop to both', async () => {
    await b.sqlOk(`ALTER AGENT shared.helper USING prompt_template = 'Answer in one line.'`);
    const seen = await a.inject({ method: 'GET', url: '/api/projects/shared/agents/helper' });
    expect(seen.json().prompt_template).toBe('Answer in one line.');
    // The updated_at rule (always later than before) runs in PostgreSQL too.
    expect(seen.json().updated_at > seen.json().created_at).toBe(true);

    await b.sqlOk('DROP VIEW shared.v');
    expect(await a.sqlError('SELECT * FROM shared.v')).toMatch(/v/);
  });

  it('lets only one of two servers claim the same run of a job', async () => {
    const one = new JobStore(a.deps.databases.catalog);
    const other = new JobStore(b.deps.databases.catalog);
    const [job] = (await one.list((await a.deps.projects.get('shared')).id)).filter(
      (j) => j.name === 'nightly',
    );
    const slot = new Date('2031-01-01T00:00:00Z');
    const next = new Date('2031-01-02T00:00:00Z');
    const claims = await Promise.all([
      one.claim(job, slot, next, new Date()),
      other.claim(job, slot, next, new Date()),
    ]);
    expect(claims.filter((c) => c !== undefined)).toHaveLength(1);
  });

  it('refuses a server it cannot reach with an error that does not hold the password', async () => {
    const wrong = url.replace(encodeURIComponent(server.password), 'not-the-password-123');
    const err = await PostgresCatalog.open(wrong).then(
      () => null,
      (e: Error) => e,
    );
    expect(err?.message).toMatch(/Could not open the catalog database: .*password authentication failed/);
    expect(err?.message).not.toContain('not-the-password-123');
  });
  it('gives a new agent on one server the default model set on the other, at once', async () => {
    const llm = { provider: 'ollama', model_name: 'shared-default', base_url: 'http://127.0.0.1:11434' };
    const put = await a.inject({ method: 'PUT', url: '/api/config', payload: { default_llm: llm } });
    expect(put.statusCode, put.body).toBe(200);
    expect((await b.inject({ url: '/api/config' })).json().default_llm).toEqual(llm);
    const made = await b.inject({
      method: 'POST',
      url: '/api/projects/mindsdb/agents',
      payload: { agent: { name: 'shared_default_agent' } },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().model).toEqual(llm);
    await a.inject({ method: 'PUT', url: '/api/config', payload: { default_llm: null } });
    expect((await b.inject({ url: '/api/config' })).json().default_llm).toEqual({ provider: 'local' });
  });
  it('keeps login settings and tokens where both servers read them: a token from one opens the other', async () => {
    await a.deps.auth.update({ http_auth_enabled: true, username: 'admin', password: 'pw-for-both' });
    const token = await a.deps.auth.login('admin', 'pw-for-both');
    expect(token).toBeTruthy();
    await b.deps.auth.load();
    expect(b.deps.auth.enabled).toBe(true);
    const withToken = await b.inject({
      method: 'GET',
      url: '/api/projects',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(withToken.statusCode).toBe(200);
    expect((await b.inject({ method: 'GET', url: '/api/projects' })).statusCode).toBe(401);
    await a.deps.auth.logout(token!);
    const afterLogout = await b.inject({
      method: 'GET',
      url: '/api/projects',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(afterLogout.statusCode).toBe(401);
  });
});
