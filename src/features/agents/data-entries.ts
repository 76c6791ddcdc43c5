/** An entry of an agent's `data`: `<database>.<name>`, where the name `*` means everything in the database. */
export interface DataEntry {
  db: string;
  name: string;
  wildcard: boolean;
}

export function parseEntry(entry: string): DataEntry | null {
  const dot = entry.indexOf('.');
  if (dot <= 0 || dot === entry.length - 1) return null;
  const name = entry.slice(dot + 1);
  return { db: entry.slice(0, dot), name, wildcard: name === '*' };
}

export const entryOf = (db: string, name: string) => `${db}.${name}`;

/** What an entry selects among the names a database holds now (names compare case-insensitively). */
export function expandEntry(entry: DataEntry, names: string[]): string[] {
  if (entry.wildcard) return names;
  return names.filter((n) => n.toLowerCase() === entry.name.toLowerCase());
}

/** "a, b, c and 4 more": a long expansion stays one line. */
export function summarise(names: string[], max = 6): string {
  if (names.length <= max) return names.join(', ');
  return `${names.slice(0, max).join(', ')} and ${names.length - max} more`;
}
