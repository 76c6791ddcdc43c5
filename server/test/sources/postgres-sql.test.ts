import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settledInsert } from '../background-insert';
import type { TestApp } from '../harness';
import { startPostgres, APP_PASSWORD, type RunningServer } from './servers';
import { closeSourceTest, createStatement, pgAdmin, startLoggedApp } from './setup';

// A real PostgreSQL started for this file: CREATE DATABASE, SELECTs sent to it, its faults and limits.
let server: RunningServer;
let admin: pg.Client;
let t: TestApp;
let logs: string[];

beforeAll(async () => {
  server = await startPostgres();
  admin = await pgAdmin(server);
  await admin.query(`
    CREATE TABLE orders (id int PRIMARY KEY, customer text, total numeric(10,2), placed date, big bigint);
    INSERT INTO orders SELECT g, 'c' || (g % 7), g * 1.5, DATE '2024-01-01' + g, 9007199254740993
      FROM generate_series(1, 300) g;
    CREATE SCHEMA sales;
    CREATE TABLE sales.leads (id int, email text);
    INSERT INTO sales.leads VALUES (1, 'a@x.org'), (2, 'b@x.org');
    CREATE TABLE "Mixed Case" ("Weird Col" text);
    INSERT INTO "Mixed Case" VALUES ('yes');
  `);
  ({ t, logs } = await startLoggedApp({ sqlTimeoutMs: 2_000 }));
  const created = await t.sql(createStatement('shop', 'postgres', server));
  expect(created).toMatchObject({ type: 'ok' });
}, 60_000);

afterAll(() => closeSourceTest(t, admin, server));

describe('CREATE DATABASE', () => {
  it('lists the source with its engine in SHOW DATABASES and SHOW FULL DATABASES', async () => {
    expect((await t.sql('SHOW DATABASES')).data).toContainEqual(['shop']);
    expect((await t.sql('SHOW FULL DATABASES')).data).toContainEqual(['shop', 'data', 'postgres']);
  });

  it('refuses a wrong password, naming the cause, and saves nothing', async () => {
    const r = await t.sql(createStatement('badpw', 'postgres', server, { password: 'not-the-password' }));
    expect(r.type).toBe('error');
    expect(r.error_message).toMatch(/wrong user name or password for user 'app'/i);
    expect(r.error_message).not.toContain('not-the-password');
    expect((await t.sql('SHOW DATABASES')).data).not.toContainEqual(['badpw']);
  });

  it('replaces a source with CREATE OR REPLACE DATABASE once the new connection works', async () => {
    expect((await t.sql(createStatement('swap', 'postgres', server))).type).toBe('ok');
    const bad = await t.sql(
      createStatement('swap', 'postgres', server, { password: 'wrong' }).replace(
        'CREATE',
        'CREATE OR REPLACE',
      ),
    );
    expect(bad.type).toBe('error');
    expect((await t.sql('SELECT count(*) FROM swap.orders')).data).toEqual([[300]]);
    const good = createStatement('swap', 'postgres', server, { schema: 'sales' });
    expect((await t.sql(good.replace('CREATE', 'CREATE OR REPLACE'))).type).toBe('ok');
    expect((await t.sql('SELECT count(*) FROM swap.leads')).data).toEqual([[2]]);
    expect((await t.sql('DROP DATABASE swap')).type).toBe('ok');
  });

  it('refuses a closed port and an unknown host, naming each', async () => {
    const closed = await t.sql(createStatement('closed', 'postgres', server, { port: 1 }));
    expect(closed.error_message).toMatch(/connection refused at 127\.0\.0\.1:1/i);
    const unknown = await t.sql(
      createStatement('nohost', 'postgres', server, { host: 'no-such-host.invalid' }),
    );
    expect(unknown.error_message).toMatch(/unknown host 'no-such-host\.invalid'/i);
  });

  it('refuses link-local and metadata addresses, and says so', async () => {
    for (const host of ['169.254.169.254', '::ffff:169.254.169.254', 'fe80::1']) {
      const r = await t.sql(createStatement('meta', 'postgres', server, { host }));
      expect(r.type).toBe('error');
      expect(r.error_message).toMatch(/link-local, metadata or reserved address/);
    }
  });

  it('refuses an unknown engine and a name that is taken', async () => {
    expect((await t.sql(createStatement('x', 'oracle', server))).error_message).toMatch(
      /Unknown engine 'oracle'/,
    );
    expect((await t.sql(createStatement('mindsdb', 'postgres', server))).error_message).toMatch(
      /already exists/,
    );
    expect((await t.sql(createStatement('shop', 'postgres', server))).error_message).toMatch(
      /already exists/,
    );
    expect(
      (await t.sql(`CREATE DATABASE IF NOT EXISTS shop WITH ENGINE = 'postgres', PARAMETERS = {}`)).type,
    ).toBe('ok');
  });
});

describe('object browser', () => {
  it('lists the source among the databases, and its schemas with their tables', async () => {
    const dbs = (await t.inject({ method: 'GET', url: '/api/tree/' })).json();
    expect(dbs).toContainEqual(expect.objectContaining({ name: 'shop', type: 'data', engine: 'postgres' }));
    const tree = (await t.inject({ method: 'GET', url: '/api/tree/shop' })).json();
    expect(tree.map((n: { name: string; class: string }) => [n.name, n.class])).toEqual([
      ['public', 'schema'],
      ['sales', 'schema'],
    ]);
    expect(tree[1].children).toEqual([
      expect.objectContaining({ name: 'leads', class: 'table', schema: 'sales' }),
    ]);
  });
});

describe('SELECT on the source', () => {
  it('answers source.schema.table and source.table, values as JSON', async () => {
    const r = await t.sql(
      'SELECT id, customer, total, placed, big FROM shop.public.orders WHERE id <= 2 ORDER BY id',
    );
    expect(r).toMatchObject({
      type: 'table',
      column_names: ['id', 'customer', 'total', 'placed', 'big'],
      data: [
        [1, 'c1', 1.5, '2024-01-02', '9007199254740993'],
        [2, 'c2', 3, '2024-01-03', '9007199254740993'],
      ],
    });
    const short = await t.sql('SELECT count(*) AS n FROM shop.orders WHERE customer = "c3"');
    expect(short.data).toEqual([[43]]);
    expect((await t.sql('SELECT email FROM shop.sales.leads ORDER BY id')).data).toEqual([
      ['a@x.org'],
      ['b@x.org'],
    ]);
  });

  it('sends joins, subqueries and aggregates whole, and keeps backticked names as names', async () => {
    const r = await t.sql(
      'SELECT o.customer, count(*) AS n FROM shop.orders o JOIN shop.sales.leads l ON l.id = o.id ' +
        'WHERE o.id IN (SELECT id FROM shop.orders WHERE total > 1) GROUP BY o.customer ORDER BY 1',
    );
    expect(r.data).toEqual([
      ['c1', 1],
      ['c2', 1],
    ]);
    expect((await t.sql('SELECT `Weird Col` FROM shop.`Mixed Case`')).data).toEqual([['yes']]);
  });

  it('answers unqualified tables after USE of the source', async () => {
    const r = await t.sql('SELECT count(*) AS n FROM orders', { db: 'shop' });
    expect(r.data).toEqual([[300]]);
    expect((await t.sql('SHOW TABLES', { db: 'shop' })).data).toContainEqual(['orders']);
  });

  it('passes a native query through: SELECT * FROM shop (native text)', async () => {
    const r = await t.sql(
      `SELECT * FROM shop (SELECT id::text || '-x' AS tag FROM orders ORDER BY id LIMIT 2)`,
    );
    expect(r).toMatchObject({ type: 'table', column_names: ['tag'], data: [['1-x'], ['2-x']] });
  });

  it("keeps a native query's text as the source writes it: double quotes name, MySQL's rewrites stay out", async () => {
    const r = await t.sql(`SELECT * FROM shop (SELECT "Weird Col" FROM "Mixed Case")`);
    expect(r).toMatchObject({ type: 'table', column_names: ['Weird Col'], data: [['yes']] });
  });

  it('defines a view over a native query (CREATE VIEW v FROM source (text)) and reads it', async () => {
    expect(
      (await t.sql(`CREATE VIEW mixed FROM shop (SELECT "Weird Col" AS w FROM "Mixed Case")`)).type,
    ).toBe('ok');
    expect(await t.sql('SELECT * FROM mindsdb.mixed')).toMatchObject({ type: 'table', data: [['yes']] });
  });

  it('creates a table in the source from a query and drops it, as its REST routes do', async () => {
    const made = await t.sql('CREATE TABLE shop.top_orders (SELECT id, total FROM orders WHERE id <= 3)');
    expect(made).toMatchObject({ type: 'ok' });
    expect((await admin.query('SELECT count(*)::int AS n FROM top_orders')).rows).toEqual([{ n: 3 }]);
    expect((await t.sql('CREATE TABLE IF NOT EXISTS shop.top_orders (SELECT 1 AS id)')).type).toBe('ok');
    expect((await t.sql('CREATE TABLE shop.cols (id int)')).error_message).toMatch(
      /column definitions is not offered here/,
    );
    expect((await t.sql('DROP TABLE shop.top_orders')).type).toBe('ok');
    expect((await t.sql('DROP TABLE IF EXISTS shop.top_orders')).type).toBe('ok');
    expect((await t.sql('DROP TABLE shop.top_orders')).error_message).toMatch(/not found/);
  });

  it('names the source error', async () => {
    const r = await t.sql('SELECT nope FROM shop.orders');
    expect(r.type).toBe('error');
    expect(r.error_message).toMatch(/column "nope" does not exist/);
  });

  it('bounds the rows the source sends: a 27-million-row join is refused, not read whole', async () => {
    // Without the bound the source would stream every row until the 2 s limit stopped it.
    const r = await t.sql('SELECT a.id FROM shop.orders a CROSS JOIN shop.orders b CROSS JOIN shop.orders c');
    expect(r.error_message).toMatch(/more than 100,000 rows/);
    expect((await t.sql('SELECT * FROM shop.orders')).data).toHaveLength(300);
  });
});

describe('the source by any spelling of its name', () => {
  it('answers REST for `Shop` as for `shop` (names of sources are lower case)', async () => {
    const rest = await t.inject({ method: 'GET', url: '/api/databases/Shop' });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ name: 'shop' });
  });
});

describe('INSERT INTO a knowledge base SELECT from the source', () => {
  it('loads the rows the source returns, with progress, and searches them', async () => {
    await admin.query(`CREATE TABLE articles (id int, body text);
      INSERT INTO articles SELECT g, 'article number ' || g || CASE WHEN g = 7 THEN ' about penguins' ELSE '' END
      FROM generate_series(1, 40) g`);
    expect(
      (await t.sql(`CREATE KNOWLEDGE_BASE kb USING content_columns = ['body'], id_column = 'id'`)).type,
    ).toBe('ok');
    const r = await t.sql('INSERT INTO kb SELECT id, body FROM shop.articles WHERE id <= 30');
    expect(r).toMatchObject({ type: 'ok', affected_rows: 30 });
    const progress = (
      await t.inject({ method: 'GET', url: '/api/projects/mindsdb/knowledge_bases/kb/progress' })
    ).json();
    expect(progress).toMatchObject({ state: 'done', rows_done: 30, rows_total: 30 });
    const found = await t.sql(`SELECT id FROM kb WHERE content = 'penguins' LIMIT 1`);
    // The source's integer id stays an integer.
    expect(found.data).toEqual([[7]]);
  });

  it("takes MindsDB's insert parameters, checked before the source is asked", async () => {
    const bad = await t.sql('INSERT INTO kb SELECT id, body FROM shop.articles USING batch_size = -3');
    expect(bad.error_message).toMatch(/batch_size must be a whole number from 1 to 100000/);
    const r = await t.sql(
      'INSERT INTO kb SELECT id, body FROM shop.articles USING batch_size = 3, track_column = id, ' +
        'kb_skip_existing = true',
    );
    // With batch_size it goes on in the background, as in MindsDB. 30 of the 40 rows are stored already:
    // the 10 others are inserted, all 40 are processed.
    expect(await settledInsert(t, 'kb', r)).toMatchObject({ PROCESSED_ROWS: 40, ERROR: null });
    expect((await t.sql('SELECT id FROM kb')).data).toHaveLength(40);
  });
});

describe('queries that join a source with files or another source', () => {
  it('joins a source table with an uploaded file, pulling only the named columns', async () => {
    await t.putFile('regions', 'regions.csv', 'customer,region\nc1,north\nc2,south\n');
    const r = await t.sql(
      'SELECT r.region, count(*) AS n, sum(o.total) AS total FROM shop.public.orders o ' +
        'JOIN files.regions r ON r.customer = o.customer GROUP BY r.region ORDER BY r.region',
    );
    expect(r).toMatchObject({
      type: 'table',
      column_names: ['region', 'n', 'total'],
      data: [
        ['north', 43, expect.any(Number)],
        ['south', 43, expect.any(Number)],
      ],
    });
  });

  it('joins two sources', async () => {
    await t.sql(createStatement('leads_db', 'postgres', server, { schema: 'sales' }));
    const r = await t.sql(
      'SELECT o.id, l.email FROM shop.orders o JOIN leads_db.leads l ON l.id = o.id ORDER BY o.id',
    );
    expect(r.data).toEqual([
      [1, 'a@x.org'],
      [2, 'b@x.org'],
    ]);
  });

  it('refuses a side that is too large, naming it', async () => {
    await admin.query('CREATE TABLE big AS SELECT g AS id FROM generate_series(1, 100001) g');
    const r = await t.sql(
      'SELECT count(*) AS n FROM shop.big b JOIN files.regions r ON r.customer = b.id::text',
    );
    expect(r.type).toBe('error');
    expect(r.error_message).toMatch(/'shop.big' has more than 100,000 rows/);
  });

  it('keeps the join engine away from the disk', async () => {
    const r = await t.sql(`SELECT * FROM shop.orders o JOIN read_csv('/etc/passwd') p ON true`);
    expect(r.type).toBe('error');
    expect(r.error_message).toMatch(/read_csv/);
  });
});

describe('injection through names and values', () => {
  it('keeps a quoted value one value: a backslash-escaped quote cannot end the string on the source', async () => {
    // Our dialect reads this as the one string `c1' OR 1=1 --`; PostgreSQL must see the same.
    const r = await t.sql("SELECT count(*) AS n FROM shop.orders WHERE customer = 'c1\\' OR 1=1 --'");
    expect(r).toMatchObject({ type: 'table', data: [[0]] });
    const dq = await t.sql("SELECT count(*) AS n FROM shop.orders WHERE customer = \"c1' OR '1'='1\"");
    expect(dq.data).toEqual([[0]]);
  });

  it('cannot smuggle a second statement through a string prefix the source reads differently', async () => {
    // To our parser: E, the string `\`, and the string ` ; DROP TABLE orders; -- `. Glued to its prefix the
    // first string would end at the second quote on PostgreSQL, and the DROP would run.
    const r = await t.sql(
      "SELECT id FROM shop.orders WHERE customer = E'\\\\' OR customer = ' ; DROP TABLE orders; SELECT 1 AS x -- '",
    );
    expect(r.type).toBe('error');
    expect((await admin.query('SELECT count(*)::int AS n FROM orders')).rows[0].n).toBe(300);
    const backslash = await t.sql("SELECT 'a\\\\b' AS v FROM shop.orders LIMIT 1");
    expect(backslash.data).toEqual([['a\\b']]);
  });

  it('keeps a backticked name one name on the source', async () => {
    const r = await t.sql('SELECT * FROM shop.`orders"; DROP TABLE orders; --`');
    expect(r.type).toBe('error');
    expect(r.error_message).toMatch(/does not exist/);
    expect((await admin.query('SELECT count(*)::int AS n FROM orders')).rows[0].n).toBe(300);
  });
});

describe('ALTER and DROP DATABASE', () => {
  it('changes parameters only when the new ones connect, and DROP removes the source', async () => {
    const bad = await t.sql(`ALTER DATABASE shop PARAMETERS = {"password": "wrong-one"}`);
    expect(bad.error_message).toMatch(/wrong user name or password/i);
    expect((await t.sql('SELECT count(*) AS n FROM shop.orders')).data).toEqual([[300]]);
    await t.sql(createStatement('shop2', 'postgres', server));
    expect((await t.sql(`ALTER DATABASE shop2 PARAMETERS = {"schema": "sales"}`)).type).toBe('ok');
    expect((await t.sql('SELECT count(*) AS n FROM shop2.leads')).data).toEqual([[2]]);
    expect((await t.sql('DROP DATABASE shop2')).type).toBe('ok');
    expect((await t.sql('SHOW DATABASES')).data).not.toContainEqual(['shop2']);
    expect((await t.sql('SELECT 1 FROM shop2.leads')).type).toBe('error');
  });

  it('never shows or logs the password', async () => {
    const everything = JSON.stringify([
      await t.sql('SHOW FULL DATABASES'),
      await t.sql('SHOW FULL TABLES FROM shop'),
      await t.sql('DESCRIBE shop'),
      (await t.inject({ method: 'GET', url: '/api/databases/shop' })).json(),
      (await t.inject({ method: 'GET', url: '/api/databases/' })).json(),
      await t.sql(`SELECT * FROM information_schema.tables`),
      logs,
    ]);
    expect(everything).not.toContain(APP_PASSWORD);
    expect((await t.sql('DESCRIBE shop')).data[0]).toEqual([
      'shop',
      'data',
      'postgres',
      expect.objectContaining({ user: 'app', password: '******' }),
      expect.any(String),
    ]);
    expect(
      (await t.inject({ method: 'GET', url: '/api/databases/shop' })).json().connection_data.password,
    ).toBe('******');
  });
});
