import { describe, expect, it } from 'vitest';
import { parseStatement } from './parser';
import { SqlSyntaxError } from './tokenizer';

describe('knowledge-base statements', () => {
  it('reads the USING parameters after an INSERT ... SELECT, leaving a join USING in the query', () => {
    const s = parseStatement(
      'INSERT INTO kb SELECT a.id, a.body FROM files.a JOIN files.b USING (id) ' +
        "USING batch_size = 200, track_column = id, kb_no_upsert = true, threads = 4, error = 'skip';",
    );
    expect(s).toMatchObject({
      kind: 'insert',
      selectSql: 'SELECT a.id, a.body FROM files.a JOIN files.b USING (id)',
      params: { batch_size: 200, track_column: 'id', kb_no_upsert: true, threads: 4, error: 'skip' },
    });
    const plain = parseStatement('INSERT INTO kb SELECT id, body FROM files.docs WHERE id > 3');
    expect(plain).toMatchObject({ selectSql: 'SELECT id, body FROM files.docs WHERE id > 3' });
    expect((plain as { params?: unknown }).params).toBeUndefined();
    // A subquery's own text is not cut at a USING inside brackets.
    const sub = parseStatement(
      'INSERT INTO kb SELECT * FROM (SELECT x.id FROM files.x JOIN files.y USING (id)) t USING batch_size = 5',
    );
    expect(sub).toMatchObject({ params: { batch_size: 5 } });
    expect((sub as { selectSql: string }).selectSql).toMatch(/USING \(id\)\) t$/);
  });

  it('reads USING after VALUES', () => {
    expect(
      parseStatement("INSERT INTO kb (id, content) VALUES (1, 'a') USING kb_no_upsert = true"),
    ).toMatchObject({ rows: [[1, 'a']], params: { kb_no_upsert: true } });
  });

  it('reads UPDATE ... SET ... WHERE', () => {
    expect(
      parseStatement(`UPDATE proj.kb SET content = 'new text', metadata = {"a": 1} WHERE id = 7`),
    ).toMatchObject({
      kind: 'update',
      target: { parts: ['proj', 'kb'] },
      set: [
        { column: 'content', value: 'new text' },
        { column: 'metadata', value: { a: 1 } },
      ],
      where: { type: 'binary', op: '=' },
    });
    expect(() => parseStatement("UPDATE kb SET content = 'a', content = 'b'")).toThrow(/set twice/);
    expect(() => parseStatement('UPDATE kb WHERE id = 1')).toThrow(SqlSyntaxError);
  });

  it('reads CREATE INDEX ON KNOWLEDGE_BASE in both spellings', () => {
    expect(parseStatement('CREATE INDEX ON KNOWLEDGE_BASE my_kb;')).toEqual({
      kind: 'create_kb_index',
      name: { parts: ['my_kb'], offset: 31 },
      params: {},
    });
    expect(parseStatement('create index on knowledge base p.kb')).toMatchObject({
      name: { parts: ['p', 'kb'] },
    });
    expect(() => parseStatement('CREATE INDEX ON files.t')).toThrow(/KNOWLEDGE_BASE/);
  });
});
