import { describe, expect, it } from 'vitest';
import { expectProblem } from '../test/problem';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

const CSV = 'id,body,author\n1,hello world,ann\n2,"refunds, in 5 days",bo\n3,third,ann\n';

describe('status and projects', () => {
  it('answers status, ping, projects and the tree', async () => {
    const status = await t.inject({ url: '/api/status' });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ auth: { http_auth_enabled: false, provider: 'disabled' } });
    expect((await t.inject({ url: '/api/util/ping' })).json()).toEqual({ status: 'ok' });
    expect((await t.inject({ url: '/api/projects' })).json()).toEqual([
      expect.objectContaining({ name: 'mindsdb' }),
    ]);
    const tree = (await t.inject({ url: '/api/tree/' })).json();
    expect(tree.map((d: { name: string }) => d.name)).toEqual([
      'information_schema',
      'log',
      'mindsdb',
      'files',
    ]);
    // A project always shows its (empty) models table, as MindsDB's do.
    expect((await t.inject({ url: '/api/tree/mindsdb' })).json()).toEqual([
      { name: 'models', class: 'table', type: 'table', engine: null, deletable: false, schema: null },
    ]);
    const missing = await t.inject({ url: '/api/tree/nope' });
    expectProblem(missing, 400, { title: 'Error', detail: "There is no element with name 'nope'" });
    expect(missing.json().timestamp).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}$/);
  });

  it('answers 404 with a problem body for unknown API routes', async () => {
    expectProblem(await t.inject({ url: '/api/nothing/here' }), 404, { title: 'Not Found' });
  });
});

describe('files', () => {
  it('uploads a CSV, lists it, queries it, and deletes it', async () => {
    const up = await t.upload('docs', 'docs.csv', CSV);
    expect(up.statusCode).toBe(200);
    expect(up.json()).toBe(''); // MindsDB's success body
    expect((await t.inject({ url: '/api/files' })).json()).toEqual([
      { name: 'docs', row_count: 3, columns: ['id', 'body', 'author'] },
    ]);
    expect((await t.inject({ url: '/api/tree/files' })).json()).toEqual([
      expect.objectContaining({ name: 'docs', class: 'table' }),
    ]);
    const result = await t.sql(
      'SELECT author, count(*) AS n FROM files.docs GROUP BY author ORDER BY author',
    );
    expect(result).toEqual({
      type: 'table',
      column_names: ['author', 'n'],
      data: [
        ['ann', 2],
        ['bo', 1],
      ],
      context: { db: 'mindsdb', show_secrets: false },
    });
    const deleted = await t.inject({ method: 'DELETE', url: '/api/files/docs' });
    expect([deleted.statusCode, deleted.json()]).toEqual([200, '']);
    expectProblem(await t.inject({ method: 'DELETE', url: '/api/files/docs' }), 400, {
      title: 'Error deleting file',
      detail: "There was an error while trying to delete file with name 'docs'",
    });
  });

  it('reads JSON and text files too', async () => {
    await t.putFile('people', 'people.json', '[{"name":"ann","age":31},{"name":"bo","age":40}]');
    await t.putFile('notes', 'notes.txt', 'one\ntwo');
    const listed = (await t.inject({ url: '/api/files' })).json();
    expect(listed).toEqual(
      expect.arrayContaining([
        { name: 'people', row_count: 2, columns: ['name', 'age'] },
        { name: 'notes', row_count: 1, columns: ['content'] },
      ]),
    );
  });

  it('refuses binary files, bad names and bodies that are not a file upload', async () => {
    const bin = await t.upload('bin', 'x.csv', Buffer.from([0, 1, 2, 0, 255]));
    expectProblem(bin, 400, { detail: expect.stringContaining('binary') });
    for (const name of ["a'b", 'a"b', '1abc', 'a%2Fb', 'x'.repeat(100), '%C3%A9t%C3%A9']) {
      expectProblem(await t.upload(name, 'a.csv', CSV), 400, { title: 'Bad Request' });
    }
    // A JSON body is MindsDB's URL upload: a field it does not take is refused by name.
    const json = await t.inject({ method: 'PUT', url: '/api/files/ok', payload: { a: 1 } });
    expectProblem(json, 400, { title: 'Invalid request parameters' });
    expect((await t.upload('ok', 'a.csv', CSV, 'other')).statusCode).toBe(400);
  });
});

describe('sql', () => {
  it('creates, lists, uses and drops projects', async () => {
    expect(await t.sql('CREATE PROJECT sales')).toMatchObject({ type: 'ok', affected_rows: 1 });
    expect(await t.sql('CREATE PROJECT sales')).toMatchObject({
      type: 'error',
      error_message: "Project 'sales' already exists",
    });
    expect(await t.sql('CREATE PROJECT IF NOT EXISTS sales')).toMatchObject({ type: 'ok' });
    expect((await t.sql('SHOW PROJECTS')).data).toEqual([['mindsdb'], ['sales']]);
    expect(await t.sql('SHOW FULL DATABASES')).toMatchObject({
      column_names: ['Database', 'TYPE', 'ENGINE'],
      data: [
        ['information_schema', 'system', null],
        ['log', 'system', null],
        ['mindsdb', 'project', 'mindsdb'],
        ['sales', 'project', 'mindsdb'],
        ['files', 'data', 'files'],
      ],
    });
    expect(await t.sql('USE sales')).toMatchObject({ type: 'ok', context: { db: 'sales' } });
    expect(await t.sql('USE nowhere')).toMatchObject({
      type: 'error',
      error_message: "Database 'nowhere' does not exist",
    });
    // As in MindsDB, a new project already holds its models table, and nothing else.
    expect(await t.sql('SHOW TABLES', { db: 'sales' })).toMatchObject({
      column_names: ['Tables_in_sales'],
      data: [['models']],
    });
    expect(await t.sql('DROP PROJECT sales')).toMatchObject({ type: 'ok' });
    expect(await t.sql('DROP PROJECT sales')).toMatchObject({ type: 'error' });
    expect(await t.sql('DROP PROJECT IF EXISTS sales')).toMatchObject({ type: 'ok' });
    expect(await t.sql('DROP PROJECT mindsdb')).toMatchObject({ type: 'error' });
  });

  it('answers syntax errors and unknown tables with a located error result', async () => {
    const syntax = await t.sql('SELECT * FORM files.x');
    expect(syntax.type).toBe('error');
    expect(syntax.error_message).toMatch(/syntax error/i);
    expect(syntax.error_position).toEqual({ line: 1, column: 15 }); // the engine reads FORM as an alias
    const unknown = await t.sql('SELECT *\nFROM files.nope');
    expect(unknown).toMatchObject({ type: 'error', error_position: { line: 2, column: 12 } });
    expect(unknown.error_message).toContain('nope');
    const bare = await t.sql('SELECT * FROM docs');
    expect(bare.error_message).toBe("Unknown table 'docs': name the data source, e.g. files.docs");
    const ddl = await t.sql('CREATE TABLE x (a int)');
    expect(ddl.type).toBe('error');
  });

  it.each([
    "SELECT * FROM read_csv('/etc/passwd')",
    "SELECT * FROM read_text('/etc/hostname')",
    "SELECT * FROM files.docs, read_parquet('x.parquet')",
    'SELECT * FROM auth_tokens',
    'SELECT * FROM main.projects',
    "SELECT * FROM 'file.csv'",
  ])('never lets a query read the disk or the catalog: %s', async (query) => {
    expect((await t.sql(query)).type).toBe('error');
  });

  it('still runs table functions that read neither', async () => {
    expect((await t.sql('SELECT count(*) AS n FROM range(1000)')).data).toEqual([[1000]]);
  });

  it('refuses requests without a string query', async () => {
    for (const payload of [{}, { query: 5 }, { query: null }, { query: ['a'] }]) {
      const res = await t.inject({ method: 'POST', url: '/api/sql/query', payload });
      // MindsDB's title.
      expectProblem(res, 400, { title: 'Wrong arguments', detail: expect.stringContaining('query') });
    }
  });
});

describe('malformed input', () => {
  const postBody = (payload: string, contentType: string) =>
    t.inject({ method: 'POST', url: '/api/sql/query', payload, headers: { 'content-type': contentType } });

  it('answers malformed JSON with 400, other content types with 415, huge bodies with 413', async () => {
    expectProblem(await postBody('{"query": ', 'application/json'), 400, {
      title: 'Bad Request',
      detail: 'The body is not valid JSON',
    });
    expect((await postBody('SELECT 1', 'text/plain')).statusCode).toBe(415);
    const huge = await t.inject({
      method: 'POST',
      url: '/api/sql/query',
      payload: { query: `SELECT '${'x'.repeat(50 * 1024 * 1024)}'` },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().title).toBe('Payload Too Large');
    const long = await t.sql(`SELECT '${'x'.repeat(2_000_000)}'`);
    expect(long).toMatchObject({ type: 'error' });
    expect(long.error_message).toContain('too long');
    expect((await t.inject({ url: '/api/util/ping' })).statusCode).toBe(200);
  });

  it.each([
    "SELECT 'unterminated",
    'CREATE KNOWLEDGE_BASE kb USING x = {"a": 1',
    '`',
    ';',
    '/* open',
    '   ',
    'SELECT 1; SELECT 2',
  ])('turns the odd statement %j into an error result, never a crash', async (query) => {
    const r = await t.sql(query);
    expect(r.type).toBe('error');
    expect(r.error_message).not.toMatch(/ at .*\.ts:\d+/);
  });
});
