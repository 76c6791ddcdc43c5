import { expect, it } from 'vitest';
import { brokenSqlCorpus } from './broken-sql';

it('makes a deterministic corpus of well over 1,000 broken statements', () => {
  const corpus = brokenSqlCorpus();
  expect(corpus.length).toBeGreaterThanOrEqual(1000);
  expect(brokenSqlCorpus()).toEqual(corpus);
  expect(corpus).toContain('SHOW FULL TABLES FROM');
  expect(
    corpus.some((s) => s.includes('{') && (s.match(/\{/g) ?? []).length !== (s.match(/\}/g) ?? []).length),
  ).toBe(true);
});
