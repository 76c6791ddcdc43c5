import { describe, expect, it } from 'vitest';
import { parseStatement } from '../dialect/parser';
import { searchFromWhere } from './kb-where';

function whereOf(sql: string) {
  const s = parseStatement(sql);
  if (s.kind !== 'select' || !s.simple) throw new Error('not a simple select');
  return s.simple.where;
}
const search = (where: string) => searchFromWhere(whereOf(`SELECT * FROM kb WHERE ${where}`));

describe('searchFromWhere', () => {
  it('takes the semantic query, metadata filters and the relevance threshold', () => {
    expect(search("content = 'how do refunds work' AND author = 'ann' AND relevance >= 0.3")).toEqual({
      query: 'how do refunds work',
      relevanceThreshold: 0.3,
      filters: [{ column: 'author', op: '=', value: 'ann' }],
    });
  });

  it('reads LIKE on content as the query and mirrored comparisons as filters', () => {
    expect(search("content LIKE '%refund policy%' AND 2020 < year")).toEqual({
      query: 'refund policy',
      filters: [{ column: 'year', op: '>', value: 2020 }],
    });
  });

  it('turns IN, LIKE, BETWEEN, IS NULL, OR and NOT into filters', () => {
    expect(
      search(
        "id IN ('a', 'b') AND author LIKE 'a%' AND year BETWEEN 2000 AND 2010 AND tag IS NOT NULL " +
          "AND (lang = 'en' OR NOT lang = 'de')",
      ).filters,
    ).toEqual([
      { column: 'id', op: 'in', value: ['a', 'b'] },
      { column: 'author', op: 'like', value: 'a%' },
      { column: 'year', op: 'between', value: [2000, 2010] },
      { column: 'tag', op: 'is not null' },
      { or: [{ column: 'lang', op: '=', value: 'en' }, { not: { column: 'lang', op: '=', value: 'de' } }] },
    ]);
  });

  it('reads the search options', () => {
    expect(
      search("content = 'q' AND hybrid_search = true AND hybrid_search_alpha = 0.7 AND reranking = false"),
    ).toEqual({
      query: 'q',
      hybrid: true,
      hybridAlpha: 0.7,
      rerank: false,
    });
    expect(search("content = 'q' AND relevance_threshold = 0.5").relevanceThreshold).toBe(0.5);
  });

  it('refuses steering columns where they cannot steer, and other misuse', () => {
    expect(() => search("content = 'a' OR author = 'b'")).toThrow(
      /'content' can only be used as a top-level AND/,
    );
    expect(() => search("content = 'a' AND content = 'b'")).toThrow(/Only one content condition/);
    expect(() => search('relevance < 0.2')).toThrow(/relevance >= x/);
    expect(() => search("hybrid_search = 'maybe'")).toThrow(/true or false/);
    expect(() => search('author = year')).toThrow(/compared with a value/);
  });

  it('gives an empty search without WHERE', () => {
    expect(searchFromWhere(undefined)).toEqual({});
  });
});
