export const knowledgeBaseKeys = {
  all: ['knowledge-bases'] as const,
  list: (project: string) => [...knowledgeBaseKeys.all, project, 'list'] as const,
  /**
   * Everything the console caches about one KB starts with this key, so that one invalidation refreshes all of
   * it after a change to the KB (see refreshKnowledgeBase) and a delete forgets all of it.
   */
  one: (project: string, name: string) => [...knowledgeBaseKeys.all, project, 'one', name] as const,
  detail: (project: string, name: string) => [...knowledgeBaseKeys.one(project, name), 'detail'] as const,
  progress: (project: string, name: string) => [...knowledgeBaseKeys.one(project, name), 'progress'] as const,
  /** Whether the KB holds vectors yet: decides if its embedding model may still change. */
  vectors: (project: string, name: string) => [...knowledgeBaseKeys.one(project, name), 'vectors'] as const,
  /** Documents, chunks, last load and index (our server's status route). */
  status: (project: string, name: string) => [...knowledgeBaseKeys.one(project, name), 'status'] as const,
  /** What it holds, as the Contents tab lists it: a page of documents, or one document's chunks. */
  documents: (project: string, name: string, page: number, search: string) =>
    [...knowledgeBaseKeys.one(project, name), 'documents', page, search] as const,
  chunks: (project: string, name: string, id: string | number) =>
    [...knowledgeBaseKeys.one(project, name), 'chunks', id] as const,
  evaluations: (project: string, name: string) =>
    [...knowledgeBaseKeys.one(project, name), 'evaluations'] as const,
  searchDefaults: (project: string, name: string) =>
    [...knowledgeBaseKeys.one(project, name), 'search-defaults'] as const,
};
