import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';

describe('views through SQL', () => {
  const t = useTestApp({}, async (app) => {
    await app.putFile('sales', 'sales.csv', 'id,team,amount\n1,red,10\n2,red,5\n3,blue,7\n');
    await app.sqlOk('CREATE PROJECT shop');
  });
  const error = async (query: string) => {
    const res = await t.sql(query);
    expect(res.type).toBe('error');
    return res as { error_message: string; error_position?: { line: number; column: number } };
  };

  it('creates a view with or without brackets and selects from it with WHERE, aggregates and joins', async () => {
    await t.sqlOk("CREATE VIEW shop.red_sales AS (SELECT id, amount FROM files.sales WHERE team = 'red')");
    await t.sqlOk('CREATE VIEW shop.all_sales AS SELECT * FROM files.sales');
    expect((await t.sqlOk('SELECT * FROM shop.red_sales ORDER BY id')).data).toEqual([
      [1, 10],
      [2, 5],
    ]);
    expect((await t.sqlOk('SELECT SUM(amount) AS total FROM shop.red_sales WHERE id > 1')).data).toEqual([
      [5],
    ]);
    const joined = await t.sqlOk(
      'SELECT a.team, r.amount FROM shop.all_sales a JOIN shop.red_sales r ON a.id = r.id ORDER BY r.amount',
    );
    expect(joined.data).toEqual([
      ['red', 5],
      ['red', 10],
    ]);
    // A column qualified by the view's own name still binds.
    expect((await t.sqlOk('SELECT red_sales.id FROM shop.red_sales ORDER BY 1')).data).toEqual([[1], [2]]);
    // Within the project, the view's bare name is enough; names are case-insensitive.
    expect((await t.sqlOk('SELECT COUNT(*) AS n FROM RED_SALES', { db: 'shop' })).data).toEqual([[2]]);
  });

  it('reads views of views', async () => {
    await t.sqlOk('CREATE VIEW shop.big_red AS (SELECT id FROM shop.red_sales WHERE amount > 6)');
    expect((await t.sqlOk('SELECT * FROM shop.big_red')).data).toEqual([[1]]);
    // A view naming another view of its project without the project finds it, whoever reads it.
    await t.sqlOk('CREATE VIEW shop.big_red_ids AS (SELECT id FROM big_red)');
    expect((await t.sqlOk('SELECT id + 1 AS next FROM shop.big_red_ids', { db: 'mindsdb' })).data).toEqual([
      [2],
    ]);
  });

  it('lists views in SHOW FULL TABLES as VIEW', async () => {
    const shown = await t.sqlOk('SHOW FULL TABLES FROM shop');
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
    await t.sqlOk('CREATE OR REPLACE VIEW shop.Red_Sales AS (SELECT 42 AS answer)');
    expect((await t.sqlOk('SELECT * FROM shop.red_sales')).data).toEqual([[42]]);
    expect((await t.sqlOk('CREATE VIEW IF NOT EXISTS shop.red_sales AS (SELECT 1 AS x)')).affected_rows).toBe(
      0,
    );
    await t.sqlOk('DROP VIEW shop.big_red_ids');
    await t.sqlOk('DROP VIEW shop.big_red');
    expect((await error('DROP VIEW shop.big_red')).error_message).toMatch(/View 'big_red' does not exist/);
    expect((await t.sqlOk('DROP VIEW IF EXISTS shop.big_red')).affected_rows).toBe(0);
  });

  it('gives a view no access its query would not have: the sandbox still applies', async () => {
    const refused = await error("CREATE VIEW shop.sneaky AS (SELECT * FROM read_csv('/etc/passwd'))");
    expect(refused.error_message).toMatch(
      /The view's query is refused \(line 1, column 15\): Table function 'read_csv' is not allowed/,
    );
    // A view saved before that check existed gives no more access when it is read.
    const project = (await t.deps.projects.get('shop')).id;
    await t.deps.views.store.insert(project, 'sneaky', "SELECT * FROM read_csv('/etc/passwd')");
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
    await t.sqlOk('CREATE KNOWLEDGE_BASE shop.docs');
    const clash = await error('CREATE VIEW shop.DOCS AS (SELECT 1 AS x)');
    expect(clash.error_message).toMatch(/'docs' is already a knowledge base in project 'shop'/);
  });

  it('reads a view answered by a knowledge base with WHERE and aggregates on top', async () => {
    await t.sqlOk(
      "INSERT INTO shop.docs (id, content) VALUES ('a', 'Refunds take five days.'), ('b', 'Invoices are sent by email.')",
    );
    await t.sqlOk(
      "CREATE VIEW shop.refund_hits AS (SELECT id, chunk_content FROM shop.docs WHERE content = 'refunds' LIMIT 2)",
    );
    expect((await t.sqlOk("SELECT COUNT(*) AS n FROM shop.refund_hits WHERE id = 'a'")).data).toEqual([[1]]);
    const joined = await t.sqlOk(
      'SELECT h.id, s.amount FROM shop.refund_hits h JOIN files.sales s ON s.id = 1 ORDER BY h.id',
    );
    expect(joined.data).toEqual([
      ['a', 10],
      ['b', 10],
    ]);
  });

  it('refuses a view that reads itself instead of looping', async () => {
    await t.sqlOk('CREATE VIEW shop.loop_a AS (SELECT 1 AS x)');
    await t.sqlOk('CREATE OR REPLACE VIEW shop.loop_a AS (SELECT * FROM shop.loop_a)');
    expect((await error('SELECT * FROM shop.loop_a s WHERE x = 1')).error_message).toMatch(/levels deep/);
  });
});
