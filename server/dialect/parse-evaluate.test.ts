import { describe, expect, it } from 'vitest';
import { parseStatement } from './parser';

describe('EVALUATE KNOWLEDGE_BASE', () => {
  it('reads table names, strings, objects and booleans in USING', () => {
    const s = parseStatement(
      `EVALUATE KNOWLEDGE_BASE my_proj.Kb USING test_table = files.qa, version = 'doc_id',
       generate_data = {'count': 5}, evaluate = true, save_to = files.Results;`,
    );
    expect(s).toMatchObject({
      kind: 'evaluate_knowledge_base',
      name: { parts: ['my_proj', 'kb'] },
      params: {
        test_table: 'files.qa',
        version: 'doc_id',
        generate_data: { count: 5 },
        evaluate: true,
        save_to: 'files.results',
      },
    });
  });

  it('accepts KNOWLEDGE BASE in two words and no USING block', () => {
    expect(parseStatement('evaluate knowledge base kb')).toMatchObject({
      name: { parts: ['kb'] },
      params: {},
    });
  });

  it('names what is wrong', () => {
    expect(() => parseStatement('EVALUATE kb USING test_table = files.qa')).toThrow(/KNOWLEDGE_BASE/);
    expect(() => parseStatement('EVALUATE KNOWLEDGE_BASE kb USING version = 1, version = 2')).toThrow(
      /'version' is given twice/,
    );
    expect(() => parseStatement('EVALUATE KNOWLEDGE_BASE kb USING test_table = files.qa extra')).toThrow(
      /unexpected text/,
    );
  });
});
