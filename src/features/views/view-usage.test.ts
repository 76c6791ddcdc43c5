import { describe, expect, it } from 'vitest';
import { sqlNamesView, viewUses } from './view-usage';

describe('sqlNamesView', () => {
  it('finds the view bare, qualified, backquoted, in any case', () => {
    expect(sqlNamesView('SELECT * FROM big_orders', 'shop', 'big_orders')).toBe(true);
    expect(sqlNamesView('select * from SHOP.Big_Orders where x', 'shop', 'big_orders')).toBe(true);
    expect(sqlNamesView('SELECT * FROM `shop`.`big_orders`', 'shop', 'big_orders')).toBe(true);
    expect(sqlNamesView('SELECT * FROM shop . big_orders', 'shop', 'big_orders')).toBe(true);
  });

  it('does not take a longer name, or the same name in another database, for the view', () => {
    expect(sqlNamesView('SELECT * FROM big_orders_2024', 'shop', 'big_orders')).toBe(false);
    expect(sqlNamesView('SELECT * FROM old_big_orders', 'shop', 'big_orders')).toBe(false);
    expect(sqlNamesView('SELECT * FROM files.big_orders', 'shop', 'big_orders')).toBe(false);
    expect(sqlNamesView('SELECT big_orders_id FROM t', 'shop', 'big_orders')).toBe(false);
  });
});

describe('viewUses', () => {
  it('lists the jobs, agents and other views of the project that name the view', () => {
    const uses = viewUses('shop', 'big', {
      jobs: [
        { name: 'sync', query: 'INSERT INTO kb SELECT * FROM shop.big', if_query: null },
        { name: 'gate', query: 'SELECT 1', if_query: 'SELECT * FROM big WHERE n > 1' },
        { name: 'other', query: 'SELECT * FROM bigger' },
      ],
      agents: [
        { name: 'all_of_shop', data: { tables: ['shop.*'] } },
        { name: 'named', data: { tables: ['files.orders', 'SHOP.big'] } },
        { name: 'files_only', data: { tables: ['files.*'] } },
        { name: 'no_data', data: null },
      ],
      views: [
        { name: 'big', query: 'SELECT * FROM big' },
        { name: 'summary', query: 'SELECT count(*) FROM big' },
        { name: 'unrelated', query: 'SELECT * FROM files.big' },
      ],
    });
    expect(uses).toEqual([
      { kind: 'job', name: 'sync', via: 'its statements' },
      { kind: 'job', name: 'gate', via: 'its statements' },
      { kind: 'agent', name: 'all_of_shop', via: 'shop.*' },
      { kind: 'agent', name: 'named', via: 'SHOP.big' },
      { kind: 'view', name: 'summary', via: 'its query' },
    ]);
  });
});
