import { describe, expect, it } from 'vitest';
import { numberedParameters } from './postgres-catalog';

describe('numberedParameters', () => {
  it('numbers each ? in order, as PostgreSQL writes parameters', () => {
    expect(numberedParameters('SELECT a FROM t WHERE b = ? AND c IN (?, ?::BIGINT)')).toBe(
      'SELECT a FROM t WHERE b = $1 AND c IN ($2, $3::BIGINT)',
    );
  });

  it('leaves a ? inside a string literal, a quoted name or a comment alone', () => {
    expect(numberedParameters(`SELECT '?', "a?" FROM t WHERE x = ? -- why?\nAND y = ?`)).toBe(
      `SELECT '?', "a?" FROM t WHERE x = $1 -- why?\nAND y = $2`,
    );
  });
});
