export const treeKeys = {
  all: ['tree'] as const,
  databases: () => [...treeKeys.all, 'databases'] as const,
  objects: (db: string) => [...treeKeys.all, 'objects', db] as const,
};

/** The projects, for the header's switcher. Refreshed with the tree after DDL (see refreshSchema). */
export const projectKeys = {
  all: ['projects'] as const,
  list: () => [...projectKeys.all, 'list'] as const,
};
