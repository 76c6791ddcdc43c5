import { describe, expect, it } from 'vitest';
import { ApiError } from '../client';
import { parseSqlResult } from './parse-result';

describe('parseSqlResult', () => {
  it('keeps table rows as they are, and unknown extra fields', () => {
    const rows = [[1, { a: 1 }, null]];
    const result = parseSqlResult({
      type: 'table',
      column_names: ['a', 'b', 'c'],
      data: rows,
      context: { db: 'x' },
      extra: 1,
    });
    expect(result).toEqual({
      type: 'table',
      column_names: ['a', 'b', 'c'],
      data: rows,
      context: { db: 'x' },
      extra: 1,
    });
    expect(result.type === 'table' && result.data).toBe(rows);
  });

  it('refuses a table whose rows are not arrays, or whose envelope is wrong', () => {
    expect(() => parseSqlResult({ type: 'table', column_names: ['a'], data: [[1], 2] })).toThrow(ApiError);
    expect(() => parseSqlResult({ type: 'table', column_names: ['a'], data: 'x' })).toThrow(/array of rows/);
    expect(() => parseSqlResult({ type: 'table', column_names: 'a', data: [] })).toThrow(ApiError);
  });

  it('reads ok and error results through the schema', () => {
    expect(parseSqlResult({ type: 'ok', affected_rows: 2 })).toEqual({ type: 'ok', affected_rows: 2 });
    expect(
      parseSqlResult({ type: 'error', error_message: 'no', error_position: { line: 1, column: 2 } }),
    ).toMatchObject({
      error_position: { line: 1, column: 2 },
    });
    expect(() => parseSqlResult({ type: 'nope' })).toThrow(ApiError);
  });
});
