import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as sdkModule from 'mindsdb-js-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './server-process';
import { startPostgres, type RunningServer } from './sources/servers';
import { paramsOf, pgAdmin } from './sources/setup';

/**
 * MindsDB's own JavaScript SDK, unchanged, against the real server in its own process: what it sends and what
 * it reads back must be what MindsDB would send and answer.
 */
type Sdk = typeof sdkModule.default;
const MindsDB: Sdk =
  (sdkModule as unknown as { default: Sdk & { default?: Sdk } }).default.default ?? sdkModule.default;

let server: ServerProcess;
let dataDir: string;
let postgres: RunningServer;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ks-sdk-'));
  server = await startServerProcess({ dataDir });
  // A local address: the SDK sends no login.
  await MindsDB.connect({ host: server.url, user: '', password: '' });
  const form = new FormData();
  form.append('file', new Blob(['id,city\n1,Lisbon\n2,Porto\n3,Faro\n']), 'cities.csv');
  expect((await server.request('/api/files/cities', { method: 'PUT', body: form })).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await postgres?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('the MindsDB JS SDK', () => {
  it('Projects: lists the projects', async () => {
    await MindsDB.SQL.runQuery('CREATE PROJECT sdk_project');
    const projects = await MindsDB.Projects.getAllProjects();
    expect(projects.map((p) => p.name)).toEqual(['mindsdb', 'sdk_project']);
  });

  it('SQL: runs queries and reads rows, errors and the context', async () => {
    const result = await MindsDB.SQL.runQuery('SELECT city FROM files.cities WHERE id > 1 ORDER BY id');
    expect(result.type).toBe('table');
    expect(result.columnNames).toEqual(['city']);
    expect(result.rows).toEqual([{ city: 'Porto' }, { city: 'Faro' }]);
    expect(result.context).toMatchObject({ db: 'mindsdb' });
    const failed = await MindsDB.SQL.runQuery('SELECT * FROM files.nowhere');
    expect(failed.type).toBe('error');
    expect(failed.error_message).toContain('nowhere');
  });

  it('Tables: creates, replaces and deletes a table of files', async () => {
    const table = await MindsDB.Tables.createTable(
      'south',
      'files',
      "SELECT * FROM files.cities WHERE city = 'Faro'",
    );
    expect([table.name, table.integration]).toEqual(['south', 'files']);
    expect((await MindsDB.SQL.runQuery('SELECT city FROM files.south')).rows).toEqual([{ city: 'Faro' }]);
    await expect(MindsDB.Tables.createTable('south', 'files', 'SELECT 1 AS x')).rejects.toThrow(
      /already exists/,
    );
    await MindsDB.Tables.createOrReplaceTable('south', 'files', 'SELECT id FROM files.cities');
    expect((await MindsDB.SQL.runQuery('SELECT count(*) AS n FROM files.south')).rows).toEqual([{ n: 3 }]);
    await table.delete();
    expect((await MindsDB.SQL.runQuery('SELECT * FROM files.south')).type).toBe('error');
    await expect(MindsDB.Tables.deleteTable('south', 'files')).rejects.toThrow(/does not exist/);
  });

  it('Databases: lists the projects and data sources with their type and engine', async () => {
    const databases = await MindsDB.Databases.getAllDatabases();
    expect(databases.map((d) => [d.name, d.type])).toEqual(
      expect.arrayContaining([
        ['mindsdb', 'project'],
        ['files', 'data'],
      ]),
    );
    const files = await MindsDB.Databases.getDatabase('files');
    expect(files).toMatchObject({ name: 'files', type: 'data', engine: 'files' });
    expect(await MindsDB.Databases.getDatabase('nowhere')).toBeUndefined();
  });

  it('Databases: connects a PostgreSQL database, reads it, and deletes it', async () => {
    postgres = await startPostgres();
    const admin = await pgAdmin(postgres);
    await admin.query("CREATE TABLE towns (id int, name text); INSERT INTO towns VALUES (1, 'Braga')");
    await admin.end();
    const db = await MindsDB.Databases.createDatabase('sdk_pg', 'postgres', paramsOf(postgres));
    expect([db.name, db.type, db.engine]).toEqual(['sdk_pg', 'data', 'postgres']);
    expect(await MindsDB.Databases.getDatabase('sdk_pg')).toMatchObject({ type: 'data', engine: 'postgres' });
    expect((await MindsDB.SQL.runQuery('SELECT name FROM sdk_pg.towns')).rows).toEqual([{ name: 'Braga' }]);
    await db.delete();
    expect(await MindsDB.Databases.getDatabase('sdk_pg')).toBeUndefined();
    // Without an engine the SDK makes a project, as MindsDB does.
    const project = await MindsDB.Databases.createDatabase('sdk_made_project');
    expect(project.type).toBe('project');
    expect((await MindsDB.Projects.getAllProjects()).map((p) => p.name)).toContain('sdk_made_project');
  }, 60_000);

  it('Views: creates, lists and deletes a view of a project', async () => {
    const view = await MindsDB.Views.createView(
      'big_cities',
      'mindsdb',
      'SELECT * FROM files.cities WHERE id < 3',
    );
    expect([view.name, view.project]).toEqual(['big_cities', 'mindsdb']);
    expect((await MindsDB.Views.getAllViews('mindsdb')).map((v) => v.name)).toEqual(['big_cities']);
    expect((await MindsDB.SQL.runQuery('SELECT count(*) AS n FROM mindsdb.big_cities')).rows).toEqual([
      { n: 2 },
    ]);
    // The SDK's view.delete() sends DROP MODEL, which drops the view (this server has no models).
    await view.delete();
    expect(await MindsDB.Views.getAllViews('mindsdb')).toEqual([]);
    // DROP VIEW, the SQL form, works too.
    await MindsDB.Views.createView('again', 'mindsdb', 'SELECT 1 AS one');
    expect((await MindsDB.SQL.runQuery('DROP VIEW mindsdb.again')).type).toBe('ok');
    expect(await MindsDB.Views.getAllViews('mindsdb')).toEqual([]);
  });
});
