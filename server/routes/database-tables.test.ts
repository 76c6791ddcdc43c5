import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { expectProblem } from '../test/problem';
import { useTestApp } from '../test/use-test-app';

// `/api/databases` as MindsDB's own tests expect it: system databases listed, tables of every database.
const t = useTestApp({}, async (app) => {
  await app.upload('people', 'people.csv', 'id,name\n1,ann\n');
  await app.sqlOk('CREATE VIEW mindsdb.adults AS (SELECT name FROM files.people)');
  await app.sqlOk('CREATE KNOWLEDGE_BASE mindsdb.notes');
});

/** A port on this machine where nothing listens: a connection to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('the list of databases', () => {
  it('starts with the system databases, then the projects and data sources', async () => {
    const list = (await t.inject({ url: '/api/databases/' })).json();
    expect(list.slice(0, 4)).toEqual([
      { name: 'information_schema', type: 'system', id: null, engine: null },
      { name: 'log', type: 'system', id: null, engine: null },
      expect.objectContaining({ name: 'mindsdb', type: 'project', engine: null }),
      { name: 'files', type: 'data', id: null, engine: 'files' },
    ]);
  });

  it('refuses to delete a system database or files in MindsDB words, and 404s an unknown one', async () => {
    for (const db of ['information_schema', 'log', 'files']) {
      const res = await t.inject({ method: 'DELETE', url: `/api/databases/${db}` });
      expectProblem(res, 400, { title: 'Error' });
      expect(res.json().detail).toMatch(
        new RegExp(`^Cannot delete database ${db}\\. This is most likely a system`),
      );
    }
    expectProblem(await t.inject({ method: 'DELETE', url: '/api/databases/batadase' }), 404, {
      title: 'Database not found',
      detail: 'Database with name batadase does not exist.',
    });
    expect((await t.inject({ url: '/api/databases/' })).json()[0].name).toBe('information_schema');
  });
});

describe('tables of every database', () => {
  it("lists a project's models table and objects by MindsDB's kinds", async () => {
    const res = await t.inject({ url: '/api/databases/mindsdb/tables' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      expect.arrayContaining([
        { name: 'models', type: 'data' },
        { name: 'adults', type: 'view' },
        { name: 'notes', type: 'knowledge base' },
      ]),
    );
    expect((await t.inject({ url: '/api/databases/MindsDB/tables/models' })).json()).toEqual({
      name: 'models',
      type: 'data',
    });
    expect((await t.inject({ url: '/api/databases/mindsdb/tables/adults' })).json()).toEqual({
      name: 'adults',
      type: 'view',
    });
    expectProblem(await t.inject({ url: '/api/databases/mindsdb/tables/bloop' }), 404, {
      title: 'Table not found',
      detail: 'Table with name bloop not found',
    });
  });

  it('lists uploaded files and system views, and 404s an unknown database', async () => {
    expect((await t.inject({ url: '/api/databases/files/tables' })).json()).toEqual([
      { name: 'people', type: 'data' },
    ]);
    expect((await t.inject({ url: '/api/databases/files/tables/people' })).json()).toEqual({
      name: 'people',
      type: 'data',
    });
    const system = (await t.inject({ url: '/api/databases/information_schema/tables' })).json();
    expect(system).toContainEqual({ name: 'TABLES', type: 'system view' });
    expect((await t.inject({ url: '/api/databases/log/tables' })).json()).toEqual([]);
    expectProblem(await t.inject({ url: '/api/databases/nowhere/tables' }), 404, {
      title: 'Database not found',
    });
  });

  it("refuses to create or drop a project's table over this route, as MindsDB words it", async () => {
    const create = await t.inject({
      method: 'POST',
      url: '/api/databases/mindsdb/tables',
      payload: { table: { name: 't1', select: 'SELECT 1' } },
    });
    expectProblem(create, 400, { title: 'Error' });
    expect(create.json().detail).toMatch(
      /^Database mindsdb is a project\. If you want to create a model or view/,
    );
    const drop = await t.inject({ method: 'DELETE', url: '/api/databases/mindsdb/tables/models' });
    expectProblem(drop, 400, { title: 'Error' });
    expect(drop.json().detail).toMatch(/If you want to delete a model or view/);
  });
});

describe('a database whose connection fails', () => {
  it('is a 400 titled Connection error, on PUT and POST, and nothing is saved', async () => {
    const parameters = {
      host: '127.0.0.1',
      port: await closedPort(),
      user: 'u',
      password: 'pw-1',
      database: 'd',
    };
    const put = await t.inject({
      method: 'PUT',
      url: '/api/databases/unreachable',
      payload: { database: { engine: 'postgres', parameters }, check_connection: true },
    });
    expectProblem(put, 400, { title: 'Connection error' });
    expect(put.body).not.toContain('pw-1');
    const post = await t.inject({
      method: 'POST',
      url: '/api/databases/',
      payload: { database: { name: 'unreachable', engine: 'postgres', parameters } },
    });
    expectProblem(post, 400, { title: 'Connection error' });
    expect((await t.inject({ url: '/api/databases/unreachable' })).statusCode).toBe(404);
  });
});
