import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { tablesRead } from '../services/agents/tools/table-refs';
import { readUserSelect } from '../engines/table-references';
import { startFakeProvider, textReply, toolCallReply, type FakeProvider } from './fake-provider';
import { useTestApp } from './use-test-app';
import { createAgent, fakeModel, stream, toolSteps } from './agent-test-kit';
import { addDocsAndKb, useSecretFile } from './sql-fixtures';

/**
 * The first wall around users' SQL: the check that a SELECT reads only users' tables. Every statement here
 * must be refused by that check itself (its message), not merely fail later in the engine's own sandbox
 * (sql-sandbox-engine.test.ts), so each test fails if the check is weakened even while the sandbox holds.
 */
const SECRET = 'TOP-SECRET-7731';
const t = useTestApp({}, addDocsAndKb);
const { dir: secretDir, csv: secretCsv } = useSecretFile(SECRET);

/** Statements that read a file by a trick, each with what the check must say about it. */
function tricks(): { name: string; sql: string; refusal: RegExp }[] {
  const file = `"${secretCsv}"`;
  const glob = `"${secretCsv.replace('secret.csv', 'secre[t].csv')}"`;
  const notATable = /is not a table/;
  const notAllowed = /Table function '\w+' is not allowed/;
  return [
    {
      name: 'CTE of the same name declared in a scalar subquery',
      sql: `SELECT (WITH ${file} AS (SELECT 1 AS code) SELECT 1) AS x, * FROM ${file}`,
      refusal: notATable,
    },
    {
      name: 'CTE of the same name declared in a FROM subquery',
      sql: `SELECT * FROM (WITH ${file} AS (SELECT 1 AS code) SELECT * FROM ${file}) a, ${file} b`,
      refusal: notATable,
    },
    {
      name: 'CTE of the same name declared in a WHERE subquery',
      sql: `SELECT * FROM ${file} WHERE EXISTS (WITH ${file} AS (SELECT 1) SELECT * FROM ${file})`,
      refusal: notATable,
    },
    {
      name: 'CTE of the same name declared in the other side of a UNION',
      sql: `SELECT code FROM ${file} UNION ALL (WITH ${file} AS (SELECT 'x' AS code) SELECT code FROM ${file})`,
      refusal: notATable,
    },
    {
      name: 'CTE referenced by an earlier CTE of the same WITH',
      sql: `WITH a AS (SELECT * FROM ${file}), ${file} AS (SELECT 1 AS code) SELECT * FROM a`,
      refusal: notATable,
    },
    { name: 'plain path', sql: `SELECT * FROM ${file}`, refusal: notATable },
    { name: 'path as a string', sql: `SELECT * FROM '${secretCsv}'`, refusal: notATable },
    { name: 'glob class in a path', sql: `SELECT * FROM ${glob}`, refusal: notATable },
    { name: 'path in a data source', sql: `SELECT * FROM files."x.csv"`, refusal: notATable },
    { name: 'another database', sql: `SELECT * FROM data.files.docs`, refusal: /Unknown database 'data'/ },
    { name: 'read_csv in FROM', sql: `SELECT * FROM read_csv('${secretCsv}')`, refusal: notAllowed },
    { name: 'read_text', sql: `SELECT content FROM read_text('${secretCsv}')`, refusal: notAllowed },
    { name: 'read_blob', sql: `SELECT content FROM read_blob('${secretCsv}')`, refusal: notAllowed },
    { name: 'glob', sql: `SELECT * FROM glob('${secretDir}/*')`, refusal: notAllowed },
    {
      name: 'table function in a scalar subquery',
      sql: `SELECT (SELECT content FROM read_text('${secretCsv}')) AS c`,
      refusal: notAllowed,
    },
    {
      name: 'table function in a join',
      sql: `SELECT * FROM files.docs JOIN read_text('${secretCsv}') r ON true`,
      refusal: notAllowed,
    },
    {
      name: 'table function in a CTE body',
      sql: `WITH s AS (SELECT * FROM read_text('${secretCsv}')) SELECT * FROM s`,
      refusal: notAllowed,
    },
    {
      name: 'table function in an IN list',
      sql: `SELECT * FROM files.docs WHERE body IN (SELECT content FROM read_text('${secretCsv}'))`,
      refusal: notAllowed,
    },
    {
      name: 'table function inside an allowed one',
      sql: `SELECT * FROM unnest((SELECT list(content) FROM read_text('${secretCsv}')))`,
      refusal: notAllowed,
    },
    { name: 'dynamic SQL', sql: `SELECT * FROM query('SELECT 1')`, refusal: notAllowed },
  ];
}

describe('the table check of SELECT', () => {
  it('refuses every trick that reads a file, naming why', async () => {
    for (const trick of tricks()) {
      const res = await t.sql(trick.sql);
      expect(res.type, trick.name).toBe('error');
      expect(res.error_message, trick.name).toMatch(trick.refusal);
      expect(JSON.stringify(res), trick.name).not.toContain(SECRET);
    }
  });

  it('refuses statements that are not SELECTs', async () => {
    for (const sql of [
      `COPY (SELECT 1) TO '${secretDir}/out.csv'`,
      `ATTACH '${t.dataDir}/catalog.duckdb' AS c`,
      'INSTALL httpfs',
      'LOAD httpfs',
      'PRAGMA enable_external_access',
    ]) {
      const res = await t.sql(sql);
      expect(res.type, sql).toBe('error');
    }
    // SET is accepted as MindsDB accepts it, and changes nothing: the engine never sees it.
    expect((await t.sql('SET enable_external_access = true')).type).toBe('ok');
    const read = await t.sql(`SELECT * FROM read_csv('${secretDir}/secret.csv')`);
    expect(read.type).toBe('error');
    expect(JSON.stringify(read)).not.toContain(SECRET);
    expect(await fs.readdir(secretDir)).toEqual(['secret.csv']);
  });

  it('still reads CTEs wherever they are in scope', async () => {
    const cases: [string, unknown[][]][] = [
      ['WITH a AS (SELECT id FROM files.docs), b AS (SELECT * FROM a) SELECT count(*) FROM b', [[2]]],
      ['WITH a AS (SELECT 1 AS n) SELECT (SELECT n FROM a) + (SELECT count(*) FROM A)', [[2]]],
      ['WITH a AS (SELECT 3 AS n) SELECT * FROM (SELECT * FROM a) x', [[3]]],
      [
        'WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT sum(n) FROM r',
        [[6]],
      ],
      ['SELECT (WITH c AS (SELECT 4 AS n) SELECT n FROM c)', [[4]]],
    ];
    for (const [sql, rows] of cases) {
      const res = await t.sql(sql);
      expect(res.type, `${sql}: ${res.error_message}`).toBe('table');
      expect(res.data, sql).toEqual(rows);
    }
  });

  it('lists, scope by scope, every base table and table function a SELECT reads', async () => {
    const refs = await readUserSelect(
      t.deps.databases.data,
      `WITH a AS (SELECT * FROM files.x), b AS (SELECT * FROM a, c)
       SELECT (WITH c AS (SELECT 1) SELECT * FROM c), * FROM b, c, range(3)
       WHERE id IN (SELECT id FROM generate_series(1, 2) g(id))`,
    );
    expect(refs.tables.map((r) => [r.schema, r.table])).toEqual([
      ['files', 'x'],
      ['', 'c'],
      ['', 'c'],
    ]);
    expect(refs.functions.map((f) => f.name).sort()).toEqual(['generate_series', 'range']);
    await expect(
      readUserSelect(t.deps.databases.data, `SELECT * FROM b WHERE id IN (SELECT id FROM read_text('f'))`),
    ).rejects.toThrow("Table function 'read_text' is not allowed");
  });
});

describe('a SELECT that names information_schema', () => {
  it('goes through the same check: no table function, no engine catalogue, whatever else it reads', async () => {
    const refusals: [string, string, RegExp][] = [
      [
        'mindsdb',
        'SELECT * FROM information_schema.tables t, duckdb_settings() s',
        /'duckdb_settings' is not allowed/,
      ],
      [
        'mindsdb',
        'SELECT * FROM information_schema.tables t, duckdb_databases() d',
        /'duckdb_databases' is not/,
      ],
      [
        'mindsdb',
        'SELECT * FROM information_schema.tables t, duckdb_secrets() s',
        /'duckdb_secrets' is not allowed/,
      ],
      ['mindsdb', `SELECT * FROM information_schema.tables, read_text('${secretCsv}')`, /'read_text' is not/],
      [
        'mindsdb',
        "SELECT current_setting('temp_directory') FROM information_schema.tables",
        /'current_setting'/,
      ],
      [
        'mindsdb',
        'SELECT * FROM information_schema.tables t, duckdb_views v',
        /'duckdb_views' cannot be read/,
      ],
      [
        'information_schema',
        'SELECT * FROM pg_catalog.pg_settings',
        /'pg_catalog.pg_settings' cannot be read/,
      ],
      ['information_schema', 'SELECT * FROM duckdb_settings()', /'duckdb_settings' is not allowed/],
      [
        'information_schema',
        'SELECT * FROM sqlite_master',
        /Unknown table 'sqlite_master' in information_schema/,
      ],
    ];
    for (const [db, sql, refusal] of refusals) {
      const res = await t.sql(sql, { db });
      expect(res.type, sql).toBe('error');
      expect(res.error_message, sql).toMatch(refusal);
      expect(JSON.stringify(res), sql).not.toContain(t.dataDir);
      expect(JSON.stringify(res), sql).not.toContain(SECRET);
    }
    const tables = await t.sqlOk('SELECT count(*) AS n FROM tables', { db: 'information_schema' });
    expect(Number(tables.data[0][0])).toBeGreaterThan(0);
  });

  it('and no scalar function reads the engine settings or catalogue on any path', async () => {
    for (const sql of [
      "SELECT current_setting('temp_directory')",
      "SELECT getvariable('x')",
      "SELECT json_serialize_plan('SELECT * FROM duckdb_settings()')",
      'SELECT pg_get_viewdef(1)',
      "SELECT id FROM files.docs WHERE body = current_setting('allowed_directories')::VARCHAR",
    ]) {
      const res = await t.sql(sql);
      expect(res.type, sql).toBe('error');
      expect(res.error_message, sql).toMatch(/Function '\w+' is not allowed: it reads the engine's own/);
    }
  });
});

describe('INSERT INTO a knowledge base', () => {
  it('refuses a SELECT that reads a file, and inserts nothing', async () => {
    for (const trick of tricks()) {
      const res = await t.sql(`INSERT INTO kb (id, body) SELECT 1, code FROM (${trick.sql}) s`);
      expect(res.type, trick.name).toBe('error');
      expect(res.error_message, trick.name).toMatch(trick.refusal);
    }
    expect(await t.deps.knowledgeBases.countChunks('mindsdb', 'kb')).toBe(0);
  });
});

describe("the agent tool's own table check", () => {
  it('refuses every trick by itself, before the SQL engine sees the statement', async () => {
    for (const trick of tricks()) {
      await expect(tablesRead(t.deps.databases.data, trick.sql), trick.name).rejects.toThrow(
        /is not a table|is not allowed/,
      );
    }
    expect(
      await tablesRead(t.deps.databases.data, 'SELECT * FROM files.docs d JOIN range(3) r ON true'),
    ).toEqual([{ schema: 'files', table: 'docs' }]);
  });
});

/** One agent run that calls sql_db_query with each of `queries`; returns each call's observation. */
async function agentObservations(fake: FakeProvider, queries: string[]) {
  const first = fake.requests.length;
  fake.setScript((_, i) =>
    i - first < queries.length
      ? toolCallReply('sql_db_query', { query: queries[i - first] }, `call_${i}`)
      : textReply('done'),
  );
  const res = await stream(t, 'ag_sql', [{ question: 'read the docs' }]);
  return { observations: toolSteps(res.body).map((st) => String(st.observation)), body: res.body };
}

describe("an agent's sql_db_query tool", () => {
  it('refuses every trick even when the agent may read one table', async () => {
    const fake = await startFakeProvider();
    try {
      await createAgent(t, { name: 'ag_sql', model: fakeModel(fake), data: { tables: ['files.docs'] } });
      const attempts = tricks();
      // An agent run takes a few tool calls at most: the tricks go a few at a time.
      for (let start = 0; start < attempts.length; start += 5) {
        const batch = attempts.slice(start, start + 5);
        const { observations, body } = await agentObservations(
          fake,
          batch.map((a) => a.sql),
        );
        expect(observations).toHaveLength(batch.length);
        for (const [i, observation] of observations.entries()) {
          expect(observation, batch[i].name).toMatch(/^Error: .*(is not a table|is not allowed)/);
        }
        expect(body).not.toContain(SECRET);
      }
    } finally {
      await fake.close();
    }
  });
});
