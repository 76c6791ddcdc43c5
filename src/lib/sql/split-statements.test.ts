import { describe, expect, it } from 'vitest';
import { shiftStatements, splitStatements, statementAt } from './split-statements';

const texts = (sql: string) => splitStatements(sql).map((s) => s.text);

describe('splitStatements', () => {
  it('splits at top-level semicolons and trims blank space', () => {
    expect(texts('SELECT 1;\n  SELECT 2 ;\n\nSELECT 3')).toEqual(['SELECT 1', 'SELECT 2', 'SELECT 3']);
  });

  it('locates each statement and its semicolon', () => {
    const sql = 'SELECT 1;  SELECT 2';
    expect(splitStatements(sql)).toEqual([
      { from: 0, to: 8, end: 9, text: 'SELECT 1' },
      { from: 11, to: 19, end: 19, text: 'SELECT 2' },
    ]);
  });

  it('drops empty statements and comment-only ones', () => {
    expect(texts(';;  -- nothing\n;/* still nothing */;SELECT 1;;')).toEqual(['SELECT 1']);
    expect(texts('')).toEqual([]);
  });

  it('ignores semicolons in single-quoted strings, with doubled quotes', () => {
    expect(texts("SELECT 'a;b', 'it''s; fine'; SELECT 2")).toEqual([
      "SELECT 'a;b', 'it''s; fine'",
      'SELECT 2',
    ]);
  });

  it('ignores semicolons in double-quoted and backquoted names, with doubled quotes', () => {
    expect(texts('SELECT "x;""y" FROM `t;``u`; SELECT 2')).toEqual([
      'SELECT "x;""y" FROM `t;``u`',
      'SELECT 2',
    ]);
  });

  it('reads backslash escapes in double-quoted JSON strings', () => {
    expect(texts('SELECT "a\\";b"; SELECT 2')).toEqual(['SELECT "a\\";b"', 'SELECT 2']);
  });

  it('does not treat a backslash in a single-quoted string as an escape', () => {
    expect(texts("SELECT 'C:\\'; SELECT 2")).toEqual(["SELECT 'C:\\'", 'SELECT 2']);
  });

  it('ignores semicolons in line and block comments', () => {
    const sql = 'SELECT 1 -- one; two\n, 2 /* three; */ FROM t; SELECT 3';
    expect(texts(sql)).toEqual(['SELECT 1 -- one; two\n, 2 /* three; */ FROM t', 'SELECT 3']);
  });

  it('keeps a comment before a statement out of it', () => {
    const [s] = splitStatements('-- list them\n/* all */ SHOW TABLES;');
    expect(s.text).toBe('SHOW TABLES');
    expect(s.from).toBe(23);
  });

  it('keeps USING {...} blocks whole, semicolons inside braces and their strings included', () => {
    const sql = [
      'CREATE KNOWLEDGE_BASE kb USING',
      '  embedding_model = {"provider": "openai", "api_key": "a;b", "opts": {"sep": ";"}},',
      "  preprocessing = {chunk: {sep: ';'}; x: 1};",
      'SELECT * FROM kb',
    ].join('\n');
    const out = texts(sql);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatch(/^CREATE KNOWLEDGE_BASE kb USING[\s\S]*x: 1}$/);
    expect(out[1]).toBe('SELECT * FROM kb');
  });

  it('does not let a closing brace inside a string end the block', () => {
    expect(texts('CREATE AGENT a USING data = {"x": "}; DROP"}; SELECT 1')).toEqual([
      'CREATE AGENT a USING data = {"x": "}; DROP"}',
      'SELECT 1',
    ]);
  });

  it('recovers from a stray closing brace', () => {
    expect(texts('SELECT } ; SELECT 2')).toEqual(['SELECT }', 'SELECT 2']);
  });

  it('keeps an unterminated string to the end, as the server would read it', () => {
    expect(texts("SELECT 'open; SELECT 2")).toEqual(["SELECT 'open; SELECT 2"]);
  });

  it('reads dollar-quoted strings', () => {
    expect(texts('SELECT $$a;b$$, $t$c;$$d$t$; SELECT 2')).toEqual([
      'SELECT $$a;b$$, $t$c;$$d$t$',
      'SELECT 2',
    ]);
  });

  it('shifts statements found in a selection back to document offsets', () => {
    const [s] = shiftStatements(splitStatements('SELECT 1;'), 10);
    expect(s).toMatchObject({ from: 10, to: 18, end: 19 });
  });
});

describe('statementAt', () => {
  const sql = 'SELECT 1;\n\n\nSELECT 2;\nSELECT 3';
  const all = splitStatements(sql);
  const at = (pos: number) => statementAt(sql, all, pos)?.text;

  it('picks the statement the cursor is in', () => {
    expect(at(0)).toBe('SELECT 1');
    expect(at(4)).toBe('SELECT 1');
    expect(at(sql.length)).toBe('SELECT 3');
  });

  it('picks the statement whose semicolon is just before the cursor', () => {
    expect(at(9)).toBe('SELECT 1');
    expect(at(sql.indexOf('SELECT 2;') + 9)).toBe('SELECT 2');
  });

  it('picks the nearer statement by lines between statements, the previous one on a tie', () => {
    expect(at(10)).toBe('SELECT 1'); // line right after `SELECT 1;`
    expect(at(11)).toBe('SELECT 2'); // line right before `SELECT 2`
  });

  it('picks the first statement when the cursor is before everything', () => {
    const s = '\n\nSELECT 1;';
    expect(statementAt(s, splitStatements(s), 0)?.text).toBe('SELECT 1');
  });

  it('picks the last statement when the cursor is after everything', () => {
    const s = 'SELECT 1;\n\n-- done\n';
    expect(statementAt(s, splitStatements(s), s.length)?.text).toBe('SELECT 1');
  });

  it('returns nothing for an empty worksheet', () => {
    expect(statementAt('  ', [], 1)).toBeUndefined();
  });
});
