import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../harness';
import { startMariadb, startPostgres, type RunningServer } from './servers';
import { closeSourceTest, createStatement, mariadbAdmin, pgAdmin, startLoggedApp } from './setup';

// Queries that join a source with files.*: what each side is asked for, read from the source's own statement
// log (PostgreSQL's log_statement, MariaDB's general log), and answers equal to the same query over files.
let postgres: RunningServer;
let mariadb: RunningServer;
let admin: pg.Client;
let t: TestApp;

/** The same orders in PostgreSQL, MariaDB and files.orders; status is 'open', 'closed' or 'OPEN'. */
const ORDERS = Array.from({ length: 3000 }, (_, i) => {
  const id = i + 1;
  return [id, `c${id % 7}`, id * 1.5, ['closed', 'OPEN', 'open'][id % 3]] as const;
});
/** c99 has no orders (an outer join leaves it alone); c0 has no region. */
const REGIONS = [1, 2, 3, 4, 5, 6, 99].map((n) => [`c${n}`, ['north', 'south', 'west'][n % 3]]);

beforeAll(async () => {
  [postgres, mariadb] = await Promise.all([
    startPostgres({ logStatements: true }),
    startMariadb({ logStatements: true }),
  ]);
  const values = ORDERS.map(
    ([id, customer, total, status]) => `(${id}, '${customer}', ${total}, '${status}')`,
  );
  admin = await pgAdmin(postgres);
  await admin.query(`
    CREATE TABLE orders (id int PRIMARY KEY, customer text, total numeric(10,2), status text);
    INSERT INTO orders VALUES ${values.join(', ')};
    CREATE TABLE big AS SELECT g AS id FROM generate_series(1, 100001) g;`);
  const maria = await mariadbAdmin(mariadb);
  await maria.query(
    'CREATE TABLE orders (id int PRIMARY KEY, customer varchar(20), total decimal(10,2), status varchar(20))',
  );
  await maria.query(`INSERT INTO orders VALUES ${values.join(', ')}`);
  await maria.end();
  ({ t } = await startLoggedApp());
  expect(await t.sql(createStatement('shop', 'postgres', postgres))).toMatchObject({ type: 'ok' });
  expect(await t.sql(createStatement('maria', 'mysql', mariadb))).toMatchObject({ type: 'ok' });
  await t.putFile(
    'orders',
    'orders.csv',
    ['id,customer,total,status', ...ORDERS.map((r) => r.join(','))].join('\n'),
  );
  await t.putFile(
    'regions',
    'regions.csv',
    ['customer,region', ...REGIONS.map((r) => r.join(','))].join('\n'),
  );
}, 120_000);

afterAll(() => closeSourceTest(t, admin, postgres, mariadb));

/**
 * Runs `sql` and returns its answer with the statements the source logged for it (read once a marker statement
 * is logged after them, so that nothing is still on its way to the log).
 */
async function withLog(server: RunningServer, source: string, sql: string) {
  const before = server.statementLog().length;
  const result = await t.sql(sql);
  const marker = `ks-marker-${Math.random().toString(36).slice(2)}`;
  await t.sql(`SELECT * FROM ${source} (SELECT '${marker}' AS m)`);
  for (let i = 0; i < 100 && !server.statementLog().includes(marker); i++)
    await new Promise((r) => setTimeout(r, 50));
  return { result, logged: server.statementLog().slice(before) };
}

/** Runs `template` with `{o}` as the source's orders and as files.orders: both must answer alike. */
async function compare(server: RunningServer, source: string, template: string) {
  const fromSource = await withLog(server, source, template.replaceAll('{o}', `${source}.orders`));
  const fromFiles = await t.sql(template.replaceAll('{o}', 'files.orders'));
  expect(fromFiles.type).toBe('table');
  expect(fromSource.result).toEqual(fromFiles);
  return fromSource;
}

/** The source's statements that read a table (not the empty reads of its columns nor the marker). */
const reads = (logged: string, table: string) =>
  logged.split('\n').filter((line) => line.includes(`FROM ${table}`) && !line.includes('1 = 0'));

describe('a source joined with files: each side is asked only for what the query needs', () => {
  it("sends the WHERE conditions on the source's own columns to PostgreSQL, values bound", async () => {
    const { result, logged } = await compare(
      postgres,
      'shop',
      'SELECT o.id, o.total, r.region FROM {o} o JOIN files.regions r ON r.customer = o.customer ' +
        "WHERE o.total >= 4000 AND o.status = 'open' AND r.region <> 'west' ORDER BY o.id",
    );
    expect(result.data.length).toBeGreaterThan(10);
    const [read] = reads(logged, '"orders"');
    expect(read).toContain(
      'SELECT "id", "customer", "total", "status" FROM "orders" WHERE "total" >= $1::bigint AND "status" = $2 LIMIT 100001',
    );
    expect(logged).toMatch(/parameters: \$1 = '4000', \$2 = 'open'/i);
    expect(logged).not.toContain('west');
  });

  it('sends OR, IN, BETWEEN and LIKE; leaves out what it cannot send (a function) and keeps the answer', async () => {
    const { result, logged } = await compare(
      postgres,
      'shop',
      'SELECT o.id, r.region FROM {o} o JOIN files.regions r ON r.customer = o.customer ' +
        "WHERE (o.status = 'OPEN' OR o.id IN (1, 2, 3)) AND o.total BETWEEN 10 AND 200.5 " +
        "AND o.customer LIKE 'c1%' AND length(o.status) > 2 ORDER BY o.id",
    );
    expect(result.data.length).toBeGreaterThan(3);
    const [read] = reads(logged, '"orders"');
    expect(read).toContain(
      'WHERE ("status" = $1 OR "id" IN ($2::bigint, $3::bigint, $4::bigint)) AND "total" BETWEEN $5::bigint AND $6::numeric AND "customer" LIKE $7 LIMIT',
    );
    expect(read).not.toContain('length');
  });

  it('sends an unqualified column found in one side only, not one both sides have', async () => {
    const { result, logged } = await compare(
      postgres,
      'shop',
      "SELECT id, region FROM {o} JOIN files.regions USING (customer) WHERE total > 4400 AND customer = 'c1' ORDER BY id",
    );
    expect(result.data.length).toBeGreaterThan(3);
    const [read] = reads(logged, '"orders"');
    expect(read).toMatch(/WHERE "total" > \$1::bigint LIMIT/);
  });

  it('sends nothing to the null-filled side of an outer join (the WHERE there keeps rows without a match)', async () => {
    const { result, logged } = await compare(
      postgres,
      'shop',
      'SELECT r.customer, o.id FROM files.regions r LEFT JOIN {o} o ON o.customer = r.customer ' +
        'WHERE o.id IS NULL ORDER BY r.customer',
    );
    expect(result.data).toEqual([['c99', null]]);
    const [read] = reads(logged, '"orders"');
    expect(read).not.toContain('WHERE');
  });

  it('keeps a quote in a value one value: it is a bound parameter', async () => {
    const { result, logged } = await compare(
      postgres,
      'shop',
      "SELECT o.id FROM {o} o JOIN files.regions r ON r.customer = o.customer WHERE o.status = 'x'' OR ''1''=''1'",
    );
    expect(result.data).toEqual([]);
    expect(reads(logged, '"orders"')[0]).toContain('WHERE "status" = $1 LIMIT');
  });

  it('sends a LIMIT only where it cannot change the answer: one table, no join, every condition sent', async () => {
    const alone = await withLog(
      postgres,
      'shop',
      "SELECT o.id, o.status, (SELECT count(*) FROM files.regions) AS n FROM shop.orders o WHERE o.status = 'open' LIMIT 4",
    );
    expect(alone.result.data).toHaveLength(4);
    expect(alone.result.data.every((row: unknown[]) => row[1] === 'open')).toBe(true);
    expect(reads(alone.logged, '"orders"')[0]).toContain('WHERE "status" = $1 LIMIT 4');
    const joined = await compare(
      postgres,
      'shop',
      'SELECT o.id FROM {o} o JOIN files.regions r ON r.customer = o.customer WHERE o.id < 100 ORDER BY o.id LIMIT 5',
    );
    expect(joined.result.data).toHaveLength(5);
    expect(reads(joined.logged, '"orders"')[0]).toContain('LIMIT 100001');
  });

  it('joins a large table through its pushed condition; still refuses a side too large, naming it', async () => {
    const ok = await t.sql(
      "SELECT count(*) AS n FROM shop.big b JOIN files.regions r ON r.customer = 'c' || b.id WHERE b.id <= 10",
    );
    expect(ok).toMatchObject({ type: 'table', data: [[6]] });
    const tooLarge = await t.sql(
      "SELECT count(*) AS n FROM shop.big b JOIN files.regions r ON r.customer = 'c' || b.id WHERE b.id > 0",
    );
    expect(tooLarge.type).toBe('error');
    expect(tooLarge.error_message).toMatch(
      /'shop.big' has more than 100,000 rows matching the conditions sent to it: too large to join/,
    );
  });

  it('sends the conditions to MariaDB; its case-insensitive equality keeps more rows, the answer does not', async () => {
    const { result, logged } = await compare(
      mariadb,
      'maria',
      'SELECT o.id, o.status, r.region FROM {o} o JOIN files.regions r ON r.customer = o.customer ' +
        "WHERE o.total >= 4000 AND o.status = 'open' ORDER BY o.id",
    );
    expect(result.data.length).toBeGreaterThan(10);
    expect(result.data.every((row: unknown[]) => row[1] === 'open')).toBe(true);
    expect(reads(logged, '`orders`')[0]).toContain(
      "SELECT `id`, `customer`, `total`, `status` FROM `orders` WHERE `total` >= 4000 AND `status` = 'open' LIMIT 100001",
    );
  });

  it('sends no LIMIT to MariaDB, whose looser text equality would cut the answer short', async () => {
    const { result, logged } = await withLog(
      mariadb,
      'maria',
      "SELECT o.id, o.status, (SELECT count(*) FROM files.regions) AS n FROM maria.orders o WHERE o.status = 'open' LIMIT 3",
    );
    expect(result.data).toHaveLength(3);
    expect(result.data.every((row: unknown[]) => row[1] === 'open')).toBe(true);
    expect(reads(logged, '`orders`')[0]).toContain("WHERE `status` = 'open' LIMIT 100001");
  });
});
