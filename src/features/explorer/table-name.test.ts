import { expect, it } from 'vitest';
import { tableNameFromFile } from './table-name';

it('proposes a valid table name from a file name', () => {
  expect(tableNameFromFile('Sales Q3 (final).csv')).toBe('sales_q3_final');
  expect(tableNameFromFile('2024-data.parquet')).toBe('t_2024_data');
  expect(tableNameFromFile('.csv')).toBe('t_');
});
