import { describe, expect, it } from 'vitest';
import { insertFromTableSql } from '../../../api/knowledge-bases/sql';
import { choiceKey, choiceLabel, choiceOf } from './table-choice';

describe('the table a load reads', () => {
  it('keeps a table of files as its bare name, as links give it', () => {
    expect(choiceKey({ db: 'files', table: 'notes' })).toBe('notes');
    expect(choiceOf('notes')).toEqual({ db: 'files', table: 'notes' });
  });

  it("round-trips a data source's table with its schema, whatever the names hold", () => {
    const ref = { db: 'shop', schema: 'sales', table: 'odd/"name' };
    expect(choiceOf(choiceKey(ref))).toEqual(ref);
    expect(choiceOf(choiceKey({ db: 'shop', table: 'orders' }))).toEqual({ db: 'shop', table: 'orders' });
    expect(choiceLabel(ref)).toBe('shop.sales.odd/"name');
  });

  it("loads from the source's schema-qualified table", () => {
    const sql = insertFromTableSql('mindsdb', 'kb', { db: 'shop', schema: 'sales', table: 'Lead Notes' }, [
      { source: 'body', target: 'content' },
    ]);
    expect(sql).toBe('INSERT INTO mindsdb.kb SELECT body AS content FROM shop.sales.`Lead Notes`');
  });
});
