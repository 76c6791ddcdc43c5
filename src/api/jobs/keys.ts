export const jobKeys = {
  all: ['jobs'] as const,
  list: (project: string) => [...jobKeys.all, project, 'list'] as const,
  detail: (project: string, name: string) => [...jobKeys.all, project, 'detail', name] as const,
  history: (project: string, name: string) => [...jobKeys.all, project, 'history', name] as const,
};
