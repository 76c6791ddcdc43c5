import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { EditorState } from '@uiw/react-codemirror';
import { describe, expect, it } from 'vitest';
import { keywordCompletionSource } from './keyword-completion';
import { MindsDBSQL } from './mindsdb-dialect';

/** Runs the source with the cursor where `|` is. */
async function complete(text: string): Promise<string[]> {
  const pos = text.indexOf('|');
  const doc = text.replace('|', '');
  const state = EditorState.create({ doc, extensions: [MindsDBSQL.language] });
  const result = (await keywordCompletionSource(
    new CompletionContext(state, pos, false),
  )) as CompletionResult;
  const typed = doc.slice(result?.from ?? pos, pos).toLowerCase();
  return (result?.options ?? [])
    .filter((o) => o.label.toLowerCase().startsWith(typed))
    .sort((a, b) => (b.boost ?? 0) - (a.boost ?? 0))
    .map((o) => o.label);
}

describe('keywordCompletionSource', () => {
  it("offers MindsDB's statements first where a statement starts", async () => {
    const create = await complete('cr|');
    expect(create.slice(0, 2)).toEqual(['CREATE KNOWLEDGE_BASE', 'CREATE AGENT']);
    expect(create.indexOf('CREATE INDEX ON KNOWLEDGE_BASE')).toBeLessThan(create.indexOf('CREATE VIEW'));
    expect(await complete('SELECT 1;\n-- next\nev|')).toEqual(['EVALUATE KNOWLEDGE_BASE']);
    expect((await complete('de|'))[0]).toBe('DESCRIBE KNOWLEDGE_BASE');
  });

  it('never offers rare MySQL keywords', async () => {
    const des = await complete('SELECT * FROM t ORDER BY a des|');
    expect(des).toContain('DESC');
    expect(des).not.toContain('DES_KEY_FILE');
    expect(await complete('SELECT * FROM t WHERE a zer|')).toEqual([]);
  });

  it("offers the query's words and MindsDB's parameters inside a statement", async () => {
    expect(await complete('SELECT * fr|')).toEqual(['FROM']);
    expect(await complete('CREATE KNOWLEDGE_BASE kb USING emb|')).toEqual(['EMBEDDING_MODEL']);
  });

  it('stays quiet inside strings and comments', async () => {
    expect(await complete("SELECT 'fr|'")).toEqual([]);
    expect(await complete('SELECT 1 -- fr|')).toEqual([]);
  });
});
