import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { treeKeys } from '../../../api/tree/keys';
import { refreshSchema } from './refresh-schema';

const apiRequest = vi.fn();
vi.mock('../../../api/client', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));

describe('refreshSchema', () => {
  it('forgets the objects of dropped databases and marks the rest stale', async () => {
    apiRequest.mockResolvedValue([{ name: 'mindsdb' }, { name: 'files' }]);
    const client = new QueryClient();
    client.setQueryData(treeKeys.objects('mindsdb'), [{ name: 'kb' }]);
    client.setQueryData(treeKeys.objects('doomed'), [{ name: 'old' }]);
    client.setQueryData(['sql', 'columns', 'files', 'orders'], ['id']);
    await refreshSchema(client);
    expect(apiRequest).toHaveBeenCalledWith('/api/tree/', expect.anything());
    expect(client.getQueryState(treeKeys.objects('doomed'))).toBeUndefined();
    expect(client.getQueryState(treeKeys.objects('mindsdb'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(['sql', 'columns', 'files', 'orders'])?.isInvalidated).toBe(true);
  });

  it('still marks everything stale when the database list cannot be read', async () => {
    apiRequest.mockRejectedValue(new Error('down'));
    const client = new QueryClient();
    client.setQueryData(treeKeys.objects('mindsdb'), []);
    await refreshSchema(client);
    expect(client.getQueryState(treeKeys.objects('mindsdb'))?.isInvalidated).toBe(true);
  });
});
