import type mysql from 'mysql2/promise';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseSse } from '../../../protocol/sse';
import { startFakeProvider, textReply, toolCallReply } from '../fake-provider';
import type { TestApp } from '../harness';
import { startMariadb, APP_PASSWORD, type RunningServer } from './servers';
import {
  closeSourceTest,
  createStatement,
  expectStoppedOnSource,
  mariadbAdmin,
  startLoggedApp,
} from './setup';

// A real MariaDB started for this file, connected with ENGINE = 'mysql' (MindsDB's parameter names).
let server: RunningServer;
let admin: mysql.Connection;
let t: TestApp;
let logs: string[];

beforeAll(async () => {
  server = await startMariadb();
  admin = await mariadbAdmin(server);
  await admin.query(`
    CREATE TABLE articles (id INT PRIMARY KEY, title VARCHAR(100), body TEXT, price DECIMAL(8,2), made DATETIME);
    INSERT INTO articles VALUES (1, 'Hello', 'first body', 9.99, '2024-05-01 10:00:00'),
      (2, 'It''s', 'second body', 20.00, '2024-05-02 11:30:00');
    CREATE TABLE \`odd name\` (\`a col\` INT);
    INSERT INTO \`odd name\` VALUES (7);
  `);
  ({ t, logs } = await startLoggedApp({ sqlTimeoutMs: 2_000 }));
  expect(await t.sql(createStatement('maria', 'mysql', server))).toMatchObject({ type: 'ok' });
}, 60_000);

afterAll(() => closeSourceTest(t, admin, server));

it('lists the source and its tables', async () => {
  expect((await t.sql('SHOW FULL DATABASES')).data).toContainEqual(['maria', 'data', 'mysql']);
  const tables = (await t.sql('SHOW TABLES FROM maria')).data;
  expect(tables).toEqual([['articles'], ['odd name']]);
});

it('sends a SELECT to the source and answers values as JSON', async () => {
  const r = await t.sql('SELECT id, title, price, made FROM maria.articles ORDER BY id');
  expect(r).toMatchObject({
    column_names: ['id', 'title', 'price', 'made'],
    data: [
      [1, 'Hello', 9.99, '2024-05-01 10:00:00'],
      [2, "It's", 20, '2024-05-02 11:30:00'],
    ],
  });
  expect((await t.sql('SELECT `a col` FROM maria.`odd name`')).data).toEqual([[7]]);
  expect(
    (await t.sql('SELECT * FROM maria (SELECT CONCAT(title, "!") AS t FROM articles WHERE id = 1)')).data,
  ).toEqual([['Hello!']]);
});

it('keeps values and names from breaking out of their quotes', async () => {
  const value = await t.sql("SELECT count(*) AS n FROM maria.articles WHERE title = 'x\\' OR 1=1 -- '");
  expect(value.data).toEqual([[0]]);
  const name = await t.sql('SELECT * FROM maria.`articles`` WHERE 1=1; DROP TABLE articles; --`');
  expect(name.type).toBe('error');
  expect(
    ((await admin.query('SELECT count(*) AS n FROM articles')) as [{ n: number }[], unknown])[0][0].n,
  ).toBe(2);
});

it('refuses a wrong password naming the cause, with no secret in the answer or the logs', async () => {
  const r = await t.sql(createStatement('bad', 'mysql', server, { password: 'wrong-secret-value' }));
  expect(r.error_message).toMatch(/wrong user name or password for user 'app'/i);
  const closed = await t.sql(createStatement('closed', 'mariadb', server, { port: 1 }));
  expect(closed.error_message).toMatch(/connection refused at 127\.0\.0\.1:1/i);
  expect(JSON.stringify([r, logs, await t.sql('SHOW FULL DATABASES')])).not.toMatch(
    new RegExp(`wrong-secret-value|${APP_PASSWORD}`),
  );
});

it('stops a slow statement on the source at the time limit and on Stop', async () => {
  const sleeping = async () =>
    (
      (await admin.query(
        `SELECT count(*) AS n FROM information_schema.processlist WHERE info LIKE 'SELECT SLEEP(30)%'`,
      )) as [{ n: number }[], unknown]
    )[0][0].n;
  const timedOut = await t.sql('SELECT * FROM maria (SELECT SLEEP(30))');
  expect(timedOut.error_message).toMatch(/longer than 2 s and was stopped on the source/);
  await expect.poll(sleeping, { timeout: 15_000 }).toBe(0);
  await expectStoppedOnSource(t, 'SELECT * FROM maria (SELECT SLEEP(30))', sleeping);
  expect((await t.sql('SELECT count(*) AS n FROM maria.articles')).data).toEqual([[2]]);
});

it('reconnects after the source drops the connection mid-query', async () => {
  const running = t.sql('SELECT * FROM maria (SELECT SLEEP(20))');
  const ids = async () =>
    (
      (await admin.query(
        `SELECT id FROM information_schema.processlist WHERE info LIKE 'SELECT SLEEP(20)%'`,
      )) as [{ id: number }[], unknown]
    )[0];
  await expect.poll(async () => (await ids()).length, { timeout: 15_000 }).toBe(1);
  await admin.query(`KILL CONNECTION ${Number((await ids())[0].id)}`);
  expect((await running).type).toBe('error');
  expect((await t.sql('SELECT count(*) AS n FROM maria.articles')).data).toEqual([[2]]);
});

it("gives an agent with tables ['maria.*'] the source's tables for its SQL tools", async () => {
  const steps = [
    toolCallReply('sql_db_list_tables', {}),
    toolCallReply('sql_db_schema', { table_names: 'maria.articles' }),
    toolCallReply('sql_db_query', { query: 'SELECT title FROM maria.articles WHERE price > 10' }),
  ];
  const fake = await startFakeProvider((_, i) => steps[i] ?? textReply('done'));
  try {
    const model = { provider: 'openai', model_name: 'fake', api_key: 'sk-x', base_url: fake.baseUrl };
    const created = await t.inject({
      method: 'POST',
      url: '/api/projects/mindsdb/agents',
      payload: { agent: { name: 'shop_agent', model, data: { tables: ['maria.*'] } } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const res = await t.inject({
      method: 'POST',
      url: '/api/projects/mindsdb/agents/shop_agent/completions/stream',
      payload: { messages: [{ question: 'which articles cost more than 10?' }] },
    });
    const observations = parseSse(res.body)
      .events.map((e) => JSON.parse(e.data))
      .filter((e) => e.steps)
      .map((e) => String(e.steps[0].observation));
    expect(observations[0]).toContain('maria.articles');
    expect(observations[0]).toContain('maria.odd name');
    expect(observations[1]).toMatch(/CREATE TABLE maria\.articles[\s\S]*title[\s\S]*Hello/);
    expect(observations[2]).toContain("It's");
    expect(observations[2]).not.toContain('Hello');
    const unknown = await t.inject({
      method: 'POST',
      url: '/api/projects/mindsdb/agents',
      payload: { agent: { name: 'bad_agent', model, data: { tables: ['maria.nope'] } } },
    });
    expect(unknown.statusCode).toBe(400);
  } finally {
    await fake.close();
  }
});
