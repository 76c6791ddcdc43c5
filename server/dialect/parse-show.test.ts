import { describe, expect, it } from 'vitest';
import { parseStatement } from './parser';

describe('SHOW in MindsDB grammar', () => {
  it('reads LIKE and WHERE on every listing', () => {
    expect(parseStatement("show function status where db = 'mindsdb'")).toMatchObject({
      kind: 'show_topic',
      topic: 'function_status',
      filter: { where: { type: 'binary', op: '=', left: { type: 'column', name: 'db' } } },
    });
    expect(parseStatement("SHOW DATABASES LIKE 'pattern' WHERE a=1")).toMatchObject({
      kind: 'show_databases',
      filter: { like: 'pattern', where: { type: 'binary' } },
    });
    expect(parseStatement("SHOW FULL TABLES FROM ttt LIKE 'zzz' WHERE xxx")).toMatchObject({
      kind: 'show_tables',
      full: true,
      from: 'ttt',
      filter: { like: 'zzz', where: { type: 'column', name: 'xxx' } },
    });
    expect(parseStatement('show jobs in proj')).toEqual({ kind: 'show_jobs', from: 'proj' });
    expect(parseStatement("SHOW SESSION VARIABLES LIKE 'x%'")).toMatchObject({
      kind: 'show_topic',
      topic: 'variables',
      filter: { like: 'x%' },
    });
  });

  it("reads MySQL's listings of a table", () => {
    expect(parseStatement('SHOW FULL COLUMNS FROM `ccc` FROM `fff`')).toMatchObject({
      kind: 'show_columns',
      full: true,
      table: { parts: ['fff', 'ccc'] },
    });
    expect(parseStatement('SHOW EXTENDED FIELDS IN t')).toMatchObject({
      kind: 'show_columns',
      table: { parts: ['t'] },
    });
    expect(parseStatement('SHOW INDEX FROM `predictors` FROM db')).toMatchObject({
      kind: 'show_index',
      table: { parts: ['db', 'predictors'] },
    });
    expect(parseStatement('SHOW KEYS FROM p.t')).toMatchObject({
      kind: 'show_index',
      table: { parts: ['p', 't'] },
    });
    expect(parseStatement("SHOW TABLE STATUS FROM files LIKE 'a%'")).toMatchObject({
      kind: 'show_table_status',
      from: 'files',
      filter: { like: 'a%' },
    });
    expect(parseStatement('SHOW CREATE TABLE `mindsdb`.`models`')).toMatchObject({
      kind: 'show_create_table',
      table: { parts: ['mindsdb', 'models'] },
    });
  });

  it("reads MindsDB's catalogs and MySQL's constant listings", () => {
    for (const [sql, catalog] of [
      ['show models FROM db_name', 'models'],
      ['SHOW PREDICTORS', 'models'],
      ['show ML_ENGINES', 'ml_engines'],
      ['show Handlers', 'handlers'],
      ['SHOW INTEGRATIONS', 'integrations'],
      ['SHOW VIEWS from integration_name', 'views'],
      ['SHOW CHATBOTS', 'chatbots'],
      ['SHOW SKILLS', 'skills'],
      ['SHOW TRIGGERS', 'triggers'],
    ]) {
      expect(parseStatement(sql), sql).toMatchObject({ kind: 'show_catalog', catalog });
    }
    for (const [sql, topic] of [
      ['SHOW PROCESSLIST', 'processlist'],
      ['SHOW FULL PROCESSLIST', 'processlist'],
      ['SHOW PLUGINS', 'plugins'],
      ['SHOW STORAGE ENGINES', 'engines'],
      ['SHOW OPEN TABLES from tab1', 'open_tables'],
    ]) {
      expect(parseStatement(sql), sql).toMatchObject({ kind: 'show_topic', topic });
    }
  });

  it('reads the listings of a MySQL server this server keeps no state for, naming them', () => {
    expect(parseStatement('SHOW BINARY LOGS')).toEqual({ kind: 'show_unkept', category: 'BINARY LOGS' });
    expect(parseStatement('SHOW REPLICA STATUS FOR CHANNEL channel')).toMatchObject({ kind: 'show_unkept' });
    expect(parseStatement('SHOW ENGINE engine_name MUTEX')).toMatchObject({ kind: 'show_unkept' });
  });

  it('refuses FROM with IN on a listing of one database, and a SHOW of nothing', () => {
    expect(() => parseStatement('SHOW FULL TABLES from tab1 in tab2')).toThrow(
      /^SHOW TABLES lists one database's objects: name it once, with FROM or IN, not both/,
    );
    expect(() => parseStatement("SHOW TRIGGERS from a in b like 'x' where a=1")).toThrow(
      /^SHOW TRIGGERS lists one database's objects/,
    );
    expect(() => parseStatement('SHOW')).toThrow(/expected what to show/);
  });

  it('refuses a table named twice in SHOW COLUMNS | INDEX, and SHOW CREATE TABLE without a table', () => {
    expect(() => parseStatement('SHOW FULL COLUMNS from tab1 from db1 in tab2 in db2')).toThrow(
      /^SHOW COLUMNS lists one table's columns: name the table once and its database at most once/,
    );
    expect(() => parseStatement('SHOW KEYS from t in db in x')).toThrow(
      /^SHOW KEYS lists one table's indexes/,
    );
    // One table and its database, each with FROM or IN, as MySQL reads them.
    expect(parseStatement('SHOW KEYS from t in db')).toMatchObject({
      kind: 'show_index',
      table: { parts: ['db', 't'] },
    });
    expect(() => parseStatement('SHOW CREATE TABLE')).toThrow(
      /^SHOW CREATE TABLE shows one table's definition: name the table/,
    );
  });
});
