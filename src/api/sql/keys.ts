export const sqlKeys = {
  all: ['sql'] as const,
  /** Column names of a table, for autocomplete. Names are compared case-insensitively, as the server does. */
  columns: (db: string, table: string) =>
    [...sqlKeys.all, 'columns', db.toLowerCase(), table.toLowerCase()] as const,
  /** The metadata columns of a knowledge base, which its searches can filter on. */
  kbMetadata: (db: string, kb: string) =>
    [...sqlKeys.all, 'kb-metadata', db.toLowerCase(), kb.toLowerCase()] as const,
};
