import { describe, expect, it } from 'vitest';
import { rowObject } from './row-object';

describe('rowObject', () => {
  it('keys a result row by its column names, in order, as own properties', () => {
    const row = rowObject(['id', 'content', 'year'], ['a1', 'text', 2024]);
    expect(row).toEqual({ id: 'a1', content: 'text', year: 2024 });
    expect(Object.keys(row)).toEqual(['id', 'content', 'year']);
  });

  it("keeps a column named __proto__ as a value, not as the row's prototype", () => {
    const row = rowObject(['__proto__', 'content'], [{ polluted: true }, 'text']);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect((row as { polluted?: boolean }).polluted).toBeUndefined();
    expect(Object.hasOwn(row, '__proto__')).toBe(true);
    expect(Object.keys(row)).toEqual(['__proto__', 'content']);
    expect(row).toEqual(
      Object.fromEntries([
        ['__proto__', { polluted: true }],
        ['content', 'text'],
      ]),
    );
  });
});
