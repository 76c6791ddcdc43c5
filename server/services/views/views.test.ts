import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, startTestApp, type TestApp } from '../../test/harness';

describe('views through SQL', () => {
  let t: TestApp;
  const ok = async (query: string, context?: Record<string, unknown>) => {
    const res = await t.sql(query, context);
    if (res.type === 'error') throw new Error(`${query}: ${res.error_message}`);
    return res;
  };
  const error = async (query: string) => {
    const res = await t.sql(query);
    expect(res.type).toBe('error');
    return res as { error_message: string; error_position?: { line: number; column: number } };
  };

  beforeAll(async () => {
    t = await startTestApp();
    const csv = 'id,team,amount\n1,red,10\n2,red,5\n3,blue,7\n';
    const file = multipartFile('file', 'sales.csv', csv);
    const put = await t.inject({ method: 'PUT', url: '/api/files/sales', ...file });
    expect(put.statusCode).toBeLessThan(300);
    await ok('CREATE PROJECT shop');
  });
  afterAll(() => t.close());

  it('creates a view with or without brackets and selects from it with WHERE, aggregates and joins', async () => {
    await ok("CREATE VIEW shop.red_sales AS (SELECT id, amount FROM files.sales WHERE team = 'red')");
    await ok('CREATE VIEW shop.all_sales AS SELECT * FROM files.sales');
    expect((await ok('SELECT * FROM shop.red_sales ORDER BY id')).data).toEqual([
      [1, 10],
      [2, 5],
    ]);
    expect((await ok('SELECT SUM(amount) AS total FROM shop.red_sales WHERE id > 1')).data).toEqual([[5]]);
    const joined = await ok(
      'SELECT a.team, r.amount FROM shop.all_sales a JOIN shop.red_sales r ON a.id = r.id ORDER BY r.amount',
    );
    expect(joined.data).toEqual([
      ['red', 5],
      ['red', 10],
    ]);
    // A column qualified by the view's own name still binds.
    expect((await ok('SELECT red_sales.id FROM shop.red_sales ORDER BY 1')).data).toEqual([[1], [2]]);
    // Within the project, the view's bare name is enough; names are case-insensitive.
    expect((await ok('SELECT COUNT(*) AS n FROM RED_SALES', { db: 'shop' })).data).toEqual([[2]]);
  });

  it('reads views of views', async () => {
    await ok('CREATE VIEW shop.big_red AS (SELECT id FROM shop.red_sales WHERE amount > 6)');
    expect((await ok('SELECT * FROM shop.big_red')).data).toEqual([[1]]);
    // A view naming another view of its project without the project finds it, whoever reads it.
    await ok('CREATE VIEW shop.big_red_ids AS (SELECT id FROM big_red)');
    expect((await ok('SELECT id + 1 AS next FROM shop.big_red_ids', { db: 'mindsdb' })).data).toEqual([[2]]);
  });

  it('lists views in SHOW FULL TABLES as VIEW', async () => {
    const shown = await ok('SHOW FULL TABLES FROM shop');
    expect(shown.data).toEqual(
      expect.arrayContaining([
        ['red_sales', 'VIEW'],
        ['all_sales', 'VIEW'],
      ]),
    );
  });

  it('replaces, refuses a duplicate, and drops', async () => {
    const dup = await error('CREATE VIEW shop.red_sales AS (SELECT 1 AS x)');
    expect(dup.error_message).toMatch(/View 'red_sales' already exists/);
    await ok('CREATE OR REPLACE VIEW shop.Red_Sales AS (SELECT 42 AS answer)');
    expect((await ok('SELECT * FROM shop.red_sales')).data).toEqual([[42]]);
    expect((await ok('CREATE VIEW IF NOT EXISTS shop.red_sales AS (SELECT 1 AS x)')).affected_rows).toBe(0);
    await ok('DROP VIEW shop.big_red_ids');
    await ok('DROP VIEW shop.big_red');
    expect((await error('DROP VIEW shop.big_red')).error_message).toMatch(/View 'big_red' does not exist/);
    expect((await ok('DROP VIEW IF EXISTS shop.big_red')).affected_rows).toBe(0);
  });

  it('gives a view no access its query would not have: the sandbox still applies', async () => {
    await ok("CREATE VIEW shop.sneaky AS (SELECT * FROM read_csv('/etc/passwd'))");
    const res = await error('SELECT * FROM shop.sneaky');
    expect(res.error_message).toMatch(/Table function 'read_csv' is not allowed/);
    const direct = await error('SELECT * FROM shop.sneaky s JOIN files.sales f ON true');
    expect(direct.error_message).toMatch(/not allowed/);
  });

  it('refuses a view that is not one SELECT, with the position', async () => {
    const notSelect = await error('CREATE VIEW shop.v2 AS (DROP PROJECT shop)');
    expect(notSelect.error_message).toMatch(/one SELECT/);
    const broken = await error('CREATE VIEW shop.v3 AS (SELECT id FROM files.sales WHERE)');
    expect(broken.error_message).toMatch(/does not parse \(line 1, column \d+\)/);
    const late = await error('CREATE VIEW shop.v4 AS (SELECT 1;\n SELEC 2)');
    expect(late.error_position).toEqual({ line: 2, column: 2 });
  });

  it('shares one set of names with knowledge bases and agents', async () => {
    await ok('CREATE KNOWLEDGE_BASE shop.docs');
    const clash = await error('CREATE VIEW shop.DOCS AS (SELECT 1 AS x)');
    expect(clash.error_message).toMatch(/'docs' is already a knowledge base in project 'shop'/);
  });

  it('reads a view answered by a knowledge base with WHERE and aggregates on top', async () => {
    await ok(
      "INSERT INTO shop.docs (id, content) VALUES ('a', 'Refunds take five days.'), ('b', 'Invoices are sent by email.')",
    );
    await ok(
      "CREATE VIEW shop.refund_hits AS (SELECT id, chunk_content FROM shop.docs WHERE content = 'refunds' LIMIT 2)",
    );
    expect((await ok("SELECT COUNT(*) AS n FROM shop.refund_hits WHERE id = 'a'")).data).toEqual([[1]]);
    const joined = await ok(
      'SELECT h.id, s.amount FROM shop.refund_hits h JOIN files.sales s ON s.id = 1 ORDER BY h.id',
    );
    expect(joined.data).toEqual([
      ['a', 10],
      ['b', 10],
    ]);
  });

  it('refuses a view that reads itself instead of looping', async () => {
    await ok('CREATE VIEW shop.loop_a AS (SELECT 1 AS x)');
    await ok('CREATE OR REPLACE VIEW shop.loop_a AS (SELECT * FROM shop.loop_a)');
    expect((await error('SELECT * FROM shop.loop_a s WHERE x = 1')).error_message).toMatch(/levels deep/);
  });
});
