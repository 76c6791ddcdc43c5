import { describe, expect, it } from 'vitest';
import { formatMoment, plural } from './format';

describe('format', () => {
  it('shows server timestamps (UTC) and browser times one way: the user’s locale and zone, to the minute', () => {
    expect(formatMoment('2026-01-02 03:04:05.123456', 'en-GB', 'UTC')).toBe('2 Jan 2026, 03:04');
    expect(formatMoment('2026-01-02 03:04:05.123456', 'de-DE', 'Europe/Berlin')).toBe('02.01.2026, 04:04');
    expect(formatMoment('2026-07-02 23:30:00', 'en-US', 'America/New_York')).toBe('Jul 2, 2026, 7:30 PM');
    expect(formatMoment('2026-01-02T03:04:05+02:00', 'en-GB', 'UTC')).toBe('2 Jan 2026, 01:04');
    expect(formatMoment(Date.UTC(2026, 0, 2, 3, 4, 5), 'en-GB', 'UTC')).toBe('2 Jan 2026, 03:04');
    expect(formatMoment('yesterday')).toBe('yesterday');
    expect(formatMoment(null)).toBe('');
  });

  it('pluralises counts', () => {
    expect(plural(1, 'row')).toBe('1 row');
    expect(plural(1200, 'row')).toBe('1,200 rows');
    expect(plural(0, 'match', 'matches')).toBe('0 matches');
  });
});
