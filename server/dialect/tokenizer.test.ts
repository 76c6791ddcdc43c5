import { describe, expect, it } from 'vitest';
import { SqlSyntaxError, tokenize } from './tokenizer';

describe('tokenize', () => {
  it('reads a statement into tokens with their places, ending with eof', () => {
    const tokens = tokenize("SELECT *\nFROM kb WHERE content = 'it''s'");
    expect(tokens.map((t) => [t.kind, t.value])).toEqual([
      ['ident', 'SELECT'],
      ['op', '*'],
      ['ident', 'FROM'],
      ['ident', 'kb'],
      ['ident', 'WHERE'],
      ['ident', 'content'],
      ['op', '='],
      ['string', "it's"],
      ['eof', ''],
    ]);
    expect(tokens[2]).toMatchObject({ offset: 9, line: 2, column: 1 });
  });

  it('reads a statement it has just read from memory, frozen so that no pass can change it for the next', () => {
    const sql = `SELECT chunk_content FROM kb_${Date.now()} WHERE content = 'battery life' LIMIT 10`;
    const first = tokenize(sql);
    expect(tokenize(sql)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first[0])).toBe(true);
    expect(() => ((first as unknown as { value: string }[])[0].value = 'DROP')).toThrow(TypeError);
    expect(tokenize(sql)[0].value).toBe('SELECT');
  });

  it('reads a long statement afresh each time (it is not kept) and keeps a syntax error an error', () => {
    const long = `SELECT ${Array.from({ length: 2000 }, (_, i) => `c${i}`).join(', ')} FROM t`;
    expect(tokenize(long)).not.toBe(tokenize(long));
    expect(tokenize(long)).toHaveLength(2000 * 2 - 1 + 4);
    expect(() => tokenize("SELECT 'unterminated")).toThrow(SqlSyntaxError);
    expect(() => tokenize("SELECT 'unterminated")).toThrow(/Unterminated string/);
  });
});
