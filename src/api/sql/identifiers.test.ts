import { describe, expect, it } from 'vitest';
import { quoteIdentifier } from './identifiers';

describe('quoteIdentifier', () => {
  it('leaves plain names bare and backquotes the rest', () => {
    expect(quoteIdentifier('orders_2024')).toBe('orders_2024');
    expect(quoteIdentifier('my table')).toBe('`my table`');
    expect(quoteIdentifier('2024')).toBe('`2024`');
    expect(quoteIdentifier('a`b')).toBe('`a``b`');
  });
});
