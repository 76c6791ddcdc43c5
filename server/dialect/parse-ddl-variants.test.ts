import { describe, expect, it } from 'vitest';
import { toMysqlReading } from './mysql-dialect';
import { parseStatement } from './parser';
import { SqlSyntaxError } from './tokenizer';

/** MindsDB's DDL variants, as its SQL parser's tests write them. */
describe('views', () => {
  it('reads ALTER VIEW, CREATE OR REPLACE VIEW and a USING block after the query', () => {
    expect(parseStatement('ALTER VIEW p.v AS (SELECT 1 AS a)')).toEqual({
      kind: 'alter_view',
      name: { parts: ['p', 'v'], offset: 11 },
      query: 'SELECT 1 AS a',
    });
    expect(parseStatement("CREATE OR REPLACE VIEW v (SELECT 1) USING a = 'b'")).toMatchObject({
      kind: 'create_view',
      orReplace: true,
      query: 'SELECT 1',
    });
  });

  it('reads a view over a native query as MindsDB stores it', () => {
    expect(parseStatement('CREATE VIEW v FROM shop (SELECT "x"::text FROM t)')).toMatchObject({
      kind: 'create_view',
      query: 'SELECT * FROM shop (SELECT "x"::text FROM t)',
    });
    expect(() => parseStatement('CREATE VIEW v FROM shop SELECT 1')).toThrow(/'\(' and the query/);
    expect(() => parseStatement('CREATE VIEW v FROM shop ( )')).toThrow(/is empty/);
  });

  it('reads DROP VIEW of several views', () => {
    expect(parseStatement('DROP VIEW IF EXISTS a, p.b')).toMatchObject({
      kind: 'drop_view',
      ifExists: true,
      names: [{ parts: ['a'] }, { parts: ['p', 'b'] }],
    });
  });
});

describe('native queries', () => {
  it("leaves the source's own text as written while the rest is read as MySQL", () => {
    // Double quotes are strings in MySQL, names in PostgreSQL: a native text keeps them.
    const native = 'SELECT * FROM shop (SELECT "Weird Col", @x FROM t WHERE a = :x)';
    const values = {
      variable: () => 'session value',
      sessionFunction: () => undefined,
    };
    expect(toMysqlReading(native, values)).toBe(native);
    expect(toMysqlReading('SELECT "Weird Col" FROM t')).toContain("'Weird Col'");
    // A table function's arguments start with a value, and are read as MySQL.
    expect(toMysqlReading('SELECT * FROM generate_series(1, @x)', values)).toBe(
      "SELECT * FROM generate_series(1, 'session value')",
    );
  });
});

describe('statements of features not offered here', () => {
  it('reads their heads and leaves their own syntax unread', () => {
    expect(parseStatement("CREATE MODEL p.m FROM db (SELECT * FROM t) PREDICT y USING engine = 'x'")).toEqual(
      {
        kind: 'unserved',
        feature: 'model',
        action: 'create',
        name: 'p.m',
        ifExists: false,
      },
    );
    expect(parseStatement('create or replace predictor m predict y')).toMatchObject({ feature: 'model' });
    expect(parseStatement('CREATE ANOMALY DETECTION MODEL m')).toMatchObject({ feature: 'model' });
    expect(parseStatement('RETRAIN m USING a = 1')).toMatchObject({ action: 'retrain', name: 'm' });
    expect(parseStatement('FINETUNE MODEL p.m.2 FROM db (SELECT 1)')).toMatchObject({
      action: 'finetune',
      name: 'p.m.2',
    });
    expect(parseStatement('DROP ML_ENGINE IF EXISTS e')).toMatchObject({
      feature: 'ml_engine',
      action: 'drop',
      ifExists: true,
    });
    expect(parseStatement("UPDATE CHATBOT c SET name = 'x'")).toMatchObject({
      feature: 'chatbot',
      action: 'update',
    });
    expect(parseStatement('create trigger t on db.tbl (select 1)')).toMatchObject({ feature: 'trigger' });
    expect(parseStatement('DROP SKILL s')).toMatchObject({ feature: 'skill', action: 'drop' });
    expect(parseStatement('DROP DATASET d')).toMatchObject({ feature: 'dataset' });
  });

  it('still names a missing name', () => {
    expect(() => parseStatement('CREATE CHATBOT')).toThrow(/chatbot's name/);
  });

  it('keeps DROP MODEL for views (JS SDK) and OR REPLACE for views, tables and sources only', () => {
    expect(parseStatement('DROP MODEL m')).toMatchObject({ kind: 'drop_model' });
    expect(() => parseStatement('CREATE OR REPLACE PROJECT p')).toThrow(/OR REPLACE applies to views/);
  });
});

describe('DESCRIBE', () => {
  it('reads every kind, singular or plural, and a model with its version', () => {
    for (const [sql, objectType] of [
      ['DESCRIBE VIEW p.v', 'view'],
      ['describe jobs j', 'job'],
      ['DESC PROJECT p', 'project'],
      ['DESCRIBE DATABASE d', 'database'],
      ['DESCRIBE KNOWLEDGE BASE kb', 'knowledge_base'],
      ['DESCRIBE AGENTS a', 'agent'],
      ['DESCRIBE PREDICTOR m', 'model'],
      ['DESCRIBE ML_ENGINE e', 'ml_engine'],
      ['DESCRIBE HANDLER postgres', 'handler'],
    ] as const) {
      expect(parseStatement(sql), sql).toMatchObject({ kind: 'describe', objectType });
    }
    expect(parseStatement('DESCRIBE MODEL p.m.2.features')).toMatchObject({
      name: { parts: ['p', 'm', '2', 'features'] },
    });
  });

  it('reads a kind word with no name after it as the name', () => {
    expect(parseStatement('DESCRIBE view')).toEqual({
      kind: 'describe',
      objectType: undefined,
      name: { parts: ['view'], offset: 9 },
    });
  });
});

describe('UPDATE, USING and indexes', () => {
  it('reads expressions and FROM (SELECT ...) in UPDATE, and UPDATE AGENT as ALTER AGENT', () => {
    expect(parseStatement('UPDATE t SET a = b + 1, c = 2 WHERE id = 1')).toMatchObject({
      kind: 'update',
      set: [
        { column: 'a', value: null, expression: 'b + 1' },
        { column: 'c', value: 2 },
      ],
    });
    expect(
      parseStatement('UPDATE db.t SET predicted = df.result FROM (SELECT * FROM m) AS df WHERE t.id = df.id'),
    ).toMatchObject({ from: { sql: 'SELECT * FROM m', alias: 'df' } });
    expect(parseStatement("UPDATE AGENT a SET model = 'gpt', prompt_template = 'x'")).toMatchObject({
      kind: 'alter_agent',
      params: { model: 'gpt', prompt_template: 'x' },
    });
  });

  it('reads dotted names as USING values', () => {
    expect(parseStatement('CREATE AGENT a USING model = mindsdb.my_model')).toMatchObject({
      params: { model: 'mindsdb.my_model' },
    });
  });

  it('reads CREATE INDEX ... WITH (...) and DROP INDEX ON KNOWLEDGE_BASE', () => {
    expect(parseStatement('CREATE INDEX ON KNOWLEDGE_BASE kb WITH (nlist = 10)')).toMatchObject({
      kind: 'create_kb_index',
      params: { nlist: 10 },
    });
    expect(parseStatement('DROP INDEX ON KNOWLEDGE_BASE p.kb')).toMatchObject({
      kind: 'drop_kb_index',
      name: { parts: ['p', 'kb'] },
    });
    expect(() => parseStatement('DROP INDEX ON KNOWLEDGE_BASE kb extra')).toThrow(SqlSyntaxError);
  });
});

describe('tables', () => {
  it('reads CREATE TABLE from a query or from column definitions, with IF NOT EXISTS', () => {
    expect(parseStatement('CREATE TABLE IF NOT EXISTS db.t (SELECT 1)')).toMatchObject({
      kind: 'create_table',
      ifNotExists: true,
      selectSql: '(SELECT 1)',
    });
    expect(
      parseStatement('CREATE OR REPLACE TABLE mydb.p( id INT PRIMARY KEY, balance decimal(5,2) NOT NULL )'),
    ).toMatchObject({
      kind: 'create_table',
      replace: true,
      columns: 'id INT PRIMARY KEY, balance decimal(5,2) NOT NULL',
    });
    expect(() => parseStatement('CREATE TABLE t ()')).toThrow(/column definitions/);
  });
});

describe('parameters', () => {
  it('names a marker left without a value, in VALUES as elsewhere', () => {
    expect(() => parseStatement('INSERT INTO t (a, c) VALUES (?, ?)')).toThrow('Parameter is not set: ?');
    expect(() => parseStatement('INSERT INTO t VALUES (:a)')).toThrow('Parameter is not set: a');
  });
});

describe('EVALUATE a metric', () => {
  it("reads MindsDB's form, with its USING", () => {
    expect(
      parseStatement(
        'EVALUATE r2_score FROM (SELECT a AS actual, b AS prediction FROM t) USING n_decimals = 2;',
      ),
    ).toEqual({
      kind: 'evaluate_metric',
      metric: 'r2_score',
      selectSql: 'SELECT a AS actual, b AS prediction FROM t',
      params: { n_decimals: 2 },
    });
    expect(() => parseStatement('EVALUATE r2_score FROM t')).toThrow(/'\(' and the SELECT/);
  });
});

describe('EXPLAIN', () => {
  it('reads EXPLAIN t as SHOW COLUMNS FROM t, as MindsDB answers it', () => {
    expect(parseStatement('explain files.some_table')).toEqual({
      kind: 'show_columns',
      full: false,
      table: { parts: ['files', 'some_table'], offset: 8 },
    });
  });
});
