import { describe, expect, it } from 'vitest';
import { qualifiedName, quoteName, sqlString, tableNameFromFile } from './sql-text';

describe('quoteName', () => {
  it('leaves plain names bare and backquotes the rest', () => {
    expect(quoteName('orders_2024')).toBe('orders_2024');
    expect(quoteName('Orders')).toBe('Orders');
    expect(quoteName('my table')).toBe('`my table`');
    expect(quoteName('2024')).toBe('`2024`');
    expect(quoteName('a`b')).toBe('`a``b`');
  });

  it('quotes each part of a dotted name on its own', () => {
    expect(qualifiedName('files', 'My Data')).toBe('files.`My Data`');
    expect(qualifiedName('shop', 'sales', 'leads')).toBe('shop.sales.leads');
  });
});

describe('sqlString', () => {
  it('doubles quotes and backslashes so the text reaches the server unchanged', () => {
    expect(sqlString('plain')).toBe("'plain'");
    expect(sqlString("it's")).toBe("'it''s'");
    expect(sqlString('back\\slash')).toBe("'back\\\\slash'");
    expect(sqlString("\\'")).toBe("'\\\\'''");
    expect(sqlString('')).toBe("''");
  });
});

describe('tableNameFromFile', () => {
  it('makes a plain lower-case name from a file name', () => {
    expect(tableNameFromFile('Sales Q3 (final).csv')).toBe('sales_q3_final');
    expect(tableNameFromFile('Sales 2024.csv')).toBe('sales_2024');
    expect(tableNameFromFile('2024-data.parquet')).toBe('t_2024_data');
    expect(tableNameFromFile('.csv')).toBe('t_');
    expect(tableNameFromFile(`${'x'.repeat(80)}.csv`)).toHaveLength(63);
  });
});
