export const knowledgeBaseKeys = {
  all: ['knowledge-bases'] as const,
  list: (project: string) => [...knowledgeBaseKeys.all, project, 'list'] as const,
  detail: (project: string, name: string) => [...knowledgeBaseKeys.all, project, 'detail', name] as const,
  progress: (project: string, name: string) => [...knowledgeBaseKeys.all, project, 'progress', name] as const,
};
