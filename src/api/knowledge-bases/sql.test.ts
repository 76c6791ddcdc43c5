import { describe, expect, it } from 'vitest';
import { DEFAULT_SEARCH_OPTIONS } from './search-options';
import { insertFromTableSql, probeVectorsSql, searchSql } from './sql';

describe('searchSql', () => {
  it('builds the semantic search the panel shows', () => {
    expect(searchSql('mindsdb', 'docs', "how do refunds work? it's urgent")).toBe(
      "SELECT * FROM mindsdb.docs WHERE content = 'how do refunds work? it''s urgent' LIMIT 10",
    );
    expect(searchSql('my proj', 'kb', 'q', 3)).toBe("SELECT * FROM `my proj`.kb WHERE content = 'q' LIMIT 3");
  });

  it('adds the mode, alpha, relevance threshold and metadata filters as MindsDB conditions', () => {
    const base = DEFAULT_SEARCH_OPTIONS;
    expect(searchSql('p', 'kb', 'q', 5, { ...base, mode: 'semantic' })).toBe(
      "SELECT * FROM p.kb WHERE content = 'q' AND hybrid_search = false LIMIT 5",
    );
    expect(searchSql('p', 'kb', 'q', 5, { ...base, mode: 'hybrid', alpha: 0.7, minRelevance: 0.3 })).toBe(
      "SELECT * FROM p.kb WHERE content = 'q' AND hybrid_search = true AND hybrid_search_alpha = 0.7 AND relevance >= 0.3 LIMIT 5",
    );
    expect(
      searchSql('p', 'kb', 'q', 5, {
        ...base,
        mode: 'keyword',
        filters: [
          { column: 'author', op: '=', value: "o'neil" },
          { column: 'stars', op: '>', value: '3' },
          { column: '', op: '=', value: 'ignored' },
        ],
      }),
    ).toBe(
      "SELECT * FROM p.kb WHERE content = 'q' AND hybrid_search = true AND hybrid_search_alpha = 0 AND author = 'o''neil' AND stars > 3 LIMIT 5",
    );
  });
});

describe('probeVectorsSql', () => {
  it('asks for one row only', () => {
    expect(probeVectorsSql('p', 'kb')).toBe('SELECT id FROM p.kb LIMIT 1');
  });
});

describe('insertFromTableSql', () => {
  it('renames source columns to the KB columns they feed', () => {
    expect(
      insertFromTableSql('mindsdb', 'docs', { db: 'files', table: 'faq' }, [
        { source: 'qid', target: 'id' },
        { source: 'body', target: 'content' },
        { source: 'author', target: 'author' },
      ]),
    ).toBe('INSERT INTO mindsdb.docs SELECT qid AS id, body AS content, author FROM files.faq');
  });

  it('quotes unusual names and refuses an empty column list', () => {
    expect(
      insertFromTableSql('p', 'kb', { db: 'files', table: 'my file' }, [
        { source: 'the text', target: 'content' },
      ]),
    ).toBe('INSERT INTO p.kb SELECT `the text` AS content FROM files.`my file`');
    expect(() => insertFromTableSql('p', 'kb', { db: 'files', table: 't' }, [])).toThrow();
  });
});
