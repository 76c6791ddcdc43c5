import { describe, expect, it } from 'vitest';
import { plural, shortTimestamp } from './format';

describe('format', () => {
  it('shortens server timestamps to the minute', () => {
    expect(shortTimestamp('2026-01-02 03:04:05.123456')).toBe('2026-01-02 03:04');
    expect(shortTimestamp('2026-01-02T03:04:05Z')).toBe('2026-01-02 03:04');
    expect(shortTimestamp('yesterday')).toBe('yesterday');
    expect(shortTimestamp(null)).toBe('');
  });

  it('pluralises counts', () => {
    expect(plural(1, 'row')).toBe('1 row');
    expect(plural(1200, 'row')).toBe('1,200 rows');
    expect(plural(0, 'match', 'matches')).toBe('0 matches');
  });
});
