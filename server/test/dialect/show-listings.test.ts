import { describe, expect, it } from 'vitest';
import { useTestApp } from '../use-test-app';

/** SHOW as MindsDB answers it, LIKE and WHERE on every listing, through the real server. */
const t = useTestApp({}, async (app) => {
  await app.putFile('nums', 'nums.csv', 'n,label\n5,a\n12,b\n');
  await app.sqlOk('CREATE PROJECT shop');
  await app.sqlOk('CREATE VIEW shop.big AS (SELECT n FROM files.nums WHERE n > 10)');
  await app.sqlOk("CREATE KNOWLEDGE_BASE shop.notes USING content_columns = ['label']");
});

const names = async (query: string, context?: Record<string, unknown>) =>
  ((await t.sqlOk(query, context)).data as unknown[][]).map((r) => r[0]);

describe('SHOW TABLES', () => {
  it("lists a project's models table first, then its objects with MindsDB's types", async () => {
    expect((await t.sqlOk('SHOW FULL TABLES FROM shop')).data).toEqual([
      ['models', 'BASE TABLE'],
      ['big', 'VIEW'],
      ['notes', 'KNOWLEDGE BASE'],
    ]);
    expect(await names('show tables', { db: 'shop' })).toEqual(['models', 'big', 'notes']);
    expect(await names('show tables', { db: 'files' })).toEqual(['nums']);
    expect(await names("SHOW TABLES FROM shop LIKE 'b%'")).toEqual(['big']);
    expect(await names("SHOW FULL TABLES FROM shop WHERE Table_type = 'view'")).toEqual(['big']);
  });
});

describe('LIKE and WHERE on the listings', () => {
  it('filters function and procedure status, databases and variables by WHERE as MindsDB', async () => {
    for (const query of [
      "show function status where db = 'mindsdb'",
      "SHOW PROCEDURE STATUS WHERE Db = 'MINDSDB' AND Name LIKE '%'",
    ]) {
      expect(await t.sqlOk(query), query).toMatchObject({ type: 'table', data: [] });
    }
    expect(await names("SHOW DATABASES WHERE `Database` = 'files' OR `Database` LIKE 'sh%'")).toEqual([
      'shop',
      'files',
    ]);
    expect(await names("show schemas like 'info%'")).toEqual(['information_schema']);
    expect(await names("SHOW VARIABLES WHERE Variable_name LIKE 'version%' AND Value <> 'MindsDB'")).toEqual([
      'version',
    ]);
    expect(await names("SHOW CHARACTER SET WHERE charset = 'UTF8MB4'")).toEqual(['utf8mb4']);
    expect(await t.sqlError('SHOW ENGINES WHERE nope = 1')).toBe("Unknown column 'nope' in 'where clause'");
  });

  it('filters the lists of objects by name', async () => {
    expect(await names("SHOW KNOWLEDGE_BASES FROM shop LIKE 'no%'")).toEqual(['notes']);
    expect(await names("SHOW KNOWLEDGE_BASES FROM shop WHERE name = 'other'")).toEqual([]);
  });
});

describe("MySQL's listings of a table and of the server", () => {
  it('lists the columns of any table, as it answers a SELECT', async () => {
    const full = await t.sqlOk('SHOW FULL COLUMNS FROM nums FROM files');
    expect(full.column_names).toEqual([
      'Field',
      'Type',
      'Null',
      'Key',
      'Default',
      'Extra',
      'Collation',
      'Privileges',
      'Comment',
    ]);
    expect(full.data.map((r: unknown[]) => r[0])).toEqual(['n', 'label']);
    expect(await names('SHOW COLUMNS FROM big', { db: 'shop' })).toEqual(['n']);
    expect(await names("SHOW FIELDS FROM files.nums LIKE 'l%'")).toEqual(['label']);
    expect(await t.sqlError('SHOW COLUMNS FROM files.nope')).toMatch(/cannot be described/);
  });

  it('answers INDEX, TABLE STATUS, CREATE TABLE, PROCESSLIST, PLUGINS and STORAGE ENGINES', async () => {
    expect(await t.sqlOk('SHOW INDEX FROM nums FROM files')).toMatchObject({ data: [] });
    expect(await t.sqlOk('SHOW KEYS FROM files.nums')).toMatchObject({ data: [] });
    const status = await t.sqlOk("SHOW TABLE STATUS FROM files LIKE 'nu%'");
    expect(status.column_names.slice(0, 2)).toEqual(['Name', 'Engine']);
    expect(status.data.map((r: unknown[]) => r[0])).toEqual(['nums']);
    expect((await t.sqlOk('SHOW CREATE TABLE files.nums')).data).toEqual([['nums', 'create table nums ()']]);
    expect(await t.sqlOk('SHOW FULL PROCESSLIST')).toMatchObject({ type: 'table', data: [] });
    expect(await t.sqlOk('SHOW PLUGINS')).toMatchObject({ type: 'table', data: [] });
    expect(await names('SHOW STORAGE ENGINES')).toEqual(['InnoDB']);
  });

  it('says which MySQL server listings are not kept here, never a syntax error', async () => {
    for (const query of [
      'SHOW BINARY LOGS',
      'SHOW MASTER STATUS',
      'SHOW REPLICA STATUS FOR CHANNEL c',
      'SHOW PRIVILEGES',
    ]) {
      expect(await t.sqlError(query), query).toMatch(
        /^SHOW .* is not offered here: it lists a MySQL server's own state/,
      );
    }
  });
});

describe("MindsDB's catalogs", () => {
  it('lists views and integrations, and answers models, ML engines, chatbots, skills and triggers empty', async () => {
    expect((await t.sqlOk('SHOW VIEWS FROM shop')).data).toEqual([
      ['big', 'shop', 'SELECT n FROM files.nums WHERE n > 10'],
    ]);
    expect(await t.sqlOk('SHOW INTEGRATIONS')).toMatchObject({ column_names: ['NAME', 'TYPE', 'ENGINE'] });
    expect(await names('SHOW HANDLERS')).toEqual(expect.arrayContaining(['postgres', 'mysql']));
    for (const query of [
      'SHOW MODELS',
      'SHOW PREDICTORS FROM shop',
      'SHOW ML_ENGINES',
      'SHOW CHATBOTS',
      'SHOW SKILLS',
      'SHOW TRIGGERS',
    ]) {
      expect(await t.sqlOk(query), query).toMatchObject({ type: 'table', data: [] });
    }
    expect((await t.sqlOk('SHOW MODELS')).column_names.slice(0, 3)).toEqual(['NAME', 'ENGINE', 'PROJECT']);
  });
});
