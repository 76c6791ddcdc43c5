import type { QueryClient } from '@tanstack/react-query';
import { agentKeys } from '../../../api/agents/keys';
import { knowledgeBaseKeys } from '../../../api/knowledge-bases/keys';
import { sqlKeys } from '../../../api/sql/keys';
import { projectKeys, treeKeys } from '../../../api/tree/keys';
import { databasesQuery } from '../../../api/tree/queries';

/**
 * After a statement that may have changed objects (CREATE, DROP, INSERT...), refreshes what the console shows
 * of them: the object tree, lists, completion. The database list is read first, so that the contents of a
 * database that was just dropped are forgotten rather than asked for (which would only answer 404).
 */
export async function refreshSchema(queryClient: QueryClient): Promise<void> {
  const databases = await queryClient.fetchQuery({ ...databasesQuery(), staleTime: 0 }).catch(() => null);
  if (databases) {
    const names = new Set(databases.map((d) => d.name));
    const objectsPrefix = treeKeys.objects('').slice(0, -1);
    const isObjects = (key: readonly unknown[]) => objectsPrefix.every((part, i) => key[i] === part);
    queryClient.removeQueries({
      predicate: (q) => isObjects(q.queryKey) && !names.has(String(q.queryKey[objectsPrefix.length])),
    });
  }
  const keys = [treeKeys.all, sqlKeys.all, knowledgeBaseKeys.all, agentKeys.all, projectKeys.all];
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
