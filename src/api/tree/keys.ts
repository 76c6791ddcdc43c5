export const treeKeys = {
  all: ['tree'] as const,
  databases: () => [...treeKeys.all, 'databases'] as const,
  objects: (db: string) => [...treeKeys.all, 'objects', db] as const,
};
