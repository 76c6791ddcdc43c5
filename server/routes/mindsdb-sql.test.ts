import { describe, expect, it } from 'vitest';
import { parseJsonLines, parseSqlSse, sqlResultFromPieces } from '../../protocol/sql-stream';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp({}, (app) => app.putFile('people', 'people.csv', 'name,age\nann,31\nbo,40\ncy,25\n'));

const post = (payload: Record<string, unknown>, url = '/api/sql/query') =>
  t.inject({ method: 'POST', url, payload });

describe("MySQL's reading of strings", () => {
  it('reads "text" as a string and names a bare constant by its text', async () => {
    expect(await t.sql(`SELECT "a"`)).toMatchObject({ column_names: ['a'], data: [['a']] });
    expect(await t.sql(`SELECT 'a', 1`)).toMatchObject({ column_names: ['a', '1'], data: [['a', 1]] });
    expect(await t.sql(`SELECT "it's" AS x`)).toMatchObject({ column_names: ['x'], data: [["it's"]] });
    expect((await t.sql(`SELECT age FROM files.people WHERE name = "bo"`)).data).toEqual([[40]]);
    // Where MySQL reads a name, a double-quoted name is still a name.
    expect((await t.sql(`SELECT count(*) AS n FROM "files"."people"`)).data).toEqual([[3]]);
    expect((await t.sql(`SELECT count(*) AS n FROM files."people"`)).data).toEqual([[3]]);
    expect((await t.sql(`SELECT name FROM files.people ORDER BY "age" DESC, "name" LIMIT 1`)).data).toEqual([
      ['bo'],
    ]);
  });

  it('reads "text" as a string in INSERT ... SELECT too', async () => {
    await t.sql("CREATE KNOWLEDGE_BASE dq_kb USING content_columns = ['body'], id_column = 'id'");
    const inserted = await t.sql(
      `INSERT INTO dq_kb SELECT name AS id, "fixed text" AS body FROM files.people`,
    );
    expect(inserted.type, JSON.stringify(inserted)).toBe('ok');
    const found = await t.sql(`SELECT chunk_content FROM dq_kb WHERE content = 'fixed' LIMIT 1`);
    expect(found.data).toEqual([['fixed text']]);
    await t.sql('DROP KNOWLEDGE_BASE dq_kb');
  });
});

describe('SHOW and SET as MySQL clients send them', () => {
  it('answers the listings MindsDB answers', async () => {
    const show = async (q: string) => t.sql(q);
    expect(await show('SHOW WARNINGS')).toMatchObject({
      type: 'table',
      column_names: ['Level', 'Code', 'Message'],
      data: [],
    });
    expect((await show('SHOW ERRORS')).data).toEqual([]);
    expect((await show("SHOW VARIABLES LIKE 'version'")).data).toEqual([['version', '8.0.17']]);
    expect((await show("SHOW SESSION VARIABLES LIKE 'character_set_%'")).data.length).toBeGreaterThan(2);
    expect((await show('SHOW GLOBAL VARIABLES')).column_names).toEqual(['Variable_name', 'Value']);
    expect((await show('SHOW SESSION STATUS')).column_names).toEqual(['Variable_name', 'Value']);
    expect((await show('SHOW ENGINES')).data[0][0]).toBe('InnoDB');
    expect((await show('SHOW CHARSET')).data[0][0]).toBe('utf8mb4');
    expect((await show('SHOW CHARACTER SET')).data[0][0]).toBe('utf8mb4');
    expect((await show('SHOW COLLATION')).data[0][0]).toBe('utf8mb4_0900_ai_ci');
    expect((await show('SHOW FUNCTION STATUS')).data).toEqual([]);
    expect((await show('SHOW PROCEDURE STATUS')).data).toEqual([]);
    expect((await show('SHOW SCHEMAS')).data.map((r: string[]) => r[0])).toEqual(
      expect.arrayContaining(['mindsdb', 'files']),
    );
    expect((await show('SHOW GLOBAL WARNINGS')).type).toBe('error');
  });

  it('accepts SET and keeps the session as it was', async () => {
    for (const q of ['SET NAMES utf8mb4', 'SET autocommit = 1', 'SET @@session.sql_mode = ""']) {
      expect(await t.sql(q, { db: 'mindsdb' })).toMatchObject({ type: 'ok', context: { db: 'mindsdb' } });
    }
    expect((await t.sql('SET')).type).toBe('error');
  });
});

describe('tables of files by SQL', () => {
  it('creates a file table from a query, refuses to overwrite it unless asked, and drops it', async () => {
    expect(
      await t.sql('CREATE TABLE files.adults (SELECT name FROM files.people WHERE age > 30)'),
    ).toMatchObject({
      type: 'ok',
      affected_rows: 2,
    });
    expect((await t.inject({ url: '/api/files' })).json()).toEqual(
      expect.arrayContaining([{ name: 'adults', row_count: 2, columns: ['name'] }]),
    );
    expect(await t.sql('CREATE TABLE files.adults (SELECT 1 AS x)')).toMatchObject({
      type: 'error',
      error_message: "Table 'adults' already exists",
    });
    expect((await t.sql('CREATE OR REPLACE TABLE files.adults SELECT 1 AS x')).type).toBe('ok');
    expect((await t.sql('SELECT * FROM files.adults')).data).toEqual([[1]]);
    expect((await t.sql('DROP TABLE `files`.`adults`')).type).toBe('ok');
    expect((await t.inject({ url: '/api/files' })).json()).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'adults' })]),
    );
    expect(await t.sql('DROP TABLE files.adults')).toMatchObject({
      type: 'error',
      error_message: "Table 'adults' does not exist in 'files'",
    });
    expect(await t.sql('DROP TABLE IF EXISTS files.adults')).toMatchObject({ type: 'ok', affected_rows: 0 });
    // A CREATE TABLE cannot read what a SELECT may not.
    expect((await t.sql("CREATE TABLE files.leak (SELECT * FROM read_csv('/etc/passwd'))")).type).toBe(
      'error',
    );
  });
});

describe('information_schema', () => {
  it('answers SCHEMATA, TABLES, COLUMNS, KNOWLEDGE_BASES and AGENTS from the catalog', async () => {
    expect(
      (await t.sql('SELECT SCHEMA_NAME FROM information_schema.SCHEMATA ORDER BY SCHEMA_NAME')).data,
    ).toEqual([['files'], ['information_schema'], ['log'], ['mindsdb']]);
    expect(
      (
        await t.sql(
          "SELECT TABLE_NAME, TABLE_TYPE, TABLE_ROWS FROM information_schema.tables WHERE TABLE_SCHEMA = 'files'",
        )
      ).data,
    ).toEqual([['people', 'BASE TABLE', 3]]);
    expect(
      (
        await t.sql(
          "SELECT COLUMN_NAME, ORDINAL_POSITION FROM information_schema.columns WHERE TABLE_NAME = 'people' ORDER BY 2",
        )
      ).data,
    ).toEqual([
      ['name', 1],
      ['age', 2],
    ]);
    expect((await t.sql('SELECT * FROM information_schema.knowledge_bases')).column_names).toEqual(
      (await t.sql('SHOW KNOWLEDGE_BASES')).column_names,
    );
    expect((await t.sql('SELECT count(*) AS n FROM information_schema.agents')).data).toEqual([[0]]);
    // USE information_schema, then plain names.
    expect(
      (await t.sql('SELECT count(*) AS n FROM tables', { db: 'information_schema' })).data[0][0],
    ).toBeGreaterThan(5);
    expect((await t.sql('SHOW TABLES FROM information_schema')).data).toEqual(
      expect.arrayContaining([['SCHEMATA'], ['KNOWLEDGE_BASES']]),
    );
  });

  it('lists views with their SELECT and jobs with their schedule in VIEWS and JOBS', async () => {
    expect((await t.sql('CREATE VIEW mindsdb.is_view AS (SELECT name FROM files.people)')).type).toBe('ok');
    expect((await t.sql("CREATE JOB mindsdb.is_job (SELECT 1) START '2031-01-01' EVERY 2 hours")).type).toBe(
      'ok',
    );
    const views = await t.sql(
      "SELECT TABLE_SCHEMA, TABLE_NAME, VIEW_DEFINITION FROM information_schema.VIEWS WHERE TABLE_NAME = 'is_view'",
    );
    expect(views.data).toEqual([['mindsdb', 'is_view', 'SELECT name FROM files.people']]);
    const jobs = await t.sql(
      "SELECT NAME, PROJECT, START_AT, SCHEDULE_STR, QUERY FROM information_schema.jobs WHERE NAME = 'is_job'",
    );
    expect(jobs.data).toEqual([
      ['is_job', 'mindsdb', '2031-01-01 00:00:00.000000', 'every 2 hours', 'SELECT 1'],
    ]);
    expect((await t.sql('SHOW TABLES FROM information_schema')).data).toEqual(
      expect.arrayContaining([['VIEWS'], ['JOBS']]),
    );
    await t.sql('DROP VIEW mindsdb.is_view');
    await t.sql('DROP JOB mindsdb.is_job');
    expect((await t.sql('SELECT count(*) FROM information_schema.views')).data).toEqual([[0]]);
  });

  it("DROP MODEL drops a view of that name (how MindsDB's JS SDK deletes views), else names the missing model", async () => {
    expect((await t.sql('CREATE VIEW mindsdb.sdk_view AS (SELECT 1 AS one)')).type).toBe('ok');
    expect(await t.sql('DROP MODEL mindsdb.sdk_view')).toMatchObject({ type: 'ok', affected_rows: 1 });
    expect((await t.sql('SELECT * FROM mindsdb.sdk_view')).type).toBe('error');
    const missing = await t.sql('DROP PREDICTOR `mindsdb`.`no_model`');
    expect(missing.type).toBe('error');
    expect(missing.error_message).toMatch(/Model 'no_model' does not exist/);
    expect(await t.sql('DROP MODEL IF EXISTS no_model')).toMatchObject({ type: 'ok', affected_rows: 0 });
  });

  it('reads no file and no data table from there', async () => {
    const leak = await t.sql("SELECT * FROM information_schema.tables, read_csv('/etc/passwd')");
    expect(leak.type).toBe('error');
    expect(JSON.stringify(leak)).not.toContain('root:');
    expect((await t.sql('SELECT * FROM information_schema.tables, files.people')).type).toBe('error');
  });
});

describe('parameters and response formats', () => {
  it('binds :name parameters as values, never as statement text', async () => {
    const res = await post({
      query: 'SELECT name, :x AS x FROM files.people WHERE name = :who',
      params: { who: 'bo', x: 1, unused: 'abc' },
    });
    expect(res.json()).toMatchObject({ type: 'table', data: [['bo', 1]] });
    const list = await post({
      query: 'SELECT name FROM files.people WHERE name IN :names ORDER BY name',
      params: { names: ['ann', 'cy', "x' OR '1'='1"] },
    });
    expect(list.json().data).toEqual([['ann'], ['cy']]);
    const injection = await post({
      query: 'SELECT count(*) AS n FROM files.people WHERE name = :who',
      params: { who: "' OR 1=1 --" },
    });
    expect(injection.json().data).toEqual([[0]]);
    const backslash = await post({ query: 'SELECT :v AS v', params: { v: "a\\' OR 1=1 --" } });
    expect(backslash.json().data).toEqual([["a\\' OR 1=1 --"]]);
    const bad = await post({ query: 'SELECT :v AS v', params: { v: { nested: true } } });
    expect(bad.json()).toMatchObject({ type: 'error' });
    expect(bad.json().error_message).toContain("Parameter 'v'");
    // Casts (::) are not parameters.
    expect((await post({ query: "SELECT '1'::INTEGER AS n", params: { INTEGER: 5 } })).json().data).toEqual([
      [1],
    ]);
  });

  it("answers a marker without a value with MindsDB's 'Parameter is not set'", async () => {
    for (const params of [{}, { x: 1 }, undefined]) {
      const res = await post({ query: 'SELECT name, :x AS x FROM files.people WHERE name = :who', params });
      expect(res.json(), JSON.stringify(params)).toMatchObject({ type: 'error' });
      expect(res.json().error_message).toMatch(/^Parameter is not set: (x|who)$/);
    }
    // A colon inside a slice or a string is no marker.
    expect(
      (await post({ query: "SELECT [10, 20, 30][2:len([1, 2])] AS s, 'a:b' AS t" })).json(),
    ).toMatchObject({
      type: 'table',
      data: [[[20], 'a:b']],
    });
  });

  it('answers in jsonlines and sse framed as MindsDB frames them', async () => {
    const query = 'SELECT name, age FROM files.people ORDER BY age';
    const lines = await post({ query, response_format: 'jsonlines' });
    // Exactly MindsDB's type, with no charset.
    expect(lines.headers['content-type']).toBe('application/jsonlines');
    // A header without context, then batches of rows (here one batch).
    expect(parseJsonLines(lines.body)).toEqual([
      { type: 'table', column_names: ['name', 'age'] },
      [
        ['cy', 25],
        ['ann', 31],
        ['bo', 40],
      ],
    ]);
    const sse = await post({ query, response_format: 'sse' });
    expect(sse.headers['content-type']).toContain('text/event-stream');
    expect(sse.body.startsWith('data: {"type":"table"')).toBe(true);
    expect(sqlResultFromPieces(parseSqlSse(sse.body))).toEqual(
      sqlResultFromPieces(parseJsonLines(lines.body)),
    );
    const empty = await post({ query: `${query} LIMIT 0`, response_format: 'jsonlines' });
    expect(parseJsonLines(empty.body)).toEqual([{ type: 'table', column_names: ['name', 'age'] }, []]);
    // An ok or error result is its one piece, context included.
    const error = await post({ query: 'SELEC 1', response_format: 'jsonlines' });
    expect(parseJsonLines(error.body)).toEqual([
      expect.objectContaining({ type: 'error', context: expect.any(Object) }),
    ]);
    const ok = await post({ query: 'USE files', response_format: 'sse' });
    expect(parseSqlSse(ok.body)).toEqual([
      expect.objectContaining({ type: 'ok', context: expect.objectContaining({ db: 'files' }) }),
    ]);
    expect((await post({ query, response_format: 'xml' })).statusCode).toBe(400);
  });

  it('turns constants into parameters (parametrize_constants)', async () => {
    const res = await post(
      {
        query:
          'select 1 year, SUM(case when month = 1 then total_sales else 0 end) as January from pg_demo.sales where total_sales = 100',
      },
      '/api/sql/query/utils/parametrize_constants',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      query:
        'select :year year, SUM(case when month = :month then total_sales else :January end) as January from pg_demo.sales where total_sales = :total_sales',
      parameters: [
        { name: 'year', value: 1, type: 'int' },
        { name: 'month', value: 1, type: 'int' },
        { name: 'January', value: 0, type: 'int' },
        { name: 'total_sales', value: 100, type: 'int' },
      ],
      databases: { pg_demo: ['sales'] },
    });
    const insert = await post(
      { query: "INSERT INTO postgres.employees (employee_id, first_name) VALUES (101, 'John')" },
      '/api/sql/query/utils/parametrize_constants',
    );
    expect(insert.json()).toMatchObject({
      query: 'INSERT INTO postgres.employees (employee_id, first_name) VALUES (:employee_id, :first_name)',
      parameters: [
        { name: 'employee_id', value: 101, type: 'int' },
        { name: 'first_name', value: 'John', type: 'str' },
      ],
      databases: { postgres: ['employees'] },
    });
    const repeated = await post(
      { query: 'SELECT * FROM t WHERE price = 10 OR price = 11' },
      '/api/sql/query/utils/parametrize_constants',
    );
    expect(repeated.json().parameters.map((p: { name: string }) => p.name)).toEqual(['price', 'price2']);
    expect((await post({}, '/api/sql/query/utils/parametrize_constants')).statusCode).toBe(400);
  });
});

describe('list_databases and copy', () => {
  it('lists every database with its tables', async () => {
    const res = await t.inject({ url: '/api/sql/list_databases' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(
      expect.arrayContaining([
        { name: 'files', tables: expect.arrayContaining(['people']) },
        // A project's tables start with its `models` table, as MindsDB lists them.
        { name: 'mindsdb', tables: ['models'] },
      ]),
    );
  });

  it('gives a result as CSV or TSV text, and refuses what is not a table', async () => {
    await post({ query: "CREATE TABLE files.odd (SELECT '=1+1' AS f, 'a,b' AS g, -3 AS n, NULL AS z)" });
    const csv = await post({ query: 'SELECT * FROM files.odd' }, '/api/sql/query/copy');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/plain');
    expect(csv.headers['content-disposition']).toBe('inline; filename=query_result.csv');
    // A formula is defused with a leading quote; a negative number stays a number.
    expect(csv.body).toBe('f,g,n,z\r\n\'=1+1,"a,b",-3,\r\n');
    const tsv = await post(
      {
        query: 'SELECT name, age FROM files.people WHERE age > :a ORDER BY age',
        params: { a: 30 },
        format: 'tsv',
      },
      '/api/sql/query/copy',
    );
    expect(tsv.body).toBe('name\tage\nann\t31\nbo\t40');
    const failed = await post({ query: 'SELECT * FROM files.nowhere' }, '/api/sql/query/copy');
    expect(failed.statusCode).toBe(400);
    expect(failed.json().title).toBe('Query Error 0');
    const notTable = await post({ query: 'SET NAMES utf8' }, '/api/sql/query/copy');
    expect([notTable.statusCode, notTable.json().title]).toEqual([400, 'Invalid result type']);
    const badFormat = await post({ query: 'SELECT 1', format: 'xlsx' }, '/api/sql/query/copy');
    expect([badFormat.statusCode, badFormat.json().title]).toEqual([400, 'Invalid format']);
  });
});
