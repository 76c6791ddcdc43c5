import { describe, expect, it } from 'vitest';
import { objectLink } from './object-links';

describe('objectLink', () => {
  it('opens knowledge bases and agents on their pages', () => {
    expect(objectLink('sales', { name: 'docs kb', type: 'knowledge_base' }, 'mindsdb')).toBe(
      '/projects/sales/knowledge-bases/docs%20kb',
    );
    expect(objectLink('mindsdb', { name: 'helper', type: 'agent' }, 'mindsdb')).toBe(
      '/projects/mindsdb/agents/helper',
    );
  });

  it('previews a table in the worksheet of the current project, quoting odd names', () => {
    const link = objectLink('files', { name: 'My Data', type: 'table' }, 'sales');
    expect(link.startsWith('/projects/sales/worksheet?sql=')).toBe(true);
    expect(decodeURIComponent(link.split('sql=')[1])).toBe('SELECT * FROM files.`My Data` LIMIT 100;');
  });

  it("previews a connected database's table by its schema too", () => {
    const link = objectLink('shop', { name: 'leads', type: 'table', schema: 'sales' }, 'mindsdb');
    expect(decodeURIComponent(link.split('sql=')[1])).toBe('SELECT * FROM shop.sales.leads LIMIT 100;');
  });
});
