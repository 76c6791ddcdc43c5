import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { knowledgeBaseKeys } from './keys';

/**
 * After a change to a KB (a load, an insert, an update or a delete of its rows, a change of its settings),
 * everything the console caches about it is read again: its status, its contents, whether it holds vectors.
 * Hidden tabs stay mounted, so without this the Contents tab would go on saying what the KB held when the page
 * opened. `fresh` names keys already up to date (the query asking, or an object just read back).
 */
export function refreshKnowledgeBase(
  client: QueryClient,
  project: string,
  name: string,
  fresh: readonly QueryKey[] = [],
): Promise<void> {
  const skip = new Set(fresh.map(hashKey));
  return client.invalidateQueries({
    queryKey: knowledgeBaseKeys.one(project, name),
    predicate: (query) => !skip.has(query.queryHash),
  });
}
