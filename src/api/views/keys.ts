export const viewKeys = {
  all: ['views'] as const,
  list: (project: string) => [...viewKeys.all, project, 'list'] as const,
  detail: (project: string, name: string) => [...viewKeys.all, project, 'detail', name] as const,
  rows: (project: string, name: string) => [...viewKeys.all, project, 'rows', name] as const,
};
