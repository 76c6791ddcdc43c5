import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { knowledgeBaseKeys } from '../../../api/knowledge-bases/keys';
import { sqlKeys } from '../../../api/sql/keys';
import { treeKeys } from '../../../api/tree/keys';
import { fakeFetch } from '../../../testing/fake-fetch';
import { refreshSchema } from './refresh-schema';

describe('refreshSchema', () => {
  it('forgets the objects of dropped databases and marks the rest stale', async () => {
    const api = fakeFetch((req) =>
      req.path === '/api/tree/'
        ? {
            json: [
              { name: 'mindsdb', type: 'project' },
              { name: 'files', type: 'data' },
            ],
          }
        : undefined,
    );
    const client = new QueryClient();
    client.setQueryData(treeKeys.objects('mindsdb'), [{ name: 'kb' }]);
    client.setQueryData(treeKeys.objects('doomed'), [{ name: 'old' }]);
    client.setQueryData(sqlKeys.columns('files', 'orders'), ['id']);
    // An INSERT, UPDATE or DELETE on a KB changes what its Contents tab lists.
    const contents = knowledgeBaseKeys.documents('mindsdb', 'kb', 0, '');
    client.setQueryData(contents, { documents: [], more: false });
    await refreshSchema(client);
    expect(client.getQueryState(contents)?.isInvalidated).toBe(true);
    expect(api.sent('GET', '/api/tree/')).toHaveLength(1);
    expect(client.getQueryState(treeKeys.objects('doomed'))).toBeUndefined();
    expect(client.getQueryState(treeKeys.objects('mindsdb'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(sqlKeys.columns('files', 'orders'))?.isInvalidated).toBe(true);
  });

  it('still marks everything stale when the database list cannot be read', async () => {
    fakeFetch(() => ({ status: 503, json: { title: 'Service Unavailable' } }));
    const client = new QueryClient();
    client.setQueryData(treeKeys.objects('mindsdb'), []);
    await refreshSchema(client);
    expect(client.getQueryState(treeKeys.objects('mindsdb'))?.isInvalidated).toBe(true);
  });
});
