import mysql from 'mysql2/promise';
import pg from 'pg';
import { expect } from 'vitest';
import { startTestApp, type TestApp } from '../harness';
import type { RunningServer } from './servers';

/** PARAMETERS for a test server, as a user would write them (its owner's login, as the drivers take it). */
export function paramsOf(server: RunningServer, overrides: Record<string, unknown> = {}) {
  return {
    host: '127.0.0.1',
    port: server.port,
    database: server.database,
    user: server.user,
    password: server.password,
    ...overrides,
  };
}

export function createStatement(
  name: string,
  engine: string,
  server: RunningServer,
  overrides: Record<string, unknown> = {},
) {
  return `CREATE DATABASE ${name} WITH ENGINE = '${engine}', PARAMETERS = ${JSON.stringify(paramsOf(server, overrides))}`;
}

/** The app with every log line kept, so that tests can check no secret reached a log. */
export async function startLoggedApp(
  options: Parameters<typeof startTestApp>[0] = {},
): Promise<{ t: TestApp; logs: string[] }> {
  const logs: string[] = [];
  const t = await startTestApp({
    ...options,
    log: (err) => logs.push(String((err as Error)?.stack ?? err)),
    agentLog: (line) => logs.push(line),
  });
  return { t, logs };
}

/** A direct connection to the test PostgreSQL as its owner: to prepare tables and watch the server. */
export async function pgAdmin(server: RunningServer): Promise<pg.Client> {
  const client = new pg.Client(paramsOf(server));
  await client.connect();
  return client;
}

/** A direct connection to the test MariaDB as its owner, several statements a query allowed. */
export function mariadbAdmin(server: RunningServer): Promise<mysql.Connection> {
  return mysql.createConnection({ ...paramsOf(server), multipleStatements: true });
}

/**
 * Closes what a source test opened, the app first (which closes its source connections), then the
 * admin connection and the servers. Each may be missing if the file's setup failed before it.
 */
export async function closeSourceTest(
  t: TestApp | undefined,
  admin: { end(): Promise<void> } | undefined,
  ...servers: (RunningServer | undefined)[]
): Promise<void> {
  await t?.close();
  await admin?.end();
  await Promise.all(servers.map((server) => server?.stop()));
}

/**
 * Runs `query` as a statement the user stops once the source runs it (`runningOnSource` counts its runs there):
 * the answer says it was stopped, and the source ends it too.
 */
export async function expectStoppedOnSource(
  t: TestApp,
  query: string,
  runningOnSource: () => Promise<number>,
): Promise<void> {
  const stop = new AbortController();
  const running = t.deps.sql.execute(query, { db: 'mindsdb', show_secrets: false }, { signal: stop.signal });
  await expect.poll(runningOnSource, { timeout: 15_000 }).toBe(1);
  stop.abort();
  expect(await running).toMatchObject({ type: 'error', error_message: 'The query was stopped' });
  await expect.poll(runningOnSource, { timeout: 15_000 }).toBe(0);
}
