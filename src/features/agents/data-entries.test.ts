import { describe, expect, it } from 'vitest';
import { expandEntry, parseEntry, summarise } from './data-entries';

describe('data entries', () => {
  it('parses qualified names and wildcards', () => {
    expect(parseEntry('mindsdb.*')).toEqual({ db: 'mindsdb', name: '*', wildcard: true });
    expect(parseEntry('files.orders')).toEqual({ db: 'files', name: 'orders', wildcard: false });
    expect(parseEntry('orders')).toBeNull();
    expect(parseEntry('files.')).toBeNull();
  });

  it('expands a wildcard to every name, a plain entry to its match', () => {
    expect(expandEntry(parseEntry('mindsdb.*')!, ['docs', 'faq'])).toEqual(['docs', 'faq']);
    expect(expandEntry(parseEntry('mindsdb.Docs')!, ['docs', 'faq'])).toEqual(['docs']);
    expect(expandEntry(parseEntry('mindsdb.gone')!, ['docs'])).toEqual([]);
  });

  it('keeps long lists short', () => {
    expect(summarise(['a', 'b'])).toBe('a, b');
    expect(summarise(['a', 'b', 'c', 'd'], 2)).toBe('a, b and 2 more');
  });
});
