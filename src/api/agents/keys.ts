export const agentKeys = {
  all: ['agents'] as const,
  list: (project: string) => [...agentKeys.all, project, 'list'] as const,
  detail: (project: string, name: string) => [...agentKeys.all, project, 'detail', name] as const,
};
