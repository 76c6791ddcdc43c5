export const knowledgeBaseKeys = {
  all: ['knowledge-bases'] as const,
  list: (project: string) => [...knowledgeBaseKeys.all, project, 'list'] as const,
  detail: (project: string, name: string) => [...knowledgeBaseKeys.all, project, 'detail', name] as const,
  progress: (project: string, name: string) => [...knowledgeBaseKeys.all, project, 'progress', name] as const,
  /** Whether the KB holds vectors yet: decides if its embedding model may still change. */
  vectors: (project: string, name: string) => [...knowledgeBaseKeys.all, project, 'vectors', name] as const,
};
