import { describe, expect, it } from 'vitest';
import { CopyBudget } from './copy-budget';

/** A budget of 100 bytes on a clock the test moves. */
function budgetAt() {
  const clock = { ms: 0 };
  const budget = new CopyBudget(100, () => clock.ms);
  const search = (name: string, times = 1) => {
    for (let i = 0; i < times; i++) budget.touch(name);
  };
  return { clock, budget, search };
}

describe('CopyBudget', () => {
  it('fits bytes beside the copies without pushing any out while there is room', () => {
    const { budget, search } = budgetAt();
    search('a');
    expect(budget.room(new Map([['b', 40]]), 60, { admitting: 'a' })).toEqual({ fits: true, evict: [] });
  });

  it('refuses more than the whole budget as too large, whatever is loaded', () => {
    const { budget } = budgetAt();
    expect(budget.room(new Map(), 101, { admitting: 'a' })).toEqual({ fits: false, reason: 'too_large' });
  });

  it('keeps a copy searched as often as the table that wants its room', () => {
    const { budget, search } = budgetAt();
    search('a', 3);
    search('b', 3);
    expect(budget.room(new Map([['a', 70]]), 70, { admitting: 'b' })).toEqual({
      fits: false,
      reason: 'no_room',
    });
    search('b', 2); // 5 against 3: not yet twice as often
    expect(budget.room(new Map([['a', 70]]), 70, { admitting: 'b' }).fits).toBe(false);
    search('b', 2); // 7 against 3
    expect(budget.room(new Map([['a', 70]]), 70, { admitting: 'b' })).toEqual({ fits: true, evict: ['a'] });
  });

  it('lets a copy nobody searched for minutes go for a table searched once now', () => {
    const { clock, budget, search } = budgetAt();
    search('a', 10);
    clock.ms = 60_000;
    expect(budget.heatOf('a')).toBeCloseTo(5);
    search('b');
    expect(budget.room(new Map([['a', 70]]), 70, { admitting: 'b' }).fits).toBe(false);
    clock.ms = 5 * 60_000; // a's ten searches now count 0.31
    search('b');
    expect(budget.room(new Map([['a', 70]]), 70, { admitting: 'b' })).toEqual({ fits: true, evict: ['a'] });
  });

  it('pushes out the coolest copies first, and only as many as the bytes need', () => {
    const { budget, search } = budgetAt();
    search('hot', 4);
    search('warm', 2);
    search('new', 20);
    const copies = new Map([
      ['hot', 30],
      ['cold', 30],
      ['warm', 30],
    ]);
    expect(budget.room(copies, 50, { admitting: 'new' })).toEqual({ fits: true, evict: ['cold', 'warm'] });
  });

  it('makes room for a loaded copy that grew, whatever the heat of the others, never pushing out itself', () => {
    const { budget, search } = budgetAt();
    search('other', 50);
    const copies = new Map([
      ['grown', 60],
      ['other', 30],
    ]);
    expect(budget.room(copies, 20, { keep: 'grown' })).toEqual({ fits: true, evict: ['other'] });
    expect(budget.room(new Map([['grown', 90]]), 20, { keep: 'grown' })).toEqual({
      fits: false,
      reason: 'too_large',
    });
  });

  it('forgets a dropped table', () => {
    const { budget, search } = budgetAt();
    search('a', 5);
    budget.forget('a');
    expect(budget.heatOf('a')).toBe(0);
  });
});
