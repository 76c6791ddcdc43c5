import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../harness';
import { startMariadb, APP_PASSWORD, type RunningServer } from './servers';
import { closeSourceTest, paramsOf, startLoggedApp } from './setup';

// "Test connection" on a saved source's page: the form never holds the password, so the server merges the
// edit over the saved parameters before trying them, and saves nothing. Against a real MariaDB.
let server: RunningServer;
let t: TestApp;

beforeAll(async () => {
  server = await startMariadb();
  ({ t } = await startLoggedApp());
}, 60_000);

afterAll(() => closeSourceTest(t, undefined, server));

const check = (payload: unknown) =>
  t.inject({ method: 'POST', url: '/api/databases/check_connection', payload: payload as object });

it('tries a saved source with changes merged over its parameters, keeping its password, saving nothing', async () => {
  const created = await t.inject({
    method: 'POST',
    url: '/api/databases/',
    payload: { database: { name: 'crm', engine: 'mysql', parameters: paramsOf(server) } },
  });
  expect(created.statusCode).toBe(201);

  // No password given, or the mask sent back: the saved one is used.
  expect((await check({ name: 'crm', parameters: { database: 'information_schema' } })).json()).toEqual({
    success: true,
    error_message: null,
  });
  expect((await check({ name: 'crm', parameters: { password: '******' } })).json().success).toBe(true);

  // A change that breaks it is reported, and the saved source is left as it was.
  const wrongPort = await check({ name: 'crm', parameters: { port: 1 } });
  expect(wrongPort.json().success).toBe(false);
  const wrongPassword = await check({ name: 'crm', parameters: { password: 'not-it-at-all' } });
  expect(wrongPassword.json()).toEqual({
    success: false,
    error_message: expect.stringMatching(/wrong user name or password/i),
  });
  expect(wrongPassword.body).not.toContain('not-it-at-all');
  const saved = (await t.inject({ url: '/api/databases/crm' })).json();
  expect(saved.connection_data).toMatchObject({ port: server.port, database: paramsOf(server).database });
  expect(JSON.stringify(saved)).not.toContain(APP_PASSWORD);

  // MindsDB's `GET ?check_connection=true` tries the saved parameters as they are.
  const status = await t.inject({ url: '/api/databases/crm?check_connection=true' });
  expect(status.json().connection_status).toEqual({ success: true, error_message: null });
  expect((await t.inject({ url: '/api/databases/crm' })).json().connection_status).toBeUndefined();
  await server.stop();
  const down = (await t.inject({ url: '/api/databases/crm?check_connection=1' })).json();
  expect(down.connection_status.success).toBe(false);
  expect(down.connection_status.error_message).toMatch(/\S/);

  // A name that is not a saved source is a 404; neither a name nor an engine is a 400 naming the engine.
  expect((await check({ name: 'nowhere', parameters: {} })).statusCode).toBe(404);
  const neither = await check({ parameters: {} });
  expect(neither.statusCode).toBe(400);
  expect(neither.json().field).toBe('engine');
});
