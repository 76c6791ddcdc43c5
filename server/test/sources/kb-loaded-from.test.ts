import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../harness';
import { startPostgres, type RunningServer } from './servers';
import { closeSourceTest, createStatement, pgAdmin, startLoggedApp } from './setup';

// A knowledge base loaded with INSERT INTO kb SELECT from a real PostgreSQL remembers the source (ours:
// `loaded_from`), so that dropping the source can name it; dropping the KB, its project or the source forgets it.
// Both catalogs: the data folder's DuckDB file, and a PostgreSQL server (KS_CATALOG_URL), here the same
// server the source reads.
let postgres: RunningServer;
let admin: pg.Client;
let local: TestApp;
let onPostgres: TestApp;
let t: TestApp;

beforeAll(async () => {
  postgres = await startPostgres();
  admin = await pgAdmin(postgres);
  await admin.query(
    `CREATE TABLE notes AS SELECT g AS id, 'note ' || g AS body FROM generate_series(1, 5) g`,
  );
  const url = `postgres://${postgres.user}:${encodeURIComponent(postgres.password)}@127.0.0.1:${postgres.port}/${postgres.database}`;
  ({ t: local } = await startLoggedApp());
  ({ t: onPostgres } = await startLoggedApp({ catalogUrl: url, demo: false }));
  for (const app of [local, onPostgres]) {
    for (const name of ['pgsrc', 'othersrc']) {
      expect(await app.sql(createStatement(name, 'postgres', postgres))).toMatchObject({ type: 'ok' });
    }
  }
}, 120_000);

afterAll(async () => {
  await onPostgres?.close();
  await closeSourceTest(local, admin, postgres);
});

const ok = async (sql: string) => expect(await t.sql(sql)).toMatchObject({ type: 'ok' });
const createKb = (name: string) =>
  ok(`CREATE KNOWLEDGE_BASE ${name} USING content_columns = ['body'], id_column = 'id'`);

const kbAnswer = async (project: string, kb: string) =>
  (await t.inject({ method: 'GET', url: `/api/projects/${project}/knowledge_bases/${kb}` })).json() as {
    id: number;
    loaded_from: string[];
  };

const listed = async (project: string) =>
  (
    (await t.inject({ method: 'GET', url: `/api/projects/${project}/knowledge_bases` })).json() as {
      name: string;
      loaded_from: string[];
    }[]
  ).map((kb) => [kb.name, kb.loaded_from]);

const catalogRowsOf = async (kbId: number) =>
  (
    await t.deps.databases.catalog.select<{ source: string }>(
      `SELECT source FROM kb_sources WHERE kb_id = ?`,
      [kbId],
    )
  ).map((r) => r.source);

describe.each([
  ['the DuckDB catalog', () => local],
  ['a PostgreSQL catalog', () => onPostgres],
])('loaded_from on %s: the data sources a KB was loaded from', (_, app) => {
  beforeAll(() => {
    t = app();
  });

  it('is noted by INSERT ... SELECT from a source, a native query to one, and forgotten with the KB', async () => {
    await createKb('from_pg');
    await createKb('by_hand');
    expect(await kbAnswer('mindsdb', 'from_pg')).toMatchObject({ loaded_from: [] });
    await ok('INSERT INTO from_pg SELECT id, body FROM pgsrc.notes');
    await ok('INSERT INTO from_pg SELECT * FROM othersrc (SELECT id, body FROM notes WHERE id < 3)');
    await ok(`INSERT INTO by_hand (id, body) VALUES (1, 'typed')`);
    expect(await kbAnswer('mindsdb', 'from_pg')).toMatchObject({ loaded_from: ['othersrc', 'pgsrc'] });
    expect(await listed('mindsdb')).toEqual([
      ['from_pg', ['othersrc', 'pgsrc']],
      ['by_hand', []],
    ]);

    const { id } = await kbAnswer('mindsdb', 'from_pg');
    await ok('DROP KNOWLEDGE_BASE from_pg');
    expect(await catalogRowsOf(id)).toEqual([]);
    await createKb('from_pg');
    expect(await kbAnswer('mindsdb', 'from_pg')).toMatchObject({ loaded_from: [] });
    await ok('DROP KNOWLEDGE_BASE from_pg');
    await ok('DROP KNOWLEDGE_BASE by_hand');
  });

  it('keeps the sources through a rename of the project and forgets them when the project is dropped', async () => {
    await ok('CREATE PROJECT shelf');
    await ok(`CREATE KNOWLEDGE_BASE shelf.kb USING content_columns = ['body'], id_column = 'id'`);
    await ok('INSERT INTO shelf.kb SELECT id, body FROM pgsrc.notes');
    const { id } = await kbAnswer('shelf', 'kb');
    await ok("ALTER DATABASE shelf NAME = 'shelf2'");
    expect(await kbAnswer('shelf2', 'kb')).toMatchObject({ id, loaded_from: ['pgsrc'] });
    await ok('DROP PROJECT shelf2');
    expect(await catalogRowsOf(id)).toEqual([]);
  });

  it('is in the answer of a create or an alter that carries a query reading a source', async () => {
    const created = await t.inject({
      method: 'POST',
      url: '/api/projects/mindsdb/knowledge_bases',
      payload: {
        knowledge_base: {
          name: 'carried',
          params: { content_columns: ['body'], id_column: 'id' },
          query: 'SELECT id, body FROM pgsrc.notes',
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'carried', loaded_from: ['pgsrc'] });
    const altered = await t.inject({
      method: 'PUT',
      url: '/api/projects/mindsdb/knowledge_bases/carried',
      payload: { knowledge_base: { query: 'SELECT id, body FROM othersrc.notes' } },
    });
    expect(altered.statusCode, altered.body).toBe(200);
    expect(altered.json()).toMatchObject({ name: 'carried', loaded_from: ['othersrc', 'pgsrc'] });
    await ok('DROP KNOWLEDGE_BASE carried');
  });

  it('is forgotten for a source that is dropped', async () => {
    await createKb('kept');
    // Two sources joined: the statement's table references name both.
    await ok('INSERT INTO kept SELECT a.id, b.body FROM pgsrc.notes a JOIN othersrc.notes b ON a.id = b.id');
    expect(await kbAnswer('mindsdb', 'kept')).toMatchObject({ loaded_from: ['othersrc', 'pgsrc'] });
    await ok('DROP DATABASE othersrc');
    expect(await kbAnswer('mindsdb', 'kept')).toMatchObject({ loaded_from: ['pgsrc'] });
  });
});
