import { describe, expect, it } from 'vitest';
import { ProjectStore } from '../store/projects';
import { ViewStore } from '../store/views';
import { expectProblem } from './problem';
import { useTestApp } from './use-test-app';

/**
 * The system databases (`information_schema`, `log`, `files`) cannot be taken, dropped, altered or written
 * into, by SQL or REST, in any letter case; each refusal names the reserved database. They stay readable.
 */
const t = useTestApp();

/** What a refusal must name: the reserved database, in its own spelling, called a system database. */
const names = (db: string) => new RegExp(`'${db}' is a system database`);

describe('by SQL', () => {
  it('refuses to create, drop or alter one, whatever the letter case', async () => {
    const cases: [string, string][] = [
      ['CREATE DATABASE information_schema', 'information_schema'],
      ['CREATE DATABASE IF NOT EXISTS Information_Schema', 'information_schema'],
      ['CREATE PROJECT LOG', 'log'],
      ['CREATE PROJECT IF NOT EXISTS log', 'log'],
      ['CREATE DATABASE Files', 'files'],
      ["CREATE DATABASE lOg WITH ENGINE = 'postgres', PARAMETERS = {'host': 'x'}", 'log'],
      ['DROP DATABASE information_schema', 'information_schema'],
      ['DROP DATABASE IF EXISTS log', 'log'],
      ['DROP PROJECT FILES', 'files'],
      ["ALTER DATABASE Log PARAMETERS = {'host': 'x'}", 'log'],
      ["ALTER DATABASE files PARAMETERS = {'host': 'x'}", 'files'],
    ];
    for (const [sql, db] of cases) expect(await t.sqlError(sql), sql).toMatch(names(db));
  });

  it('refuses to create, change or drop anything in one', async () => {
    const cases: [string, string][] = [
      ["CREATE VIEW information_schema.tables AS SELECT 'x' AS TABLE_NAME", 'information_schema'],
      ['CREATE VIEW INFORMATION_SCHEMA.anything AS (SELECT 1)', 'information_schema'],
      ['CREATE VIEW files.v AS (SELECT 1)', 'files'],
      ['CREATE KNOWLEDGE_BASE log.kb', 'log'],
      ["CREATE AGENT Log.a USING model = {'provider': 'local'}", 'log'],
      ['CREATE JOB log.j (SELECT 1)', 'log'],
      ['CREATE TABLE information_schema.t (SELECT 1 AS a)', 'information_schema'],
      ['CREATE TABLE LOG.t (SELECT 1 AS a)', 'log'],
      ['DROP TABLE information_schema.tables', 'information_schema'],
      ['DROP TABLE log.jobs_history', 'log'],
      ['DROP VIEW information_schema.tables', 'information_schema'],
      ['DROP KNOWLEDGE_BASE log.kb', 'log'],
      ['INSERT INTO information_schema.tables (TABLE_NAME) VALUES (1)', 'information_schema'],
      ['INSERT INTO log.jobs_history SELECT 1', 'log'],
      ["UPDATE information_schema.tables SET TABLE_NAME = 'x'", 'information_schema'],
      ['DELETE FROM log.jobs_history', 'log'],
    ];
    for (const [sql, db] of cases) expect(await t.sqlError(sql), sql).toMatch(names(db));
  });

  it('still reads them, and files still takes tables', async () => {
    const tables = await t.sqlOk(
      "SELECT TABLE_NAME FROM information_schema.tables WHERE TABLE_SCHEMA = 'information_schema'",
    );
    expect(tables.data.map((r: string[]) => r[0])).toContain('TABLES');
    const dbs = await t.sqlOk('SHOW FULL DATABASES');
    expect(dbs.data.filter((r: string[]) => r[1] === 'system').map((r: string[]) => r[0])).toEqual([
      'information_schema',
      'log',
    ]);
    expect((await t.sqlOk('USE LOG')).type).toBe('ok');
    expect((await t.sqlOk('SHOW TABLES FROM Information_Schema')).data.length).toBeGreaterThan(0);
    await t.sqlOk('CREATE TABLE FILES.made_here (SELECT 1 AS a)');
    expect((await t.sqlOk('SELECT a FROM files.made_here')).data).toEqual([[1]]);
    await t.sqlOk('DROP TABLE Files.made_here');
  });
});

describe('by REST', () => {
  const json = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.inject({ method, url, ...(payload ? { payload } : {}) });

  it('refuses to create, alter or delete one', async () => {
    const source = (name: string) => ({ database: { name, engine: 'postgres', parameters: { host: 'x' } } });
    const cases: [Awaited<ReturnType<typeof json>>, number, string][] = [
      [await json('POST', '/api/databases/', source('Log')), 409, 'log'],
      [await json('POST', '/api/databases/', source('information_schema')), 409, 'information_schema'],
      [await json('POST', '/api/databases/', source('FILES')), 409, 'files'],
      [await json('PUT', '/api/databases/information_schema', source('x')), 400, 'information_schema'],
      [await json('PUT', '/api/databases/files', { database: { parameters: { a: 1 } } }), 400, 'files'],
      [await json('DELETE', '/api/databases/INFORMATION_SCHEMA'), 400, 'information_schema'],
      [await json('DELETE', '/api/databases/log'), 400, 'log'],
      [await json('DELETE', '/api/databases/files'), 400, 'files'],
      [
        await json('POST', '/api/databases/log/tables', { table: { name: 't', select: 'SELECT 1' } }),
        400,
        'log',
      ],
      [await json('DELETE', '/api/databases/information_schema/tables/tables'), 400, 'information_schema'],
    ];
    for (const [res, status, db] of cases) {
      expectProblem(res, status);
      expect(res.json().detail).toMatch(names(db));
    }
  });

  it('refuses to create objects in one', async () => {
    const cases: [string, object, string][] = [
      ['/api/projects/log/views', { view: { name: 'v', query: 'SELECT 1' } }, 'log'],
      [
        '/api/projects/information_schema/knowledge_bases',
        { knowledge_base: { name: 'k' } },
        'information_schema',
      ],
      ['/api/projects/Files/agents', { agent: { name: 'a' } }, 'files'],
      ['/api/projects/log/jobs', { job: { name: 'j', query: 'SELECT 1' } }, 'log'],
    ];
    for (const [url, body, db] of cases) {
      const res = await json('POST', url, body);
      expectProblem(res, 404);
      expect(res.json().detail, url).toMatch(names(db));
    }
  });
});

describe('a data folder where an older version let a project take a reserved name', () => {
  it('never resolves it: the system database answers, and the project is not listed', async () => {
    const catalog = t.deps.databases.catalog;
    await new ProjectStore(catalog).insert('information_schema', '2030-01-01 00:00:00');
    const [{ id }] = await catalog.select<{ id: number }>(
      `SELECT id FROM projects WHERE name = 'information_schema'`,
    );
    await new ViewStore(catalog).insert(id, 'tables', "SELECT 'x' AS TABLE_NAME");

    const tables = await t.sqlOk('SELECT TABLE_SCHEMA, TABLE_NAME FROM information_schema.tables');
    expect(tables.column_names).toEqual(['TABLE_SCHEMA', 'TABLE_NAME']);
    expect(tables.data).toContainEqual(['information_schema', 'TABLES']);
    const dbs = (await t.sqlOk('SHOW DATABASES')).data.map((r: string[]) => r[0]);
    expect(dbs.filter((name: string) => name === 'information_schema')).toHaveLength(1);
    const projects = (await t.inject({ method: 'GET', url: '/api/projects' })).json();
    expect(projects.map((p: { name: string }) => p.name)).not.toContain('information_schema');
  });
});
