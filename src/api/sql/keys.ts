export const sqlKeys = {
  all: ['sql'] as const,
  /** Column names of a table, for autocomplete. Names are compared case-insensitively, as the server does. */
  columns: (db: string, table: string) =>
    [...sqlKeys.all, 'columns', db.toLowerCase(), table.toLowerCase()] as const,
};
