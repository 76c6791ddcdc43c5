import { describe, expect, it } from 'vitest';
import { insertFromTableSql, probeVectorsSql, searchSql } from './sql';

describe('searchSql', () => {
  it('builds the semantic search the panel shows', () => {
    expect(searchSql('mindsdb', 'docs', "how do refunds work? it's urgent")).toBe(
      "SELECT * FROM mindsdb.docs WHERE content = 'how do refunds work? it''s urgent' LIMIT 10",
    );
    expect(searchSql('my proj', 'kb', 'q', 3)).toBe("SELECT * FROM `my proj`.kb WHERE content = 'q' LIMIT 3");
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
