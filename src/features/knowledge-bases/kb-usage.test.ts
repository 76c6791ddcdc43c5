import { describe, expect, it } from 'vitest';
import { agentsUsingKb, entrySelects } from './kb-usage';

describe('which agents use a KB', () => {
  it('matches full names, the project wildcard and bare names', () => {
    expect(entrySelects('mindsdb.docs', 'mindsdb', 'docs')).toBe(true);
    expect(entrySelects('MindsDB.*', 'mindsdb', 'docs')).toBe(true);
    expect(entrySelects('docs', 'mindsdb', 'docs')).toBe(true);
    expect(entrySelects('other.*', 'mindsdb', 'docs')).toBe(false);
    expect(entrySelects('mindsdb.docs2', 'mindsdb', 'docs')).toBe(false);
  });

  it('lists each agent once with the entry that selects the KB', () => {
    const agents = [
      { id: 1, name: 'support', data: { knowledge_bases: ['mindsdb.faq', 'mindsdb.*'] } },
      { id: 2, name: 'sales', data: { knowledge_bases: ['sales.docs'] } },
      { id: 3, name: 'bare', data: null },
      { id: 4, name: 'direct', data: { knowledge_bases: ['mindsdb.docs'], tables: ['files.*'] } },
    ];
    expect(agentsUsingKb(agents, 'mindsdb', 'docs')).toEqual([
      { agent: 'support', via: 'mindsdb.*' },
      { agent: 'direct', via: 'mindsdb.docs' },
    ]);
  });
});
