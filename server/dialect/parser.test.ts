import { describe, expect, it } from 'vitest';
import { parseStatement } from './parser';
import { SqlSyntaxError } from './tokenizer';

describe('parseStatement', () => {
  it('reads project statements, lowercasing unquoted names', () => {
    expect(parseStatement('CREATE PROJECT IF NOT EXISTS Sales;')).toEqual({
      kind: 'create_project',
      name: 'sales',
      ifNotExists: true,
    });
    expect(parseStatement('drop project `My Proj`')).toEqual({
      kind: 'drop_project',
      name: 'My Proj',
      ifExists: false,
    });
    expect(parseStatement('SHOW FULL TABLES FROM files')).toEqual({
      kind: 'show_tables',
      full: true,
      from: 'files',
    });
    expect(parseStatement('show databases')).toEqual({ kind: 'show_databases', full: false });
    expect(parseStatement('USE mindsdb')).toEqual({ kind: 'use', name: 'mindsdb' });
  });

  it('reads a knowledge base with a USING block, JSON values and both spellings', () => {
    const sql = `CREATE KNOWLEDGE BASE IF NOT EXISTS proj.kb USING
      embedding_model = {"provider": "openai", "model_name": "m", "api_key": "k;}"},
      reranking_model = false, metadata_columns = ['a', 'b'], content_columns = ['body'], id_column = 'id',
      preprocessing = {"text_chunking_config": {"chunk_size": 500, "chunk_overlap": 50}};`;
    const s = parseStatement(sql);
    expect(s).toMatchObject({
      kind: 'create_knowledge_base',
      ifNotExists: true,
      name: { parts: ['proj', 'kb'] },
      params: {
        embedding_model: { provider: 'openai', model_name: 'm', api_key: 'k;}' },
        reranking_model: false,
        metadata_columns: ['a', 'b'],
        content_columns: ['body'],
        id_column: 'id',
        preprocessing: { text_chunking_config: { chunk_size: 500, chunk_overlap: 50 } },
      },
    });
  });

  it('reads a knowledge base search into a simple select with its conditions', () => {
    const s = parseStatement(
      "SELECT * FROM kb WHERE content = 'how do refunds work' AND author IN ('ann', 'bo') AND relevance >= 0.3 LIMIT 5",
    );
    expect(s.kind).toBe('select');
    if (s.kind !== 'select') return;
    expect(s.simple?.from.parts).toEqual(['kb']);
    expect(s.simple?.limit).toBe(5);
    expect(s.simple?.where).toMatchObject({
      type: 'and',
      left: { type: 'and', left: { type: 'binary', op: '=' }, right: { type: 'in', values: [{}, {}] } },
      right: { type: 'binary', op: '>=', right: { type: 'literal', value: 0.3 } },
    });
  });

  it('leaves richer selects to the SQL engine as text', () => {
    const s = parseStatement('SELECT a, count(*) FROM files.t GROUP BY a;');
    expect(s).toEqual({
      kind: 'select',
      sql: 'SELECT a, count(*) FROM files.t GROUP BY a',
      simple: undefined,
    });
  });

  it('reads inserts from VALUES and from a SELECT, and deletes', () => {
    expect(parseStatement("INSERT INTO kb (id, content) VALUES ('a', 'x'), ('b', 'y')")).toMatchObject({
      kind: 'insert',
      columns: ['id', 'content'],
      rows: [
        ['a', 'x'],
        ['b', 'y'],
      ],
    });
    expect(parseStatement('INSERT INTO kb SELECT id, body FROM files.docs')).toMatchObject({
      kind: 'insert',
      selectSql: 'SELECT id, body FROM files.docs',
    });
    expect(parseStatement("DELETE FROM kb WHERE id = 'x'")).toMatchObject({
      kind: 'delete',
      where: { type: 'binary', op: '=', right: { value: 'x' } },
    });
  });

  it('reads agent statements', () => {
    expect(
      parseStatement(
        `CREATE AGENT a USING model = {"provider": "local"}, data = {"knowledge_bases": ["mindsdb.*"]}, prompt_template = 'hi'`,
      ),
    ).toMatchObject({
      kind: 'create_agent',
      params: { model: { provider: 'local' }, prompt_template: 'hi' },
    });
    expect(parseStatement('SHOW AGENTS')).toEqual({ kind: 'show_agents', from: undefined });
    expect(parseStatement('DROP AGENT IF EXISTS a')).toMatchObject({ kind: 'drop_agent', ifExists: true });
  });

  it('names the place of a syntax error', () => {
    const err = (() => {
      try {
        parseStatement('CREATE PROJECT\n  ;;');
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(SqlSyntaxError);
    expect((err as SqlSyntaxError).message).toContain("near ';'");
    expect((err as SqlSyntaxError).line).toBe(2);
    expect((err as SqlSyntaxError).column).toBe(3);
    expect(() => parseStatement("SELECT 'open")).toThrow(/Unterminated string/);
    expect(() => parseStatement('CREATE KNOWLEDGE_BASE kb USING x = {"a": 1')).toThrow(SqlSyntaxError);
    expect(() => parseStatement('')).toThrow(/empty/);
  });
});
