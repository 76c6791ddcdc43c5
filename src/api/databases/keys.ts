export const databaseKeys = {
  all: ['databases'] as const,
  one: (name: string) => [...databaseKeys.all, 'one', name] as const,
  /** A source's schemas and tables, as `GET /api/databases/{db}/tables` lists them. */
  tables: (name: string) => [...databaseKeys.all, 'tables', name] as const,
  /** What names a source in any project: agents, views, jobs (and the KBs those jobs load). */
  dependents: (name: string) => [...databaseKeys.all, 'dependents', name] as const,
};
