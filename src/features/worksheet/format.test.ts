import { describe, expect, it } from 'vitest';
import { formatCount, formatDuration, groupDigits, statementSummary } from './format';

describe('formatDuration', () => {
  it('picks a readable unit', () => {
    expect(formatDuration(85.4)).toBe('85 ms');
    expect(formatDuration(1240)).toBe('1.24 s');
    expect(formatDuration(12_430)).toBe('12.4 s');
    expect(formatDuration(125_000)).toBe('2 min 05 s');
    expect(formatDuration(Number.NaN)).toBe('–');
  });
});

describe('formatCount', () => {
  it('groups digits and agrees in number', () => {
    expect(formatCount(1, 'row', 'rows')).toBe('1 row');
    expect(formatCount(100_000, 'row', 'rows')).toBe('100,000 rows');
    expect(formatCount(0, 'row', 'rows')).toBe('0 rows');
  });
});

describe('statementSummary', () => {
  it('puts a statement on one shortened line', () => {
    expect(statementSummary('SELECT *\n  FROM   t')).toBe('SELECT * FROM t');
    expect(statementSummary('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('groupDigits', () => {
  it('groups thousands, keeping signs and fractions', () => {
    expect(groupDigits(0)).toBe('0');
    expect(groupDigits(999)).toBe('999');
    expect(groupDigits(1000)).toBe('1,000');
    expect(groupDigits(-1234567.891)).toBe('-1,234,567.891');
  });
});
