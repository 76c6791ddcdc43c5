import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONNECT_TIMEOUT_MS } from '../../engines/sources/types';
import { startTestApp, type TestApp } from '../harness';
import { startMariadb, APP_PASSWORD, type RunningServer } from './servers';
import { closeSourceTest, createStatement, paramsOf, startLoggedApp } from './setup';

// /api/databases as MindsDB serves it, against a real MariaDB.
let server: RunningServer;
let t: TestApp;

beforeAll(async () => {
  server = await startMariadb();
  ({ t } = await startLoggedApp());
}, 60_000);

afterAll(() => closeSourceTest(t, undefined, server));

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.inject({ method, url, payload: payload as object });

it('creates, lists, gets, updates and deletes a database, its password always masked', async () => {
  const created = await req('POST', '/api/databases/', {
    database: { name: 'crm', engine: 'mysql', parameters: paramsOf(server) },
  });
  expect(created.statusCode).toBe(201);
  expect(created.json()).toMatchObject({
    name: 'crm',
    type: 'data',
    engine: 'mysql',
    connection_data: { host: '127.0.0.1', user: 'app', password: '******' },
  });
  const list = await req('GET', '/api/databases/');
  expect(list.json()).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ name: 'mindsdb', type: 'project' }),
      expect.objectContaining({ name: 'files', type: 'data' }),
      expect.objectContaining({ name: 'crm', type: 'data', engine: 'mysql' }),
    ]),
  );
  expect((await req('GET', '/api/databases/crm')).json().connection_data.password).toBe('******');
  // Sending the mask back keeps the stored password: the connection still works.
  const put = await req('PUT', '/api/databases/crm', {
    database: { parameters: { password: '******', database: 'information_schema' } },
  });
  expect(put.statusCode).toBe(200);
  expect(put.json().connection_data).toMatchObject({ database: 'information_schema', password: '******' });
  expect(JSON.stringify([created.json(), list.json(), put.json()])).not.toContain(APP_PASSWORD);
  expect((await req('DELETE', '/api/databases/crm')).statusCode).toBe(204);
  expect((await req('GET', '/api/databases/crm')).statusCode).toBe(404);
  expect((await req('DELETE', '/api/databases/crm')).statusCode).toBe(404);
});

it('answers 4xx with a problem body for bad input, taken names and failed connections', async () => {
  expect((await req('POST', '/api/databases/', {})).statusCode).toBe(400);
  const noEngine = await req('POST', '/api/databases/', { database: { name: 'x' } });
  expect(noEngine.statusCode).toBe(400);
  expect(noEngine.json().detail).toMatch(/database\.engine/);
  const taken = await req('POST', '/api/databases/', {
    database: { name: 'mindsdb', engine: 'mysql', parameters: paramsOf(server) },
  });
  expect(taken.statusCode).toBe(409);
  const wrong = await req('POST', '/api/databases/', {
    database: { name: 'y', engine: 'mysql', parameters: paramsOf(server, { password: 'bad-password-1' }) },
  });
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json().detail).toMatch(/wrong user name or password/i);
  expect(wrong.body).not.toContain('bad-password-1');
  const checked = await req('POST', '/api/databases/', {
    database: { name: 'y', engine: 'mysql', parameters: paramsOf(server, { port: 1 }) },
    check_connection: true,
  });
  expect(checked.statusCode).toBe(200);
  expect(checked.json()).toMatchObject({
    status: 'connection_error',
    detail: expect.stringMatching(/refused/),
  });
  const badName = await req('POST', '/api/databases/', {
    database: { name: 'Bad Name!', engine: 'mysql', parameters: paramsOf(server) },
  });
  expect(badName.statusCode).toBe(400);
  expect((await req('GET', '/api/databases/y')).statusCode).toBe(404);
});

it('lists, gets, creates from a query and deletes tables of a source', async () => {
  await req('PUT', '/api/databases/shop', { database: { engine: 'mariadb', parameters: paramsOf(server) } });
  const created = await req('POST', '/api/databases/shop/tables', {
    table: { name: 'nums', select: 'SELECT 1 AS n UNION ALL SELECT 2' },
  });
  expect(created.statusCode).toBe(201);
  expect(created.json()).toEqual({ name: 'nums', type: 'data', schema: 'shop' });
  const copy = await req('POST', '/api/databases/shop/tables', {
    table: { name: 'nums_copy', select: 'SELECT n * 10 AS n FROM shop.nums' },
  });
  expect(copy.statusCode).toBe(201);
  expect((await t.sql('SELECT n FROM shop.nums_copy ORDER BY n')).data).toEqual([[10], [20]]);
  const again = await req('POST', '/api/databases/shop/tables', {
    table: { name: 'nums', select: 'SELECT 3 AS n' },
  });
  expect(again.statusCode).toBe(409);
  expect((await req('GET', '/api/databases/shop/tables')).json()).toEqual([
    { name: 'nums', type: 'data', schema: 'shop' },
    { name: 'nums_copy', type: 'data', schema: 'shop' },
  ]);
  expect((await req('GET', '/api/databases/shop/tables/nums')).json()).toMatchObject({ name: 'nums' });
  expect((await req('GET', '/api/databases/shop/tables/none')).statusCode).toBe(404);
  expect((await req('DELETE', '/api/databases/shop/tables/nums')).statusCode).toBe(204);
  expect((await req('DELETE', '/api/databases/shop/tables/nums')).statusCode).toBe(404);
  expect((await req('GET', '/api/databases/mindsdb/tables')).json()).toContainEqual({
    name: 'models',
    type: 'data',
  });
  expect((await req('GET', '/api/databases/nowhere/tables')).statusCode).toBe(404);
});

it('tests a connection without saving it', async () => {
  const good = await req('POST', '/api/databases/check_connection', {
    engine: 'mysql',
    parameters: paramsOf(server),
  });
  expect(good.json()).toEqual({ success: true, error_message: null });
  const bad = await req('POST', '/api/databases/check_connection', {
    engine: 'mysql',
    parameters: paramsOf(server, { password: 'nope-nope' }),
  });
  expect(bad.json()).toEqual({
    success: false,
    error_message: expect.stringMatching(/wrong user name or password/i),
  });
  expect(bad.body).not.toContain('nope-nope');
  expect((await req('POST', '/api/databases/check_connection', { parameters: {} })).statusCode).toBe(400);
  expect((await req('GET', '/api/databases/')).json()).not.toContainEqual(
    expect.objectContaining({ name: 'check_connection' }),
  );
});

it('gives up connecting at the connect limit (10 s unless set) to a server that never answers, naming it', async () => {
  expect(CONNECT_TIMEOUT_MS).toBe(10_000);
  // Accepts connections and says nothing, as a firewalled or hung database does.
  const silent = net.createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const port = (silent.address() as net.AddressInfo).port;
  // The same limit, shortened so that the test does not wait ten seconds for it.
  const quick = await startTestApp({ sourceConnectTimeoutMs: 300 });
  try {
    const [pgResult, mysqlResult] = await Promise.all([
      quick.sql(createStatement('slow_pg', 'postgres', server, { port })),
      quick.sql(createStatement('slow_my', 'mysql', server, { port })),
    ]);
    for (const r of [pgResult, mysqlResult]) {
      expect(r.type).toBe('error');
      expect(r.error_message).toMatch(
        new RegExp(`Connecting to 127\\.0\\.0\\.1:${port} timed out after 0\\.3 s`),
      );
    }
    expect((await quick.sql('SHOW DATABASES')).data).not.toContainEqual(['slow_pg']);
  } finally {
    await quick.close();
    silent.close();
  }
});
