import { describe, expect, it } from 'vitest';
import { addPeriod, nextSlot, parseJobDate } from './schedule';

const at = (iso: string) => new Date(`${iso}Z`);

describe('job schedules', () => {
  it('adds calendar months, keeping to the last day of a shorter month', () => {
    expect(addPeriod(at('2030-01-31T10:00:00'), { count: 1, unit: 'month' })).toEqual(
      at('2030-02-28T10:00:00'),
    );
    expect(addPeriod(at('2030-11-15T00:00:00'), { count: 3, unit: 'month' })).toEqual(
      at('2031-02-15T00:00:00'),
    );
    expect(addPeriod(at('2030-01-01T00:00:00'), { count: 2, unit: 'week' })).toEqual(
      at('2030-01-15T00:00:00'),
    );
  });

  it('skips slots missed while the server was down, and ends after END or without EVERY', () => {
    const every = { count: 1, unit: 'hour' } as const;
    expect(nextSlot(at('2030-01-01T00:00:00'), at('2030-01-01T05:30:00'), every)).toEqual(
      at('2030-01-01T06:00:00'),
    );
    expect(
      nextSlot(at('2030-01-01T00:00:00'), at('2030-01-01T00:00:00'), every, at('2030-01-01T00:30:00')),
    ).toBe(undefined);
    expect(nextSlot(at('2030-01-01T00:00:00'), at('2030-01-01T00:00:00'))).toBeUndefined();
  });

  it('reads START and END as UTC dates or NOW, and names a bad one', () => {
    const now = at('2030-01-01T00:00:00');
    expect(parseJobDate('NOW', now, 'start_at')).toBe(now);
    expect(parseJobDate('2030-02-03 04:05:06', now, 'start_at')).toEqual(at('2030-02-03T04:05:06'));
    expect(() => parseJobDate('2030-13-45', now, 'end_at')).toThrow(/'2030-13-45' is not a date/);
  });
});
