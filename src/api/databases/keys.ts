export const databaseKeys = {
  all: ['databases'] as const,
  one: (name: string) => [...databaseKeys.all, 'one', name] as const,
};
