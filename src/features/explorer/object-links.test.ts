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

  it('previews a table in the worksheet of the current project, by the parts of its name', () => {
    const link = objectLink('files', { name: 'My Data', type: 'table' }, 'sales');
    expect(link).toBe('/projects/sales/worksheet?preview=files&preview=My%20Data');
  });

  it("previews a connected database's table by its schema too", () => {
    const link = objectLink('shop', { name: 'leads', type: 'table', schema: 'sales' }, 'mindsdb');
    expect(new URLSearchParams(link.split('?')[1]).getAll('preview')).toEqual(['shop', 'sales', 'leads']);
  });

  it("opens a project's views and jobs on their pages, and previews a data source's own views", () => {
    expect(objectLink('sales', { name: 'big', type: 'view' }, 'mindsdb', { inProject: true })).toBe(
      '/projects/sales/views/big',
    );
    expect(objectLink('sales', { name: 'nightly', type: 'job' }, 'mindsdb', { inProject: true })).toBe(
      '/projects/sales/jobs/nightly',
    );
    expect(objectLink('shop', { name: 'recent', type: 'view' }, 'mindsdb')).toBe(
      '/projects/mindsdb/worksheet?preview=shop&preview=recent',
    );
  });
});
